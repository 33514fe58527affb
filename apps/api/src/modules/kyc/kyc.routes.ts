import { z } from 'zod';
import {
  KycStoreDataRequestSchema,
  KycSyncResponseSchema,
  KycTokenResponseSchema,
  KycVerificationStatusResponseSchema,
} from '@portal/shared/kyc';
import type { App } from '../../app.js';
import { errorResponses } from '../../http.js';
import { ANY_ROLE, caller } from '../../plugins/policy.js';
import type { SandboxService } from '../../providers/kyc/sandbox/sandbox.service.js';
import { sandboxRoutes } from './kyc-sandbox.routes.js';
import type { AdminService } from '../admin/admin.service.js';
import type { KycService } from './kyc.service.js';

export interface KycRouteDeps {
  kyc: KycService;
  /** The embedded verification service, when it is the selected provider. */
  sandbox: SandboxService | undefined;
  websdkDir: string;
  /** Where a reviewer's decision is written (the admin audit log). */
  audit: Pick<AdminService, 'record'>;
}

const tags = ['kyc'];
const security = [{ bearer: [] }];

const WebhookResponseSchema = z
  .object({
    success: z.literal(true),
    outcome: z.enum(['applied', 'stale', 'ignored', 'unknown_applicant', 'duplicate']),
  })
  .meta({ id: 'KycWebhookResponse' });

/** The KYC calls of docs/product.md §7.2, the provider's webhook, and (embedded setup) the sandbox's own routes. */
export async function kycRoutes(app: App, deps: KycRouteDeps): Promise<void> {
  const { kyc } = deps;

  app.post(
    '/api/kyc/token',
    {
      config: { policy: ANY_ROLE },
      schema: { tags, security, response: { 200: KycTokenResponseSchema, ...errorResponses } },
    },
    async (request) => ({ success: true as const, ...(await kyc.token(caller(request).userId)) }),
  );

  app.get(
    '/api/kyc/verification-status',
    {
      config: { policy: ANY_ROLE },
      schema: { tags, security, response: { 200: KycVerificationStatusResponseSchema, ...errorResponses } },
    },
    async (request) => ({
      success: true as const,
      ...(await kyc.verificationStatus(caller(request).userId)),
    }),
  );

  app.post(
    '/api/kyc/store-data',
    {
      config: { policy: ANY_ROLE },
      schema: {
        tags,
        security,
        body: KycStoreDataRequestSchema,
        response: { 200: KycSyncResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await kyc.storeData(caller(request).userId, request.body.applicantId)),
    }),
  );

  app.post(
    '/api/kyc/enhanced-storage',
    {
      config: { policy: ANY_ROLE },
      schema: { tags, security, response: { 200: KycSyncResponseSchema, ...errorResponses } },
    },
    async (request) => ({ success: true as const, ...(await kyc.enhancedStorage(caller(request).userId)) }),
  );

  // Authenticated by X-Payload-Digest over the raw bytes, so there is no body schema: nothing is
  // validated (or revealed) before the signature is checked.
  app.post(
    '/api/kyc/webhook',
    {
      config: { policy: 'webhook' },
      bodyLimit: 64 * 1024,
      schema: { tags, response: { 200: WebhookResponseSchema, ...errorResponses } },
    },
    async (request) => ({
      success: true as const,
      outcome: await kyc.receiveWebhook(request.rawBody ?? Buffer.alloc(0), request.headers),
    }),
  );

  if (deps.sandbox) await sandboxRoutes(app, deps.sandbox, deps.websdkDir, deps.audit);
}
