import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { RegisterForm } from '@portal/shared/auth';
import { messages } from '@portal/shared/messages';
import { AuthLayout } from '../../../components/AuthLayout';
import { TextInput } from '../../../components/TextInput';
import { useMessage } from '../../../i18n/use-message';
import { storeSession } from '../../../lib/auth-storage';
import { applyServerError } from '../../../lib/form-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { isAuthResponse, registerInvestor } from '../api/sign-in';
import { registerValidation } from '../api/validation';
import { EmailInput, AuthForm, AuthFooter, NewPasswordFields } from './AuthForm';
import { GoogleButton } from './GoogleButton';
import { useGoogleLanding } from './use-google-landing';

export function RegisterPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  useDocumentTitle(t('auth.register.title'));
  // Back from a Google registration that did not go through (ADR 45).
  const landing = useGoogleLanding();
  const [generalError, setGeneralError] = useState<string | undefined>(
    landing?.kind === 'failed' ? messages.googleRegistrationFailed : undefined,
  );
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
        <AuthForm
          label={t('auth.register.title')}
          submitLabel={t('auth.register.submit')}
          submitting={isSubmitting}
          onSubmit={onSubmit}
        >
          <TextInput
            label={t('fields.fullName')}
            autoComplete="name"
            placeholder={t('fields.namePlaceholder')}
            required
            error={message(errors.name?.message)}
            {...register('name')}
          />
          <EmailInput
            label={t('fields.emailAddress')}
            error={message(errors.email?.message)}
            {...register('email')}
          />
          <NewPasswordFields register={register} errors={errors} passwordLabel={t('fields.password')} />
        </AuthForm>
        <GoogleButton intent="register" />
        <AuthFooter prompt={t('auth.register.haveAccount')} to="/login" label={t('auth.register.signIn')} />
      </Stack>
    </AuthLayout>
  );
}
