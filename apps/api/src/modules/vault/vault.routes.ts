import { messages } from '@portal/shared/messages';
import {
  CreateVaultRequestSchema,
  CreateVaultResponseSchema,
  FireblocksWebhookEventSchema,
  VaultConnectionResponseSchema,
  VaultInfoResponseSchema,
  VaultUsersQuerySchema,
  VaultUsersResponseSchema,
  VaultWalletsResponseSchema,
  WebhookAckSchema,
} from '@portal/shared/vault';
import type { App } from '../../app.js';
import { DomainError } from '../../errors.js';
import { errorResponses } from '../../http.js';
import { ANY_ROLE, caller } from '../../plugins/policy.js';
import type { FireblocksWebhookVerifier } from '../../providers/custody/fireblocks-webhook.js';
import type { VaultService } from './vault.service.js';

const tags = ['vault'];
const security = [{ bearer: [] }];

export function vaultRoutes(
  app: App,
  vault: VaultService,
  fireblocksWebhook: FireblocksWebhookVerifier | undefined,
): void {
  app.post(
    '/api/vault/create',
    {
      config: { policy: ANY_ROLE },
      schema: {
        tags,
        security,
        body: CreateVaultRequestSchema.nullish(),
        response: { 201: CreateVaultResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { userId, role } = caller(request);
      const result = await vault.create(userId, request.body ?? {}, role);
      return reply.status(201).send({ success: true as const, ...result });
    },
  );

  app.get(
    '/api/vault/info',
    {
      config: { policy: ANY_ROLE },
      schema: { tags, security, response: { 200: VaultInfoResponseSchema, ...errorResponses } },
    },
    async (request) => ({ success: true as const, ...(await vault.info(caller(request).userId)) }),
  );

  app.get(
    '/api/vault/wallets',
    {
      config: { policy: ANY_ROLE },
      schema: { tags, security, response: { 200: VaultWalletsResponseSchema, ...errorResponses } },
    },
    async (request) => ({
      success: true as const,
      wallets: await vault.refreshWallets(caller(request).userId),
    }),
  );

  app.get(
    '/api/vault/test-connection',
    {
      config: { policy: ANY_ROLE },
      schema: { tags, security, response: { 200: VaultConnectionResponseSchema, ...errorResponses } },
    },
    async (request) => ({
      success: true as const,
      ...(await vault.testConnection(caller(request).userId, caller(request).role)),
    }),
  );

  app.get(
    '/api/vault/all-users',
    {
      config: { policy: ['admin'] },
      schema: {
        tags,
        security,
        querystring: VaultUsersQuerySchema,
        response: { 200: VaultUsersResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await vault.userStatuses(request.query.limit, request.query.cursor)),
    }),
  );

  if (!fireblocksWebhook) return;
  app.post(
    '/api/vault/webhook/fireblocks',
    {
      config: { policy: 'webhook' },
      // The signature is checked before the body is validated: strangers learn nothing.
      preValidation: async (request) => {
        const header = request.headers['fireblocks-webhook-signature'];
        let valid: boolean;
        try {
          valid = await fireblocksWebhook.verify(
            request.rawBody ?? Buffer.alloc(0),
            typeof header === 'string' ? header : undefined,
          );
        } catch (error) {
          throw new DomainError('SERVICE_UNAVAILABLE', messages.serviceUnavailable, { cause: error });
        }
        if (!valid) throw new DomainError('UNAUTHENTICATED', messages.webhookSignatureInvalid);
      },
      schema: {
        tags,
        body: FireblocksWebhookEventSchema,
        response: { 200: WebhookAckSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await vault.handleCustodyEvent(request.body, request.body)),
    }),
  );
}
