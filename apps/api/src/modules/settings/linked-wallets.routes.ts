import { z } from 'zod';
import { messages } from '@portal/shared/messages';
import {
  LinkedWalletsResponseSchema,
  SiweLinkRequestSchema,
  SiweNonceResponseSchema,
} from '@portal/shared/settings';
import type { App } from '../../app.js';
import { errorResponses } from '../../http.js';
import { ANY_ROLE, caller } from '../../plugins/policy.js';
import type { LinkedWalletsService } from './linked-wallets.service.js';

const tags = ['settings'];
const security = [{ bearer: [] }];

export function linkedWalletsRoutes(app: App, wallets: LinkedWalletsService): void {
  const config = { policy: ANY_ROLE };
  const response = { 200: LinkedWalletsResponseSchema, ...errorResponses };

  app.get('/api/settings/wallets', { config, schema: { tags, security, response } }, async (request) => ({
    success: true as const,
    wallets: await wallets.list(caller(request).userId),
  }));

  app.post(
    '/api/settings/wallets/nonce',
    { config, schema: { tags, security, response: { 200: SiweNonceResponseSchema, ...errorResponses } } },
    async (request) => ({ success: true as const, ...(await wallets.nonce(caller(request).userId)) }),
  );

  app.post(
    '/api/settings/wallets/link',
    { config, schema: { tags, security, body: SiweLinkRequestSchema, response } },
    async (request) => ({
      success: true as const,
      message: messages.walletLinked,
      wallets: await wallets.link(caller(request).userId, request.body.message, request.body.signature),
    }),
  );

  app.post(
    '/api/settings/wallets/:walletId/remove',
    {
      config,
      schema: {
        tags,
        security,
        params: z.strictObject({ walletId: z.uuid(messages.walletNotFound) }),
        response,
      },
    },
    async (request) => ({
      success: true as const,
      message: messages.walletUnlinked,
      wallets: await wallets.unlink(caller(request).userId, request.params.walletId),
    }),
  );
}
