import { useMutation } from '@tanstack/react-query';
import type { CreateShareRequest, CreateShareResponse } from '@portal/shared/credentials';
import { api } from '../../../lib/api-client';

/** POST /api/credentials/shares: a revocable, expiring link to one of the holder's credentials. */
export async function createShare(request: CreateShareRequest): Promise<CreateShareResponse['share']> {
  return (await api.post<CreateShareResponse>('/credentials/shares', request)).share;
}

/** DELETE /api/credentials/shares/:id: the link stops working at once. */
export async function revokeShare(id: string): Promise<void> {
  await api.request<void>(`/credentials/shares/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useCreateShare() {
  return useMutation({ mutationFn: createShare });
}

export function useRevokeShare() {
  return useMutation({ mutationFn: revokeShare });
}
