import {
  CreateShareRequestSchema,
  CreateShareResponseSchema,
  CREDENTIAL_STATUS_PATH,
  IssuerResponseSchema,
  JsonLdContextSchema,
  ListSharesQuerySchema,
  ListSharesResponseSchema,
  PORTAL_CONTEXT_PATH,
  SharedCredentialResponseSchema,
  ShareIdParamsSchema,
  SharedCredentialRequestSchema,
  StatusListParamsSchema,
  VerifyCredentialRequestSchema,
  VerifyCredentialResponseSchema,
} from '@portal/shared/credentials';
import { textAnswer } from '@portal/shared/bounds';
import { z } from 'zod';
import type { App } from '../../app.js';
import { errorResponses } from '../../http.js';
import { ANY_ROLE, caller } from '../../plugins/policy.js';
import type { CredentialsService } from './credentials.service.js';

const tags = ['credentials'];
const security = [{ bearer: [] }];

export function credentialsRoutes(
  app: App,
  credentials: CredentialsService,
  limits: { verifyPerMinute: number },
): void {
  app.get(
    '/api/credentials/issuer',
    {
      config: { policy: 'public' },
      schema: { tags, response: { 200: IssuerResponseSchema, ...errorResponses } },
    },
    async () => ({ success: true as const, did: credentials.issuerDid }),
  );

  app.post(
    '/api/credentials/verify',
    {
      // Anyone may verify; canonicalizing a credential costs real CPU, hence its own tighter limit.
      // By CID only the holder (or an admin) reaches a private credential.
      config: {
        policy: 'public',
        identify: true,
        rateLimit: { max: limits.verifyPerMinute, timeWindow: 60_000 },
      },
      schema: {
        tags,
        body: VerifyCredentialRequestSchema,
        response: { 200: VerifyCredentialResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { credential, cid } = request.body;
      const result = credential
        ? await credentials.verify(credential)
        : await credentials.verifyStored(cid!, request.auth);
      return { success: true as const, ...result };
    },
  );

  app.get(
    `${CREDENTIAL_STATUS_PATH}/:list`,
    {
      config: { policy: 'public' },
      schema: {
        tags,
        summary: 'A signed W3C BitstringStatusListCredential (revocation)',
        produces: ['application/vc+ld+json'],
        params: StatusListParamsSchema,
        // A status list credential: our own few top-level terms.
        response: { 200: z.record(textAnswer(100), z.unknown()), ...errorResponses },
      },
    },
    async (request, reply) => {
      // Verifiers anywhere fetch it; a short cache keeps a revocation visible within a minute.
      reply
        .type('application/vc+ld+json')
        .header('cache-control', 'public, max-age=60')
        .header('access-control-allow-origin', '*');
      return credentials.statusListCredential(request.params.list);
    },
  );

  app.post(
    '/api/credentials/shares',
    {
      config: { policy: ANY_ROLE },
      schema: {
        tags,
        security,
        summary: 'A revocable, expiring link to one of your credentials',
        body: CreateShareRequestSchema,
        response: { 201: CreateShareResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const share = await credentials.share(caller(request).userId, request.body.cid, request.body.days);
      return reply.status(201).send({ success: true as const, share });
    },
  );

  app.get(
    '/api/credentials/shares',
    {
      config: { policy: ANY_ROLE },
      schema: {
        tags,
        security,
        querystring: ListSharesQuerySchema,
        response: { 200: ListSharesResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      shares: await credentials.shares(caller(request).userId, request.query.cid),
    }),
  );

  app.delete(
    '/api/credentials/shares/:id',
    {
      config: { policy: ANY_ROLE },
      schema: {
        tags,
        security,
        params: ShareIdParamsSchema,
        response: { 204: z.null().describe('Revoked') },
      },
    },
    async (request, reply) => {
      await credentials.revokeShare(caller(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/credentials/shared',
    {
      config: { policy: 'public' },
      schema: {
        tags,
        summary: 'The credential behind a share link',
        body: SharedCredentialRequestSchema,
        response: { 200: SharedCredentialResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      // Personal data: never stored by a cache, never readable by another origin's script.
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, credential: await credentials.shared(request.body.token) };
    },
  );

  app.get(
    PORTAL_CONTEXT_PATH,
    {
      config: { policy: 'public' },
      schema: {
        tags,
        produces: ['application/ld+json'],
        response: { 200: JsonLdContextSchema, ...errorResponses },
      },
    },
    async (_request, reply) => {
      // A published context never changes under its URL; verifiers anywhere may fetch it.
      reply
        .type('application/ld+json')
        .header('cache-control', 'public, max-age=86400')
        .header('access-control-allow-origin', '*');
      return credentials.context();
    },
  );
}
