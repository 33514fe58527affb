import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { LoginForm } from '@portal/shared/auth';
import { messages } from '@portal/shared/messages';
import { AuthLayout } from '../../../components/AuthLayout';
import { PasswordInput } from '../../../components/PasswordInput';
import { useMessage } from '../../../i18n/use-message';
import { api } from '../../../lib/api-client';
import { clearAuthNotice, peekAuthNotice, storeSession } from '../../../lib/auth-storage';
import { applyServerError } from '../../../lib/form-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { applyAccountPreferences } from '../../account-settings/account-preferences';
import { isAdmittedRole, isAuthResponse, isTwoFactorChallenge, login } from '../api/sign-in';
import { loginValidation } from '../api/validation';
import { EmailInput, AuthForm, AuthFooter } from './AuthForm';
import { TwoFactorStep } from './TwoFactorStep';

export function LoginPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  useDocumentTitle(t('auth.login.submit'));
  // Shown once: why the user is here (session expired, password reset done).
  const [notice, setNotice] = useState(peekAuthNotice);
  useEffect(clearAuthNotice, []);
  useEffect(() => loginValidation.preload(), []);
  const [generalError, setGeneralError] = useState<string>();
  const [deniedRole, setDeniedRole] = useState<string>();
  const [ticket, setTicket] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm, unknown, LoginForm>({
    resolver: loginValidation.resolver,
    defaultValues: { email: '', password: '' },
  });

  /** After the password (and the code, when the account asks for one): the spec §4 role gate. */
  const admit = async (data: unknown) => {
    setTicket(undefined);
    if (!isAuthResponse(data)) {
      setGeneralError(messages.loginInvalidResponse);
      return;
    }
    if (!isAdmittedRole(data.user.role)) {
      setDeniedRole(data.user.role);
      // The server opened a session; this app will not use it, so close it again.
      await api.logout();
      return;
    }
    storeSession(data);
    await applyAccountPreferences(data.user);
    await navigate('/dashboard', { replace: true });
  };

  const onSubmit = handleSubmit(async (values) => {
    setNotice(null);
    setGeneralError(undefined);
    setDeniedRole(undefined);
    try {
      const data = await login(values);
      if (isTwoFactorChallenge(data)) setTicket(data.ticket);
      else await admit(data);
    } catch (error) {
      setGeneralError(applyServerError(error, ['email', 'password'], setError, messages.loginFailedDefault));
    }
  });

  return (
    <AuthLayout title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <Stack sx={{ gap: 2 }}>
        {notice && <Alert severity={notice.severity}>{t(`messages.${notice.key}`)}</Alert>}
        {deniedRole && (
          <Alert severity="warning">{t('auth.login.accessWarning', { role: deniedRole })}</Alert>
        )}
        {generalError && <Alert severity="error">{message(generalError)}</Alert>}
        {ticket ? (
          <TwoFactorStep
            ticket={ticket}
            onSignedIn={admit}
            onRestart={(reason) => {
              setTicket(undefined);
              setGeneralError(reason);
            }}
          />
        ) : (
          <>
            <AuthForm
              label={t('auth.login.title')}
              submitLabel={t('auth.login.submit')}
              submitting={isSubmitting}
              onSubmit={onSubmit}
            >
              <EmailInput
                label={t('fields.email')}
                error={message(errors.email?.message)}
                {...register('email')}
              />
              <Box>
                <PasswordInput
                  label={t('fields.password')}
                  autoComplete="current-password"
                  placeholder={t('fields.passwordPlaceholder')}
                  required
                  error={message(errors.password?.message)}
                  {...register('password')}
                />
                <Box sx={{ display: 'flex', justifyContent: 'flex-end', marginBlockStart: 1 }}>
                  <Link component={RouterLink} to="/forgot-password" variant="body2" underline="hover">
                    {t('auth.login.forgotPassword')}
                  </Link>
                </Box>
              </Box>
            </AuthForm>
            <AuthFooter
              prompt={t('auth.login.noAccount')}
              to="/register"
              label={t('auth.login.createAccount')}
            />
          </>
        )}
      </Stack>
    </AuthLayout>
  );
}
