import type { FastifyReply } from 'fastify';
import {
  AdminKybQuerySchema,
  KYB_DOCUMENT_MAX_BYTES,
  KybApplicationsResponseSchema,
  KybDecisionResponseSchema,
  KybDocumentParamsSchema,
  KybRejectRequestSchema,
  KybResponseSchema,
  KybUploadSchema,
  KybUserParamsSchema,
} from '@portal/shared/kyb';
import { messages } from '@portal/shared/messages';
import type { App } from '../../app.js';
import { errorResponses } from '../../http.js';
import { ANY_ROLE, caller } from '../../plugins/policy.js';
import { base64BodyLimit } from '../../uploads.js';
import type { KybFile, KybService } from './kyb.service.js';

const tags = ['kyb'];
const adminTags = ['admin'];
const security = [{ bearer: [] }];
const admin = { policy: ['admin'] as const };
const response = { 200: KybResponseSchema, ...errorResponses };

/** `filename` for old clients (ASCII only), `filename*` (RFC 6266/5987) with the real name. */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A business document: personal data, never kept by a shared cache, never sniffed by a browser. */
function sendFile(reply: FastifyReply, file: KybFile) {
  return reply
    .type(file.contentType)
    .header('content-disposition', contentDisposition(file.fileName))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.bytes);
}

/**
 * KYB (ADR 0046): the user's own application and documents (any signed-in role: the owner is
 * who the session names, never a parameter), and the administrators' review queue.
 */
export function kybRoutes(app: App, kyb: KybService): void {
  const owner = { policy: ANY_ROLE };

  app.get(
    '/api/kyb',
    {
      config: owner,
      schema: { tags, security, summary: 'My KYB status and the business documents I uploaded', response },
    },
    async (request) => ({ success: true as const, kyb: await kyb.view(caller(request).userId) }),
  );

  app.post(
    '/api/kyb/documents',
    {
      config: owner,
      bodyLimit: base64BodyLimit(KYB_DOCUMENT_MAX_BYTES),
      schema: {
        tags,
        security,
        summary:
          'Uploads a business document (PDF, PNG or JPEG, checked by content; at most 10 MB); submits the application',
        body: KybUploadSchema,
        response,
      },
    },
    async (request) => ({
      success: true as const,
      message: messages.kybDocumentUploaded,
      kyb: await kyb.upload(caller(request).userId, request.body),
    }),
  );

  app.get(
    '/api/kyb/documents/:documentId',
    {
      config: owner,
      // The answer is the file itself: no response schema.
      schema: {
        tags,
        security,
        summary: 'Downloads one of my business documents',
        params: KybDocumentParamsSchema,
      },
    },
    async (request, reply) =>
      sendFile(reply, await kyb.document(caller(request).userId, request.params.documentId)),
  );

  app.delete(
    '/api/kyb/documents/:documentId',
    {
      config: owner,
      schema: {
        tags,
        security,
        summary: 'Removes one of my business documents (until the business is verified)',
        params: KybDocumentParamsSchema,
        response,
      },
    },
    async (request) => ({
      success: true as const,
      message: messages.kybDocumentDeleted,
      kyb: await kyb.deleteDocument(caller(request).userId, request.params.documentId),
    }),
  );

  app.get(
    '/api/admin/kyb',
    {
      config: admin,
      schema: {
        tags: adminTags,
        security,
        summary: 'KYB applications, pending first, with the user and their documents',
        querystring: AdminKybQuerySchema,
        response: { 200: KybApplicationsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      applications: await kyb.applications(request.query.limit),
    }),
  );

  app.get(
    '/api/admin/kyb/documents/:documentId',
    {
      config: admin,
      schema: {
        tags: adminTags,
        security,
        summary: "Downloads a user's business document for review",
        params: KybDocumentParamsSchema,
      },
    },
    async (request, reply) => sendFile(reply, await kyb.reviewDocument(request.params.documentId)),
  );

  app.post(
    '/api/admin/kyb/:userId/approve',
    {
      config: admin,
      schema: {
        tags: adminTags,
        security,
        summary: 'Approves a pending KYB application (audited; the user is notified)',
        params: KybUserParamsSchema,
        response: { 200: KybDecisionResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      application: await kyb.approve(caller(request).userId, request.params.userId),
    }),
  );

  app.post(
    '/api/admin/kyb/:userId/reject',
    {
      config: admin,
      schema: {
        tags: adminTags,
        security,
        summary: 'Rejects a pending KYB application with a reason shown to the user (audited; notified)',
        params: KybUserParamsSchema,
        body: KybRejectRequestSchema,
        response: { 200: KybDecisionResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      application: await kyb.reject(caller(request).userId, request.params.userId, request.body.reason),
    }),
  );
}
