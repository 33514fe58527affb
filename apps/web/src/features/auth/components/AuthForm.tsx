import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ComponentProps, FormEventHandler, ReactNode } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AppButton } from '../../../components/AppButton';
import { PasswordInput } from '../../../components/PasswordInput';
import { TextInput } from '../../../components/TextInput';
import { useMessage } from '../../../i18n/use-message';

/** The form body every auth page shares: its fields, then a full-width submit button. */
export function AuthForm(props: {
  label: string;
  submitLabel: string;
  submitting: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <Box component="form" noValidate onSubmit={props.onSubmit} aria-label={props.label}>
      <Stack sx={{ gap: 2.5 }}>
        {props.children}
        <AppButton type="submit" size="lg" fullWidth loading={props.submitting}>
          {props.submitLabel}
        </AppButton>
      </Stack>
    </Box>
  );
}

/** "No account yet? Create investor account" under the sign-in and registration forms. */
export function AuthFooter({ prompt, to, label }: { prompt: string; to: string; label: string }) {
  return (
    <>
      {/* MUI's Divider, drawn as a plain rule: the first page need not ship the component. */}
      <Box
        component="hr"
        sx={{
          margin: 0,
          marginBlock: 1,
          flexShrink: 0,
          borderWidth: 0,
          borderStyle: 'solid',
          borderColor: 'divider',
          borderBottomWidth: 'thin',
        }}
      />
      <Typography variant="body2" sx={{ textAlign: 'center', color: 'text.secondary' }}>
        {prompt}{' '}
        <Link component={RouterLink} to={to} underline="hover" sx={{ fontWeight: 600 }}>
          {label}
        </Link>
      </Typography>
    </>
  );
}

interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

/** Password and Confirm Password, as registration and the reset page ask for them. */
export function NewPasswordFields<T extends NewPasswordValues>({
  register,
  errors,
  passwordLabel,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  passwordLabel: string;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  // Both forms hold these two fields; react-hook-form's path types cannot see that through T.
  const reg = register as unknown as UseFormRegister<NewPasswordValues>;
  const errs = errors as FieldErrors<NewPasswordValues>;
  return (
    <>
      <PasswordInput
        label={passwordLabel}
        autoComplete="new-password"
        placeholder={t('fields.newPasswordPlaceholder')}
        required
        error={message(errs.password?.message)}
        hint={t('fields.passwordHint')}
        {...reg('password')}
      />
      <PasswordInput
        label={t('fields.confirmPassword')}
        autoComplete="new-password"
        placeholder={t('fields.confirmPasswordPlaceholder')}
        required
        error={message(errs.confirmPassword?.message)}
        {...reg('confirmPassword')}
      />
    </>
  );
}

/** The e-mail field of the sign-in, registration and forgot-password forms. */
export function EmailInput(
  props: Omit<ComponentProps<typeof TextInput>, 'type' | 'autoComplete' | 'placeholder'>,
) {
  const { t } = useTranslation();
  return (
    <TextInput
      type="email"
      autoComplete="email"
      placeholder={t('fields.emailPlaceholder')}
      required
      {...props}
    />
  );
}
