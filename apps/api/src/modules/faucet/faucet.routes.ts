import { z } from 'zod';
import { FaucetRequestSchema, FaucetResponseSchema, FaucetStatusResponseSchema } from '@portal/shared/faucet';
import { IdempotencyKeySchema } from '@portal/shared/purchases';
import type { App } from '../../app.js';
import { errorResponses } from '../../http.js';
import { ANY_ROLE, caller } from '../../plugins/policy.js';
import type { FaucetService } from './faucet.service.js';

const tags = ['faucet'];
const security = [{ bearer: [] }];
const headers = z.object({ 'idempotency-key': IdempotencyKeySchema });

/** The test faucet (ADR 70): every role has a vault, so every role may ask for test funds. */
export function faucetRoutes(app: App, faucet: FaucetService): void {
  app.get(
    '/api/vault/faucet',
    {
      config: { policy: ANY_ROLE },
      schema: {
        tags,
        security,
        summary:
          'What the test faucet offers me: amounts, what is left today, public faucets on remote chains',
        response: { 200: FaucetStatusResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      allowances: await faucet.allowances(caller(request).userId),
    }),
  );

  app.post(
    '/api/vault/faucet',
    {
      config: { policy: ANY_ROLE },
      schema: {
        tags,
        security,
        headers,
        summary: 'Sends a fixed amount of test ETH, SOL or tUSD to my vault address (embedded chains only)',
        body: FaucetRequestSchema,
        response: { 200: FaucetResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      // Without a key, the request id stands in: a client retry is then a new request.
      const key = request.headers['idempotency-key'] ?? `request:${request.id}`;
      const result = await faucet.request(caller(request).userId, request.body, key);
      return { success: true as const, ...result };
    },
  );
}
