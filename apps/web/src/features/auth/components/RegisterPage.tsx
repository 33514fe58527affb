import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { RegisterForm } from '@portal/shared/auth';
import { messages } from '@portal/shared/messages';
import { AppButton } from '../../../components/AppButton';
import { AuthLayout } from '../../../components/AuthLayout';
import { PasswordInput } from '../../../components/PasswordInput';
import { TextInput } from '../../../components/TextInput';
import { useMessage } from '../../../i18n/use-message';
import { storeSession } from '../../../lib/auth-storage';
import { applyServerError } from '../../../lib/form-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { isAuthResponse, registerInvestor } from '../api/sign-in';
import { registerValidation } from '../api/validation';

export function RegisterPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  useDocumentTitle(t('auth.register.title'));
  const [generalError, setGeneralError] = useState<string>();
  useEffect(() => registerValidation.preload(), []);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterForm, unknown, RegisterForm>({
    resolver: registerValidation.resolver,
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setGeneralError(undefined);
    try {
      const data = await registerInvestor(values);
      if (!isAuthResponse(data)) {
        setGeneralError(messages.registrationInvalidResponse);
        return;
      }
      storeSession(data);
      await navigate('/dashboard', { replace: true });
    } catch (error) {
      setGeneralError(
        applyServerError(
          error,
          ['name', 'email', 'password', 'confirmPassword'],
          setError,
          messages.registrationFailedDefault,
        ),
      );
    }
  });

  return (
    <AuthLayout title={t('auth.register.title')} subtitle={t('auth.register.subtitle')}>
      <Stack sx={{ gap: 2 }}>
        {generalError && <Alert severity="error">{message(generalError)}</Alert>}
        <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('auth.register.title')}>
          <Stack sx={{ gap: 2.5 }}>
            <TextInput
              label={t('fields.fullName')}
              autoComplete="name"
              placeholder={t('fields.namePlaceholder')}
              required
              error={message(errors.name?.message)}
              {...register('name')}
            />
            <TextInput
              label={t('fields.emailAddress')}
              type="email"
              autoComplete="email"
              placeholder={t('fields.emailPlaceholder')}
              required
              error={message(errors.email?.message)}
              {...register('email')}
            />
            <PasswordInput
              label={t('fields.password')}
              autoComplete="new-password"
              placeholder={t('fields.newPasswordPlaceholder')}
              required
              error={message(errors.password?.message)}
              hint={t('fields.passwordHint')}
              {...register('password')}
            />
            <PasswordInput
              label={t('fields.confirmPassword')}
              autoComplete="new-password"
              placeholder={t('fields.confirmPasswordPlaceholder')}
              required
              error={message(errors.confirmPassword?.message)}
              {...register('confirmPassword')}
            />
            <AppButton type="submit" size="lg" fullWidth loading={isSubmitting}>
              {t('auth.register.submit')}
            </AppButton>
          </Stack>
        </Box>
        <Divider sx={{ marginBlock: 1 }} />
        <Typography variant="body2" sx={{ textAlign: 'center', color: 'text.secondary' }}>
          {t('auth.register.haveAccount')}{' '}
          <Link component={RouterLink} to="/login" underline="hover" sx={{ fontWeight: 600 }}>
            {t('auth.register.signIn')}
          </Link>
        </Typography>
      </Stack>
    </AuthLayout>
  );
}
