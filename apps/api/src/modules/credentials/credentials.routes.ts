import {
  IssuerResponseSchema,
  JsonLdContextSchema,
  PORTAL_CONTEXT_PATH,
  VerifyCredentialRequestSchema,
  VerifyCredentialResponseSchema,
} from '@portal/shared/credentials';
import type { App } from '../../app.js';
import { errorResponses } from '../../http.js';
import type { CredentialsService } from './credentials.service.js';

const tags = ['credentials'];

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
      config: { policy: 'public', rateLimit: { max: limits.verifyPerMinute, timeWindow: 60_000 } },
      schema: {
        tags,
        body: VerifyCredentialRequestSchema,
        response: { 200: VerifyCredentialResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { credential, cid } = request.body;
      const result = credential ? await credentials.verify(credential) : await credentials.verifyStored(cid!);
      return { success: true as const, ...result };
    },
  );

  app.get(
    PORTAL_CONTEXT_PATH,
    {
      config: { policy: 'public' },
      schema: { tags, response: { 200: JsonLdContextSchema, ...errorResponses } },
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
