import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  IssuerApplicationResponseSchema,
  type IssuerApplication,
  type IssuerApplicationUpdate,
} from '@portal/shared/issuer';
import { api } from '../../../lib/api-client';

export const issuerApplicationQueryKey = ['issuer', 'application'] as const;

/** GET /api/issuer/application: the issuer's application and what it still needs (ADR 55). */
export async function fetchIssuerApplication(): Promise<IssuerApplication> {
  return IssuerApplicationResponseSchema.parse(await api.get('/issuer/application')).application;
}

/** Business documents and KYC change elsewhere in the console: read again when the tab returns. */
export function useIssuerApplication(enabled: boolean) {
  return useQuery({ queryKey: issuerApplicationQueryKey, queryFn: fetchIssuerApplication, enabled });
}

/** PUT /api/issuer/application: names the organisation (a rejected application is submitted again). */
export function useNameOrganisation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: IssuerApplicationUpdate) =>
      IssuerApplicationResponseSchema.parse(
        await api.request('/issuer/application', { method: 'PUT', body: input }),
      ).application,
    onSuccess: (application) => client.setQueryData(issuerApplicationQueryKey, application),
  });
}
