import { zodResolver } from '@hookform/resolvers/zod';
import {
  ForgotPasswordRequestSchema,
  RegisterFormSchema,
  ResetPasswordFormSchema,
} from '@portal/shared/auth';

// Loaded on demand through ./validation.ts, so zod stays out of the first bundle.
export const registerResolver = zodResolver(RegisterFormSchema);
export const forgotPasswordResolver = zodResolver(ForgotPasswordRequestSchema.pick({ email: true }));
export const resetPasswordResolver = zodResolver(ResetPasswordFormSchema);
