import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KybDocumentContentType, KybResponse } from '@portal/shared/kyb';
import { api } from '../../../lib/api-client';
import { base64Of } from '../../../lib/base64';

/** The user's KYB application (Settings → Compliance, ADR 0046). */
export const kybQueryKey = ['kyb'] as const;

export const kybQueryOptions = queryOptions({
  queryKey: kybQueryKey,
  queryFn: async () => (await api.get<KybResponse>('/kyb')).kyb,
});

export function useKyb() {
  return useQuery(kybQueryOptions);
}

/** Each change answers with the whole application: it replaces what the tab shows. */
function useKybChange<I>(call: (input: I) => Promise<KybResponse>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => client.setQueryData(kybQueryKey, answer.kyb),
  });
}

/** The server checks the bytes themselves; the browser's type is only what the user claims. */
export function useUploadKybDocument() {
  return useKybChange(async (file: File) =>
    api.post<KybResponse>('/kyb/documents', {
      fileName: file.name,
      contentType: file.type as KybDocumentContentType,
      data: await base64Of(file),
    }),
  );
}

export function useDeleteKybDocument() {
  return useKybChange((documentId: string) =>
    api.request<KybResponse>(`/kyb/documents/${encodeURIComponent(documentId)}`, { method: 'DELETE' }),
  );
}

/** One of the user's documents, read with the session (to open or save it). */
export function fetchKybDocument(documentId: string): Promise<Blob> {
  return api.file(`/kyb/documents/${encodeURIComponent(documentId)}`);
}
