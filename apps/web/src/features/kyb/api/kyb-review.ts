import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KybApplicationsResponseSchema, KybDecisionResponseSchema } from '@portal/shared/kyb';
import { api } from '../../../lib/api-client';

/** Under the admin console's key, so its refreshes include the KYB queue. */
const reviewQueryKey = ['admin', 'kyb'] as const;

function useReviewAction<I, O>(action: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** KYB applications, pending first, with their documents (ADR 0046). */
export function useKybApplications() {
  return useQuery({
    queryKey: reviewQueryKey,
    queryFn: async () =>
      KybApplicationsResponseSchema.parse(await api.get('/admin/kyb?limit=200')).applications,
  });
}

export function fetchKybReviewDocument(documentId: string): Promise<Blob> {
  return api.file(`/admin/kyb/documents/${encodeURIComponent(documentId)}`);
}

export function useKybDecision() {
  return useReviewAction(
    async (input: { userId: string } & ({ approve: true } | { approve: false; reason: string })) =>
      KybDecisionResponseSchema.parse(
        input.approve
          ? await api.post(`/admin/kyb/${input.userId}/approve`)
          : await api.post(`/admin/kyb/${input.userId}/reject`, { reason: input.reason }),
      ).application,
  );
}
