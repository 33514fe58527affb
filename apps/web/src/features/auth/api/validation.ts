import type { z } from 'zod';
import type {
  ForgotPasswordRequestSchema,
  LoginFormSchema,
  RegisterFormSchema,
  ResetPasswordFormSchema,
} from '@portal/shared/auth';
import { lazyResolver } from '../../../lib/lazy-resolver';

/** The auth forms validate with the shared schemas of spec §5 (see form-schemas.ts). */
export const loginValidation = lazyResolver<
  z.input<typeof LoginFormSchema>,
  z.output<typeof LoginFormSchema>
>(async () => (await import('./form-schemas')).loginResolver);

export const registerValidation = lazyResolver<
  z.input<typeof RegisterFormSchema>,
  z.output<typeof RegisterFormSchema>
>(async () => (await import('./form-schemas')).registerResolver);

export type ForgotPasswordForm = Pick<z.input<typeof ForgotPasswordRequestSchema>, 'email'>;
export const forgotPasswordValidation = lazyResolver<ForgotPasswordForm, ForgotPasswordForm>(
  async () => (await import('./form-schemas')).forgotPasswordResolver,
);

export const resetPasswordValidation = lazyResolver<
  z.input<typeof ResetPasswordFormSchema>,
  z.output<typeof ResetPasswordFormSchema>
>(async () => (await import('./form-schemas')).resetPasswordResolver);
