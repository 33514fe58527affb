import { IdParamsSchema } from '@portal/shared/issuer';
import {
  AcknowledgementRequestSchema,
  AcknowledgementResponseSchema,
  IssuerOfferingDocumentsResponseSchema,
  OFFERING_DOCUMENT_MAX_BYTES,
  OfferingDocumentParamsSchema,
  OfferingDocumentResponseSchema,
  OfferingDocumentsResponseSchema,
  OfferingDocumentUploadSchema,
} from '@portal/shared/offering-documents';
import { IdempotencyKeySchema } from '@portal/shared/purchases';
import type { Role } from '@portal/shared/roles';
import { z } from 'zod';
import type { App } from '../../app.js';
import { errorResponses } from '../../http.js';
import { caller } from '../../plugins/policy.js';
import { base64BodyLimit } from '../../uploads.js';
import type { OfferingDocumentsService } from './offering-documents.service.js';

const tags = ['offering-documents'];
const security = [{ bearer: [] }];
const issuerPolicy: readonly Role[] = ['issuer', 'admin'];
const readerPolicy: readonly Role[] = ['investor', 'issuer', 'admin'];
const investorPolicy: readonly Role[] = ['investor'];
const headers = z.object({ 'idempotency-key': IdempotencyKeySchema.optional() });

/**
 * Offering documents (docs/product.md; ADR 73): the issuer attaches, replaces and removes its
 * token's PDFs (each answered 202 and recorded on chain by a job); buyers read them, download the
 * exact bytes and acknowledge the current versions before buying.
 */
export function offeringDocumentsRoutes(app: App, documents: OfferingDocumentsService): void {
  app.post(
    '/api/issuer/tokens/:id/documents',
    {
      config: { policy: issuerPolicy },
      bodyLimit: base64BodyLimit(OFFERING_DOCUMENT_MAX_BYTES),
      schema: {
        tags,
        security,
        summary: "Attaches a PDF to the issuer's token, or a new version of one (recorded on chain by a job)",
        params: IdParamsSchema,
        headers,
        body: OfferingDocumentUploadSchema,
        response: { 202: OfferingDocumentResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const data = await documents.upload(
        caller(request).userId,
        request.params.id,
        request.body,
        request.headers['idempotency-key'],
      );
      return reply.status(202).send({ success: true as const, data });
    },
  );

  app.delete(
    '/api/issuer/tokens/:id/documents/:documentId',
    {
      config: { policy: issuerPolicy },
      schema: {
        tags,
        security,
        summary: "Removes a document from the issuer's token (removed on chain by a job)",
        params: OfferingDocumentParamsSchema,
        response: { 202: OfferingDocumentResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const data = await documents.remove(
        caller(request).userId,
        request.params.id,
        request.params.documentId,
      );
      return reply.status(202).send({ success: true as const, data });
    },
  );

  app.get(
    '/api/issuer/tokens/:id/documents',
    {
      config: { policy: issuerPolicy },
      schema: {
        tags,
        security,
        summary: "Every version of the issuer's token's documents, newest first",
        params: IdParamsSchema,
        response: { 200: IssuerOfferingDocumentsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: { documents: await documents.history(caller(request).userId, request.params.id) },
    }),
  );

  app.get(
    '/api/tokens/:id/documents',
    {
      config: { policy: readerPolicy },
      schema: {
        tags,
        security,
        summary: "A token's current offering documents and whether the caller acknowledged them",
        params: IdParamsSchema,
        response: { 200: OfferingDocumentsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await documents.documents(caller(request).userId, request.params.id),
    }),
  );

  app.get(
    '/api/tokens/:id/documents/:documentId/file',
    {
      config: { policy: readerPolicy },
      // The answer is the PDF itself, so only the error answers have a schema.
      schema: {
        tags,
        security,
        summary: "A document's exact bytes, served only when they hash to the recorded hash",
        params: OfferingDocumentParamsSchema,
      },
    },
    async (request, reply) => {
      const file = await documents.file(request.params.id, request.params.documentId);
      return (
        reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="${encodeURIComponent(file.name)}.pdf"`)
          // Nothing served here may run as the portal or be framed by another site.
          .header('content-security-policy', "default-src 'none'; frame-ancestors 'self'; sandbox")
          .header('cache-control', 'private, no-store')
          .send(Buffer.from(file.bytes))
      );
    },
  );

  app.post(
    '/api/tokens/:id/acknowledgements',
    {
      config: { policy: investorPolicy },
      schema: {
        tags,
        security,
        summary: "Acknowledges a token's current offering documents (the hashes the buyer saw)",
        params: IdParamsSchema,
        body: AcknowledgementRequestSchema,
        response: { 201: AcknowledgementResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const data = await documents.acknowledge(
        caller(request).userId,
        request.params.id,
        request.body.documentHashes,
      );
      return reply.status(201).send({ success: true as const, data });
    },
  );
}
