import ArrowForward from '@mui/icons-material/ArrowForward';
import FingerprintOutlined from '@mui/icons-material/FingerprintOutlined';
import TokenOutlined from '@mui/icons-material/TokenOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppButton } from '../../../components/AppButton';
import { CopyButton } from '../../../components/CopyButton';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { useNotify } from '../../../components/Notifier';
import { useMessage } from '../../../i18n/use-message';
import { tabHref } from '../../../lib/dashboard-paths';
import { useDid } from '../api/get-did';
import { useDidDocument } from '../api/resolve-did';
import { useStartDid } from '../api/start-did';
import { useSbts } from '../../sbt';

const mono = { fontFamily: 'ui-monospace, monospace', wordBreak: 'break-all' } as const;

/** docs/product.md §2.6: the DID when there is one, else 'Start your Decentralized Identity'. */
export function DidTab() {
  const { t } = useTranslation();
  const did = useDid();
  // Held here, not in StartDid: that panel is gone as soon as the DID arrives, before the notice.
  const start = useStartDid();
  return (
    <>
      <PageHeader title={t('nav.did')} subtitle={t('did.subtitle')} />
      {did.isPending ? (
        <Skeleton variant="rounded" height={220} />
      ) : did.data ? (
        <DidDetails did={did.data.did} />
      ) : (
        <StartDid start={start} />
      )}
    </>
  );
}

function StartDid({ start }: { start: ReturnType<typeof useStartDid> }) {
  const { t } = useTranslation();
  const message = useMessage();
  const notify = useNotify();
  return (
    <Card>
      <EmptyState
        icon={<FingerprintOutlined />}
        title={t('did.startTitle')}
        description={t('did.startDescription')}
        action={
          <AppButton
            size="lg"
            loading={start.isPending}
            onClick={() =>
              start.mutate(undefined, {
                onSuccess: (data) => notify(message(data.message) ?? t('messages.didGenerated')),
                // docs/product.md §8: a failed start shows the message it got.
                onError: (error) => notify(message(error.message) ?? error.message, 'error'),
              })
            }
          >
            {t('did.start')}
          </AppButton>
        }
      />
    </Card>
  );
}

function DidDetails({ did }: { did: string }) {
  const { t } = useTranslation();
  const sbts = useSbts();
  const message = useMessage();
  const [showDocument, setShowDocument] = useState(false);
  const didDocument = useDidDocument(showDocument ? did : undefined);
  return (
    <Stack sx={{ gap: 3 }}>
      <Card>
        <CardContent sx={{ padding: { xs: 2.5, sm: 3 } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, marginBlockEnd: 2 }}>
            <Box
              sx={{
                display: 'grid',
                placeItems: 'center',
                width: 44,
                height: 44,
                borderRadius: 2.5,
                bgcolor: 'action.hover',
                color: 'primary.main',
              }}
            >
              <FingerprintOutlined />
            </Box>
            <Typography variant="h6" component="h3" sx={{ flex: 1 }}>
              {t('did.yours')}
            </Typography>
            <Chip size="small" color="success" label={t('did.active')} />
          </Box>
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              paddingBlock: 1.5,
              paddingInline: 2,
              borderRadius: 2,
              bgcolor: 'action.hover',
            }}
          >
            <Typography dir="ltr" data-testid="did-value" sx={{ ...mono, flex: 1, fontSize: 14 }}>
              {did}
            </Typography>
            <CopyButton value={did} label={t('did.copy')} />
          </Box>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' },
              gap: 2,
              marginBlock: 2.5,
              '& dt': { color: 'text.secondary', fontSize: 13, fontWeight: 550 },
              '& dd': { margin: 0, fontWeight: 600 },
            }}
          >
            <div>
              <dt>{t('did.method')}</dt>
              <dd>
                <span dir="ltr">did:key</span>
              </dd>
            </div>
            <div>
              <dt>{t('did.keyType')}</dt>
              <dd>
                <span dir="ltr">Ed25519</span>
              </dd>
            </div>
          </Box>
          <Typography variant="body2" sx={{ color: 'text.secondary', marginBlockEnd: 1.5 }}>
            {t('did.documentHint')}
          </Typography>
          <AppButton variant="outline" size="sm" onClick={() => setShowDocument((shown) => !shown)}>
            {showDocument ? t('did.hideDocument') : t('did.showDocument')}
          </AppButton>
          <Collapse in={showDocument} unmountOnExit>
            <Box sx={{ marginBlockStart: 2 }}>
              {didDocument.isError ? (
                <Alert severity="error">{message(didDocument.error.message)}</Alert>
              ) : didDocument.data ? (
                <Box
                  component="pre"
                  dir="ltr"
                  aria-label={t('did.document')}
                  sx={{
                    ...mono,
                    whiteSpace: 'pre-wrap',
                    fontSize: 12.5,
                    margin: 0,
                    padding: 2,
                    borderRadius: 2,
                    bgcolor: 'action.hover',
                    maxHeight: 320,
                    overflow: 'auto',
                  }}
                >
                  {JSON.stringify(didDocument.data, null, 2)}
                </Box>
              ) : (
                <Skeleton variant="rounded" height={160} />
              )}
            </Box>
          </Collapse>
        </CardContent>
      </Card>
      {/* Only while there is no SBT yet: once minted, there is no next step to offer. */}
      {sbts.data?.length === 0 && (
        <Card>
          <CardContent
            sx={{
              display: 'flex',
              alignItems: { xs: 'flex-start', sm: 'center' },
              flexDirection: { xs: 'column', sm: 'row' },
              gap: 2,
              padding: { xs: 2.5, sm: 3 },
            }}
          >
            <TokenOutlined color="primary" />
            <Box sx={{ flex: 1 }}>
              <Typography sx={{ fontWeight: 650 }}>{t('did.nextTitle')}</Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('did.nextDescription')}
              </Typography>
            </Box>
            <AppButton
              variant="outline"
              to={tabHref('sbt')}
              endIcon={
                <ArrowForward
                  sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none') }}
                />
              }
            >
              {t('did.nextAction')}
            </AppButton>
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}
