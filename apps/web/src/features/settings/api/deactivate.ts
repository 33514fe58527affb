import { api } from '../../../lib/api-client';

/** POST /auth/deactivate: the server signs out every session, this one included. */
export function deactivateAccount(password: string): Promise<{ success: true; message: string }> {
  return api.post('/auth/deactivate', { password });
}
