import type { z } from 'zod';
import type { ChangePasswordRequestSchema } from '@portal/shared/auth';
import { api } from '../../../lib/api-client';

export type ChangePasswordInput = z.input<typeof ChangePasswordRequestSchema>;

/** POST /auth/change-password; the server also signs out the user's other sessions. */
export function changePassword(input: ChangePasswordInput): Promise<{ success: true; message: string }> {
  return api.post('/auth/change-password', input);
}
