import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate } from 'react-router';
import { AuthLayout } from '../../../components/AuthLayout';
import { PasswordInput } from '../../../components/PasswordInput';
import { useMessage } from '../../../i18n/use-message';
import { getUserData, useAuthToken } from '../../../lib/auth-storage';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AuthForm, EmailInput, TwoFactorStep, UnlockOffer, useSignInForm } from '../../auth';
import { ISSUER_HOME, isIssuerConsoleRole } from '../issuer-roles';

/**
 * The issuer console's own sign-in: ISSUER and ADMIN get in; anyone else is told why. An account
 * with two-factor authentication is asked for its code, as at the investor sign-in.
 */
export function IssuerLoginPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const token = useAuthToken();
  useDocumentTitle(t('issuer.login.title'));
  const { register, errors, isSubmitting, onSubmit, generalError, deniedRole, twoFactor, unlock } =
    useSignInForm({ admits: isIssuerConsoleRole, home: ISSUER_HOME });

  // Already signed in with an account the console admits: nothing to do here.
  if (token && isIssuerConsoleRole(getUserData()?.role as string | undefined) && !isSubmitting) {
    return <Navigate to={ISSUER_HOME} replace />;
  }

  return (
    <AuthLayout
      title={t('issuer.login.title')}
      subtitle={t('issuer.login.subtitle')}
      visualTitle={t('issuer.login.visualTitle')}
      visualSubtitle={t('issuer.login.visualSubtitle')}
    >
      <Stack sx={{ gap: 2 }}>
        {deniedRole && <Alert severity="warning">{t('issuer.login.denied', { role: deniedRole })}</Alert>}
        {generalError && <Alert severity="error">{message(generalError)}</Alert>}
        <UnlockOffer {...unlock} />
        {twoFactor ? (
          <TwoFactorStep key={twoFactor.ticket} {...twoFactor} />
        ) : (
          <AuthForm
            label={t('issuer.login.title')}
            submitLabel={t('issuer.login.submit')}
            submitting={isSubmitting}
            onSubmit={onSubmit}
          >
            <EmailInput
              label={t('fields.email')}
              error={message(errors.email?.message)}
              {...register('email')}
            />
            <PasswordInput
              label={t('fields.password')}
              autoComplete="current-password"
              placeholder={t('fields.passwordPlaceholder')}
              required
              error={message(errors.password?.message)}
              {...register('password')}
            />
          </AuthForm>
        )}
        <Link
          component={RouterLink}
          to="/login"
          variant="body2"
          underline="hover"
          sx={{ alignSelf: 'center' }}
        >
          {t('issuer.login.investorApp')}
        </Link>
      </Stack>
    </AuthLayout>
  );
}
