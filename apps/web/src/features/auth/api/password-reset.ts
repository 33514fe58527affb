import type { ResetPasswordForm } from '@portal/shared/auth';
import { api } from '../../../lib/api-client';

interface MessageResponse {
  success: true;
  message: string;
}

export function requestPasswordReset(email: string): Promise<MessageResponse> {
  return api.post('/auth/forgot-password', { email }, { refreshOn401: false });
}

export function resetPassword(token: string, input: ResetPasswordForm): Promise<MessageResponse> {
  return api.post('/auth/reset-password', { token, ...input }, { refreshOn401: false });
}
