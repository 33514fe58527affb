import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AcknowledgementResponseSchema,
  IssuerOfferingDocumentsResponseSchema,
  OfferingDocumentResponseSchema,
  OfferingDocumentsResponseSchema,
  type OfferingDocument,
} from '@portal/shared/offering-documents';
import { api } from '../../../lib/api-client';
import { base64Of } from '../../../lib/base64';
import { saveFile } from '../../../lib/save-file';

const readerKey = (tokenId: string) => ['offering-documents', 'reader', tokenId] as const;
const issuerKey = (tokenId: string) => ['offering-documents', 'issuer', tokenId] as const;
const token = (tokenId: string) => encodeURIComponent(tokenId);
/** A version whose job has not finished yet: the list is read again until it has. */
const moving = (documents: readonly OfferingDocument[]) =>
  documents.some(({ status }) => status === 'PENDING' || status === 'REMOVING');

/** GET /api/tokens/:id/documents: the current documents and whether the caller acknowledged them. */
export function useOfferingDocuments(tokenId: string, enabled = true) {
  return useQuery({
    queryKey: readerKey(tokenId),
    queryFn: async () =>
      OfferingDocumentsResponseSchema.parse(await api.get(`/tokens/${token(tokenId)}/documents`)).data,
    enabled,
  });
}

/** GET /api/issuer/tokens/:id/documents: every version, followed while a job is recording one. */
export function useIssuerDocuments(tokenId: string) {
  return useQuery({
    queryKey: issuerKey(tokenId),
    queryFn: async () =>
      IssuerOfferingDocumentsResponseSchema.parse(await api.get(`/issuer/tokens/${token(tokenId)}/documents`))
        .data.documents,
    refetchInterval: (query) => (query.state.data && moving(query.state.data) ? 1000 : false),
  });
}

/** POST /api/issuer/tokens/:id/documents (202): one key per submission, the same on its retry. */
export function useAttachDocument(tokenId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { name: string; file: File; idempotencyKey: string }) =>
      OfferingDocumentResponseSchema.parse(
        await api.post(
          `/issuer/tokens/${token(tokenId)}/documents`,
          { name: input.name, contentType: 'application/pdf', data: await base64Of(input.file) },
          { headers: { 'Idempotency-Key': input.idempotencyKey } },
        ),
      ).data,
    onSettled: () => client.invalidateQueries({ queryKey: ['offering-documents'] }),
  });
}

/** DELETE /api/issuer/tokens/:id/documents/:documentId (202). */
export function useRemoveDocument(tokenId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (documentId: string) =>
      OfferingDocumentResponseSchema.parse(
        await api.request(`/issuer/tokens/${token(tokenId)}/documents/${encodeURIComponent(documentId)}`, {
          method: 'DELETE',
        }),
      ).data,
    onSettled: () => client.invalidateQueries({ queryKey: ['offering-documents'] }),
  });
}

/** POST /api/tokens/:id/acknowledgements with the hashes the buyer was shown. */
export function useAcknowledge(tokenId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (documentHashes: string[]) =>
      AcknowledgementResponseSchema.parse(
        await api.post(`/tokens/${token(tokenId)}/acknowledgements`, { documentHashes }),
      ).data,
    onSettled: () => client.invalidateQueries({ queryKey: readerKey(tokenId) }),
  });
}

/** The exact bytes (the server refuses to serve them unless they hash to the recorded hash). */
export async function downloadDocument(document: OfferingDocument): Promise<void> {
  const blob = await api.file(document.downloadUrl.replace(/^\/api/, ''));
  saveFile(blob, `${document.name.replace(/[^\p{L}\p{N} _-]/gu, '') || 'document'}-v${document.version}.pdf`);
}

/** Re-reads what a buyer sees (after a refusal naming changed documents). */
export function useRefreshDocuments(tokenId: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: readerKey(tokenId) });
}
