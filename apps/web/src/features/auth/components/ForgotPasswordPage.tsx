import ArrowBack from '@mui/icons-material/ArrowBack';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { messages } from '@portal/shared/messages';
import { AuthLayout } from '../../../components/AuthLayout';
import { useMessage } from '../../../i18n/use-message';
import { applyServerError } from '../../../lib/form-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { requestPasswordReset } from '../api/password-reset';
import { type ForgotPasswordForm, forgotPasswordValidation } from '../api/validation';
import { EmailInput, AuthForm } from './AuthForm';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const message = useMessage();
  useDocumentTitle(t('auth.forgot.title'));
  const [sent, setSent] = useState<string>();
  const [generalError, setGeneralError] = useState<string>();
  useEffect(() => forgotPasswordValidation.preload(), []);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordForm, unknown, ForgotPasswordForm>({
    resolver: forgotPasswordValidation.resolver,
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setGeneralError(undefined);
    try {
      const answer = await requestPasswordReset(email);
      setSent(answer.message);
    } catch (error) {
      setGeneralError(applyServerError(error, ['email'], setError, messages.internalError));
    }
  });

  const backToSignIn = (
    <Link
      component={RouterLink}
      to="/login"
      underline="hover"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, fontWeight: 600 }}
    >
      <ArrowBack
        fontSize="small"
        sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none') }}
      />
      {t('auth.forgot.back')}
    </Link>
  );

  return (
    <AuthLayout title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')}>
      {sent ? (
        <Stack sx={{ gap: 3 }}>
          <Alert severity="success" icon={<MarkEmailReadOutlined />}>
            {message(sent)}
          </Alert>
          <Box>{backToSignIn}</Box>
        </Stack>
      ) : (
        <Stack sx={{ gap: 2 }}>
          {generalError && <Alert severity="error">{message(generalError)}</Alert>}
          <AuthForm
            label={t('auth.forgot.title')}
            submitLabel={t('auth.forgot.submit')}
            submitting={isSubmitting}
            onSubmit={onSubmit}
          >
            <EmailInput
              label={t('fields.emailAddress')}
              error={message(errors.email?.message)}
              {...register('email')}
            />
          </AuthForm>
          <Box sx={{ marginBlockStart: 1 }}>{backToSignIn}</Box>
        </Stack>
      )}
    </AuthLayout>
  );
}
