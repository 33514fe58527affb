import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  HoldingCredentialResponseSchema,
  HoldingCredentialShareResponseSchema,
  HoldingCredentialsResponseSchema,
  type IssueHoldingCredentialRequest,
} from '@portal/shared/holding-credentials';
import { api } from '../../../lib/api-client';

const key = ['holding-credentials'] as const;

/** GET /api/holding-credentials: the caller's own, newest first, with their status. */
export function useHoldingCredentials() {
  return useQuery({
    queryKey: key,
    queryFn: async () =>
      HoldingCredentialsResponseSchema.parse(await api.get('/holding-credentials')).credentials,
  });
}

/** POST /api/holding-credentials */
export function useIssueHoldingCredential() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: IssueHoldingCredentialRequest) =>
      HoldingCredentialResponseSchema.parse(await api.post('/holding-credentials', body)).credential,
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

/** POST /api/holding-credentials/:id/revoke */
export function useRevokeHoldingCredential() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      HoldingCredentialResponseSchema.parse(
        await api.post(`/holding-credentials/${encodeURIComponent(id)}/revoke`),
      ).credential,
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

/** POST /api/holding-credentials/:id/share: a fresh public link to the verification page. */
export function useShareHoldingCredential() {
  return useMutation({
    mutationFn: async (id: string) =>
      HoldingCredentialShareResponseSchema.parse(
        await api.post(`/holding-credentials/${encodeURIComponent(id)}/share`),
      ),
  });
}
