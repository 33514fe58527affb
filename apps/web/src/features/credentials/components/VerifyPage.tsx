import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { QueryClientProvider } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AppButton } from '../../../components/AppButton';
import { AuthLayout } from '../../../components/AuthLayout';
import { useMessage } from '../../../i18n/use-message';
import { getAuthToken } from '../../../lib/auth-storage';
import { queryClient } from '../../../lib/query-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useVerifyCredential } from '../api/verify-credential';
import { parseCredentialInput } from './credential-input';
import { CredentialFacts } from './CredentialFacts';
import { VerificationResult } from './VerificationResult';

/**
 * `/verify`, public: anyone checks a credential by pasting it (JSON), uploading its file, or
 * opening a holder's share link (`#share=`); its holder may also give its CID (`?cid=`).
 */
export function VerifyPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <VerifyForm />
    </QueryClientProvider>
  );
}

function VerifyForm() {
  const { t } = useTranslation();
  const message = useMessage();
  useDocumentTitle(t('verify.title'));
  const [params] = useSearchParams();
  const [input, setInput] = useState(() => params.get('cid') ?? '');
  const [problem, setProblem] = useState<string>();
  const verify = useVerifyCredential();

  const run = (text: string) => {
    const parsed = parseCredentialInput(text);
    if ('problem' in parsed) {
      setProblem(
        parsed.problem === 'empty'
          ? t('verify.empty')
          : parsed.problem === 'invalidJson'
            ? t('verify.invalidJson')
            : t('messages.credentialNotAnObject'),
      );
      verify.reset();
      return;
    }
    setProblem(undefined);
    verify.mutate(parsed.request);
  };

  // A link with ?cid= (the credential dialog), or ?share= (share links issued before ADR 50), is
  // checked straight away, once.
  const { mutate } = verify;
  const linked = useRef({ share: params.get('share'), cid: params.get('cid') });
  useEffect(() => {
    const { share, cid } = linked.current;
    linked.current = { share: null, cid: null };
    if (share) mutate({ share });
    else if (cid?.trim()) mutate({ cid: cid.trim() });
  }, [mutate]);

  // A share link keeps its secret in the fragment (#share=), which no server sees. It is checked
  // as soon as it arrives, also on a page already open, then taken out of the address bar.
  const { hash, pathname, search } = useLocation();
  const navigate = useNavigate();
  const shared = new URLSearchParams(hash.slice(1)).get('share');
  const checked = useRef<string | null>(null);
  useEffect(() => {
    if (checked.current === shared) return;
    checked.current = shared;
    if (!shared) return;
    mutate({ share: shared });
    void navigate(`${pathname}${search}`, { replace: true });
  }, [shared, mutate, navigate, pathname, search]);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    const text = await file.text();
    setInput(text);
    run(text);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    run(input);
  };

  const credential = verify.data?.credential;

  return (
    <AuthLayout
      title={t('verify.title')}
      subtitle={t('verify.subtitle')}
      visualTitle={t('verify.visualTitle')}
      visualSubtitle={t('verify.visualSubtitle')}
    >
      <Stack sx={{ gap: 3 }}>
        <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('verify.title')}>
          <Stack sx={{ gap: 2 }}>
            <TextField
              label={t('verify.input')}
              placeholder={t('verify.placeholder')}
              value={input}
              onChange={(event) => setInput(event.target.value)}
              multiline
              minRows={4}
              maxRows={12}
              error={!!problem}
              helperText={problem ?? t('verify.inputHint')}
              slotProps={{
                htmlInput: {
                  dir: 'ltr',
                  spellCheck: false,
                  style: { fontFamily: 'ui-monospace, monospace', fontSize: 13 },
                },
              }}
            />
            <Button component="label" variant="outlined" startIcon={<UploadFileOutlined />}>
              {t('verify.upload')}
              <input
                hidden
                type="file"
                accept="application/json,.json,.jsonld"
                data-testid="verify-upload"
                onChange={(event) => void upload(event.target.files?.[0])}
              />
            </Button>
            <AppButton type="submit" size="lg" loading={verify.isPending} fullWidth>
              {t('verify.submit')}
            </AppButton>
          </Stack>
        </Box>
        {verify.isError && <Alert severity="error">{message(verify.error.message)}</Alert>}
        {verify.data && (
          <Stack sx={{ gap: 3 }} aria-live="polite">
            <VerificationResult result={verify.data} />
            {credential && <CredentialFacts credential={credential} links={verify.data.explorerLinks} />}
          </Stack>
        )}
        <Box sx={{ textAlign: 'center' }}>
          <Link component={RouterLink} to={getAuthToken() ? '/dashboard' : '/login'} underline="hover">
            {getAuthToken() ? t('verify.toDashboard') : t('verify.signIn')}
          </Link>
        </Box>
      </Stack>
    </AuthLayout>
  );
}
