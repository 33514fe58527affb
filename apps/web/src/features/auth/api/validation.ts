import type { z } from 'zod';
import type {
  ForgotPasswordRequestSchema,
  RegisterFormSchema,
  ResetPasswordFormSchema,
} from '@portal/shared/auth';
import { lazyResolver } from '../../../lib/lazy-resolver';

/**
 * The auth forms validate with the shared schemas of docs/product.md §5 (see form-schemas.ts). The sign-in
 * form, on the first page, has the same rules written out instead (login-rules.ts).
 */
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
