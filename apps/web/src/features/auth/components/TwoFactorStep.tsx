import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messages } from '@portal/shared/messages';
import { TextInput } from '../../../components/TextInput';
import { useMessage } from '../../../i18n/use-message';
import { ApiError } from '../../../lib/api-client';
import { loginWithCode } from '../api/sign-in';
import { AuthForm } from './AuthForm';

/**
 * The second sign-in step: a code from the authenticator app, or a recovery code. An expired or
 * used-up ticket sends the user back to the password step with the reason.
 */
export function TwoFactorStep({
  ticket,
  onSignedIn,
  onRestart,
}: {
  ticket: string;
  onSignedIn: (data: unknown) => Promise<void>;
  onRestart: (reason?: string) => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setError(undefined);
    if (!code.trim()) return setError(messages.twoFactorCodeRequired);
    setBusy(true);
    try {
      await onSignedIn(await loginWithCode(ticket, code));
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 401) return onRestart(failure.message);
      setError(
        failure instanceof ApiError ? (failure.fields?.code ?? failure.message) : messages.loginFailedDefault,
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack sx={{ gap: 2 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('auth.twoFactor.prompt')}
      </Typography>
      <AuthForm
        label={t('auth.twoFactor.title')}
        submitLabel={t('auth.twoFactor.verify')}
        submitting={busy}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextInput
          label={t('auth.twoFactor.code')}
          autoComplete="one-time-code"
          autoFocus
          required
          value={code}
          onChange={(event) => setCode(event.target.value)}
          hint={t('auth.twoFactor.recoveryHint')}
          error={message(error)}
          slotProps={{ input: { dir: 'ltr', inputMode: 'text', spellCheck: false } }}
        />
      </AuthForm>
      <Link
        component="button"
        type="button"
        variant="body2"
        onClick={() => onRestart()}
        sx={{ alignSelf: 'center' }}
      >
        {t('auth.twoFactor.back')}
      </Link>
    </Stack>
  );
}
