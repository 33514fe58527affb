import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { messages } from '@portal/shared/messages';
import { AuthLayout } from '../../../components/AuthLayout';
import { PasswordInput } from '../../../components/PasswordInput';
import { useMessage } from '../../../i18n/use-message';
import { clearAuthNotice, peekAuthNotice } from '../../../lib/auth-storage';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { googleSession } from '../api/google';
import { ISSUER_LOGIN, isIssuerConsoleRole } from '../../issuer';
import { isAdmittedRole } from '../api/sign-in';
import { EmailInput, AuthForm, AuthFooter } from './AuthForm';
import { GoogleButton } from './GoogleButton';
import { useGoogleLanding } from './use-google-landing';
import { useSignInForm } from './use-sign-in-form';

// Only accounts with two-factor authentication see the code step: it loads when asked for.
const TwoFactorStep = lazy(async () => ({ default: (await import('./TwoFactorStep')).TwoFactorStep }));
// So does the offer of a mailed sign-in link, shown only when someone was guessing the password.
const UnlockOffer = lazy(async () => ({ default: (await import('./UnlockOffer')).UnlockOffer }));

export function LoginPage() {
  const { t } = useTranslation();
  const message = useMessage();
  useDocumentTitle(t('auth.login.submit'));
  // Shown once: why the user is here (session expired, password reset done).
  const [notice, setNotice] = useState(peekAuthNotice);
  useEffect(clearAuthNotice, []);
  const landing = useGoogleLanding();
  const [googleFailed, setGoogleFailed] = useState(landing?.kind === 'failed');
  const { register, errors, isSubmitting, onSubmit, generalError, deniedRole, twoFactor, admit, unlock } =
    useSignInForm({
      admits: isAdmittedRole,
      home: '/dashboard',
      onSubmitStart: () => {
        setNotice(null);
        setGoogleFailed(false);
      },
      initialTicket: landing?.kind === 'two-factor' ? landing.ticket : undefined,
    });

  // Back from Google with a session in the cookies: the same role gate as a password sign-in.
  const completing = useRef(false);
  useEffect(() => {
    if (landing?.kind !== 'signed-in' || completing.current) return;
    completing.current = true;
    void googleSession().then(admit, () => setGoogleFailed(true));
  }, [landing, admit]);

  return (
    <AuthLayout title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <Stack sx={{ gap: 2 }}>
        {notice && <Alert severity={notice.severity}>{t(`messages.${notice.key}`)}</Alert>}
        {deniedRole && (
          <Alert
            severity="warning"
            action={
              // An issuer has its own console: say where it is rather than only "not here".
              isIssuerConsoleRole(deniedRole) ? (
                <Link
                  component={RouterLink}
                  to={ISSUER_LOGIN}
                  color="inherit"
                  variant="body2"
                  sx={{ fontWeight: 600, alignSelf: 'center', whiteSpace: 'nowrap' }}
                >
                  {t('auth.login.toIssuerConsole')}
                </Link>
              ) : undefined
            }
          >
            {t('auth.login.accessWarning', { role: deniedRole })}
          </Alert>
        )}
        {googleFailed && <Alert severity="error">{message(messages.googleLoginFailed)}</Alert>}
        {generalError && <Alert severity="error">{message(generalError)}</Alert>}
        {(unlock.pausedEmail || unlock.ready) && (
          <Suspense fallback={null}>
            <UnlockOffer {...unlock} />
          </Suspense>
        )}
        {twoFactor ? (
          <Suspense fallback={null}>
            <TwoFactorStep key={twoFactor.ticket} {...twoFactor} />
          </Suspense>
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
            <GoogleButton intent="login" />
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
