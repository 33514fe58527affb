import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ChangePasswordRequestSchema } from '@portal/shared/auth';
import type { AccountSettings } from '@portal/shared/settings';
import { messages } from '@portal/shared/messages';
import { AppButton } from '../../../components/AppButton';
import { PasswordInput } from '../../../components/PasswordInput';
import { useMessage } from '../../../i18n/use-message';
import { applyServerError } from '../../../lib/form-errors';
import { type ChangePasswordInput, changePassword } from '../api/change-password';
import { SessionsSettings } from './SessionsSettings';
import { SettingsSection } from './SettingsSection';
import { TwoFactorSettings } from './TwoFactorSettings';

export function SecuritySettings({ settings }: { settings: AccountSettings }) {
  const { t } = useTranslation();
  const message = useMessage();
  const [done, setDone] = useState<string>();
  const [generalError, setGeneralError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordInput, unknown, z.output<typeof ChangePasswordRequestSchema>>({
    resolver: zodResolver(ChangePasswordRequestSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setDone(undefined);
    setGeneralError(undefined);
    try {
      const answer = await changePassword(values);
      reset();
      setDone(answer.message);
    } catch (error) {
      setGeneralError(
        applyServerError(
          error,
          ['currentPassword', 'newPassword', 'confirmPassword'],
          setError,
          messages.internalError,
        ),
      );
    }
  });

  return (
    <Stack sx={{ gap: 3 }}>
      <SettingsSection
        title={t('settings.security.changePassword')}
        description={t('settings.security.changePasswordHint')}
      >
        <Box
          component="form"
          noValidate
          onSubmit={onSubmit}
          aria-label={t('settings.security.changePassword')}
        >
          <Stack sx={{ gap: 2.5, maxWidth: 480 }}>
            {done && <Alert severity="success">{message(done)}</Alert>}
            {generalError && <Alert severity="error">{message(generalError)}</Alert>}
            <PasswordInput
              label={t('fields.currentPassword')}
              autoComplete="current-password"
              required
              error={message(errors.currentPassword?.message)}
              {...register('currentPassword')}
            />
            <PasswordInput
              label={t('fields.newPassword')}
              autoComplete="new-password"
              required
              hint={t('fields.passwordHint')}
              error={message(errors.newPassword?.message)}
              {...register('newPassword')}
            />
            <PasswordInput
              label={t('fields.confirmPassword')}
              autoComplete="new-password"
              required
              error={message(errors.confirmPassword?.message)}
              {...register('confirmPassword')}
            />
            <Box>
              <AppButton type="submit" loading={isSubmitting}>
                {t('settings.security.changePassword')}
              </AppButton>
            </Box>
          </Stack>
        </Box>
      </SettingsSection>
      <TwoFactorSettings settings={settings} />
      <SessionsSettings settings={settings} />
    </Stack>
  );
}
