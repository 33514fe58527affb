import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { ResetPasswordForm } from '@portal/shared/auth';
import { messages } from '@portal/shared/messages';
import { AuthLayout } from '../../../components/AuthLayout';
import { useMessage } from '../../../i18n/use-message';
import { api } from '../../../lib/api-client';
import { getAuthToken, setAuthNotice } from '../../../lib/auth-storage';
import { applyServerError } from '../../../lib/form-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { resetPassword } from '../api/password-reset';
import { resetPasswordValidation } from '../api/validation';
import { AuthForm, NewPasswordFields } from './AuthForm';

/** The e-mailed link carries the token in the fragment (`#token=…`), which never reaches a server. */
function tokenFromFragment(): string | null {
  return new URLSearchParams(window.location.hash.slice(1)).get('token');
}

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  useDocumentTitle(t('auth.reset.title'));
  const [token] = useState(tokenFromFragment);
  const [generalError, setGeneralError] = useState<string | undefined>(() =>
    token ? undefined : messages.resetTokenInvalid,
  );
  useEffect(() => {
    // Keep the secret out of the address bar and the history once it has been read.
    if (window.location.hash) void navigate('/reset-password', { replace: true });
  }, [navigate]);
  useEffect(() => resetPasswordValidation.preload(), []);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordForm, unknown, ResetPasswordForm>({
    resolver: resetPasswordValidation.resolver,
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    if (!token) return;
    setGeneralError(undefined);
    try {
      await resetPassword(token, values);
      // The reset ended every session of the account; no automatic sign-in (OWASP).
      if (getAuthToken()) await api.logout();
      setAuthNotice({ key: 'passwordResetDone', severity: 'success' });
      await navigate('/login', { replace: true });
    } catch (error) {
      setGeneralError(
        applyServerError(error, ['password', 'confirmPassword'], setError, messages.internalError),
      );
    }
  });

  const linkIsBad = generalError === messages.resetTokenInvalid;
  return (
    <AuthLayout title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')}>
      <Stack sx={{ gap: 2 }}>
        {generalError && (
          <Alert
            severity="error"
            action={
              linkIsBad ? (
                <Link component={RouterLink} to="/forgot-password" color="inherit" sx={{ fontWeight: 600 }}>
                  {t('auth.reset.requestNew')}
                </Link>
              ) : undefined
            }
          >
            {message(generalError)}
          </Alert>
        )}
        {token && (
          <AuthForm
            label={t('auth.reset.title')}
            submitLabel={t('auth.reset.submit')}
            submitting={isSubmitting}
            onSubmit={onSubmit}
          >
            <NewPasswordFields register={register} errors={errors} passwordLabel={t('fields.newPassword')} />
          </AuthForm>
        )}
        <Box sx={{ marginBlockStart: 1 }}>
          <Link component={RouterLink} to="/login" underline="hover" sx={{ fontWeight: 600 }}>
            {t('auth.forgot.back')}
          </Link>
        </Box>
      </Stack>
    </AuthLayout>
  );
}
