import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { COUNTRIES } from '@portal/shared/kyc-countries';
import {
  KYC_DOCUMENT_CONTENT_TYPES,
  KYC_DOCUMENT_LABELS,
  KYC_DOCUMENT_MAX_BYTES,
  KYC_DOCUMENT_TYPES,
  KycDecisionResponseSchema,
  KycPendingResponseSchema,
  KycRejectRequestSchema,
  SandboxApplicantInfoSchema,
  SandboxApplicantSchema,
  SandboxDocumentUploadSchema,
  SandboxFormConfigSchema,
} from '@portal/shared/kyc';
import { messages } from '@portal/shared/messages';
import type { App } from '../../app.js';
import { DomainError } from '../../errors.js';
import { errorResponses } from '../../http.js';
import type { AdminService } from '../admin/admin.service.js';
import { caller } from '../../plugins/policy.js';
import type { SandboxService } from '../../providers/kyc/sandbox/sandbox.service.js';
import type { HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyRequest {
    /** The applicant a sandbox page request's WebSDK access token is bound to. */
    sandboxApplicantId?: string;
  }
}

/** The header the verification page sends its WebSDK access token in (never a cookie). */
const ACCESS_TOKEN_HEADER = 'x-access-token';

/** JSON with a base64 image of at most 5 MB (about 6.7 MB encoded) and a few fields. */
const DOCUMENT_BODY_LIMIT = 8 * 1024 * 1024;

const STATIC_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/**
 * The verification page's own policy: framed by the portal only (the rest of the app keeps
 * frame-ancestors 'none'), scripts and styles from files only, calls to this origin only.
 */
const PAGE_HELMET: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'blob:', 'data:'],
      connectSrc: ["'self'"],
      formAction: ["'none'"],
      baseUri: ["'none'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'self'"],
    },
  },
  xFrameOptions: { action: 'sameorigin' },
};

const FILE_EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};

const tags = ['kyc-sandbox'];
const ApplicantParams = z.strictObject({
  applicantId: z
    .string()
    .max(24)
    .regex(/^[0-9a-f]{24}$/),
});

function loadPageFiles(dir: string): Map<string, { type: string; body: Buffer }> {
  const files = new Map<string, { type: string; body: Buffer }>();
  if (!existsSync(dir)) return files;
  for (const name of readdirSync(dir)) {
    const type = STATIC_TYPES[path.extname(name)];
    if (type) files.set(name, { type, body: readFileSync(path.join(dir, name)) });
  }
  return files;
}

async function noStore(_request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'no-store');
}

/**
 * The embedded verification service's HTTP surface: the WebSDK page (`/websdk/websdk.html`, the
 * `baseUrl` the web app gives @sumsub/websdk), the page's API, and the reviewers' queue.
 */
export async function sandboxRoutes(
  app: App,
  sandbox: SandboxService,
  websdkDir: string,
  audit: Pick<AdminService, 'record'>,
): Promise<void> {
  const files = loadPageFiles(websdkDir);

  app.get(
    '/websdk/:file',
    {
      config: { policy: 'public', securityHeaders: PAGE_HELMET },
      schema: { hide: true, params: z.object({ file: z.string() }) },
    },
    async (request, reply) => {
      const file = files.get(request.params.file);
      if (!file) throw new DomainError('NOT_FOUND', messages.notFound);
      return reply.header('cache-control', 'no-cache').type(file.type).send(file.body);
    },
  );

  // Runs before the body is read: an upload without a valid token is refused unread.
  const withToken = {
    onRequest: async (request: FastifyRequest) => {
      const header = request.headers[ACCESS_TOKEN_HEADER];
      request.sandboxApplicantId = (
        await sandbox.authenticate(typeof header === 'string' ? header : undefined)
      ).id;
    },
    onSend: noStore,
  };
  const applicantOf = (request: FastifyRequest) => {
    if (!request.sandboxApplicantId) throw new DomainError('UNAUTHENTICATED', messages.kycAccessTokenInvalid);
    return request.sandboxApplicantId;
  };

  app.get(
    '/websdk/api/config',
    { config: { policy: 'public' }, schema: { tags, response: { 200: SandboxFormConfigSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return {
        success: true as const,
        countries: Object.entries(COUNTRIES).map(([code, name]) => ({ code, name })),
        documentTypes: KYC_DOCUMENT_TYPES.map((code) => ({ code, name: KYC_DOCUMENT_LABELS[code] })),
        contentTypes: [...KYC_DOCUMENT_CONTENT_TYPES],
        maxDocumentBytes: KYC_DOCUMENT_MAX_BYTES,
      };
    },
  );

  app.get(
    '/websdk/api/applicant',
    {
      config: { policy: 'public' },
      ...withToken,
      schema: { tags, response: { 200: SandboxApplicantSchema, ...errorResponses } },
    },
    async (request) => ({ success: true as const, applicant: await sandbox.view(applicantOf(request)) }),
  );

  app.post(
    '/websdk/api/applicant/document',
    {
      config: { policy: 'public' },
      ...withToken,
      bodyLimit: DOCUMENT_BODY_LIMIT,
      schema: {
        tags,
        body: SandboxDocumentUploadSchema,
        response: { 200: SandboxApplicantSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      applicant: await sandbox.uploadDocument(applicantOf(request), request.body),
    }),
  );

  app.post(
    '/websdk/api/applicant/submit',
    {
      config: { policy: 'public' },
      ...withToken,
      schema: {
        tags,
        body: SandboxApplicantInfoSchema,
        response: { 200: SandboxApplicantSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      applicant: await sandbox.submit(applicantOf(request), request.body),
    }),
  );

  const admin = { policy: ['admin'] as const };
  const adminTags = ['admin'];
  const security = [{ bearer: [] }];

  app.get(
    '/api/admin/kyc/pending',
    {
      config: admin,
      schema: {
        tags: adminTags,
        security,
        querystring: z.strictObject({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: { 200: KycPendingResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, applicants: await sandbox.pending(request.query.limit) }),
  );

  app.get(
    '/api/admin/kyc/:applicantId/document',
    {
      config: admin,
      // The answer is the file itself, so only the error answers have a schema.
      schema: { tags: adminTags, security, params: ApplicantParams },
    },
    async (request, reply) => {
      const document = await sandbox.document(request.params.applicantId);
      return reply
        .type(document.contentType)
        .header(
          'content-disposition',
          `attachment; filename="document.${FILE_EXTENSIONS[document.contentType]}"`,
        )
        .send(document.bytes);
    },
  );

  app.post(
    '/api/admin/kyc/:applicantId/approve',
    {
      config: admin,
      schema: {
        tags: adminTags,
        security,
        params: ApplicantParams,
        response: { 200: KycDecisionResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const decision = await sandbox.approve(request.params.applicantId);
      await audit.record(caller(request).userId, 'kyc.approve', {
        type: 'kyc-applicant',
        id: request.params.applicantId,
      });
      return { success: true as const, ...decision };
    },
  );

  app.post(
    '/api/admin/kyc/:applicantId/reject',
    {
      config: admin,
      schema: {
        tags: adminTags,
        security,
        params: ApplicantParams,
        body: KycRejectRequestSchema,
        response: { 200: KycDecisionResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { reason, final } = request.body;
      const decision = await sandbox.reject(request.params.applicantId, reason, final);
      await audit.record(
        caller(request).userId,
        'kyc.reject',
        { type: 'kyc-applicant', id: request.params.applicantId },
        { reason, final },
      );
      return { success: true as const, ...decision };
    },
  );
}
