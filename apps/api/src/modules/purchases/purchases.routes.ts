import { z } from 'zod';
import {
  DirectPurchaseRequestSchema,
  EscrowPurchaseParamsSchema,
  EscrowPurchaseRequestSchema,
  IdempotencyKeySchema,
  MyAssetsResponseSchema,
  PurchaseIdParamsSchema,
  PurchaseResponseSchema,
} from '@portal/shared/purchases';
import type { Role } from '@portal/shared/roles';
import type { App } from '../../app.js';
import { errorResponses } from '../../http.js';
import { caller } from '../../plugins/policy.js';
import type { PurchasesService } from './purchases.service.js';

const tags = ['purchases'];
const security = [{ bearer: [] }];
// docs/product.md §6: buying is for investors and admins.
const policy: readonly Role[] = ['investor', 'admin'];
const headers = z.object({ 'idempotency-key': IdempotencyKeySchema });

export function purchasesRoutes(app: App, purchases: PurchasesService): void {
  app.post(
    '/api/escrow/:escrowId/purchase',
    {
      config: { policy },
      schema: {
        tags,
        security,
        headers,
        params: EscrowPurchaseParamsSchema,
        body: EscrowPurchaseRequestSchema,
        response: { 202: PurchaseResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const answer = await purchases.buyFromEscrow(
        caller(request).userId,
        request.params.escrowId,
        request.body,
        request.headers['idempotency-key'],
      );
      return reply.status(202).send(answer);
    },
  );

  app.post(
    '/api/token-purchases',
    {
      config: { policy },
      schema: {
        tags,
        security,
        headers,
        body: DirectPurchaseRequestSchema,
        response: { 202: PurchaseResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const answer = await purchases.buyDirect(
        caller(request).userId,
        request.body,
        request.headers['idempotency-key'],
      );
      return reply.status(202).send(answer);
    },
  );

  app.get(
    '/api/token-purchases/my-assets',
    {
      config: { policy },
      schema: { tags, security, response: { 200: MyAssetsResponseSchema, ...errorResponses } },
    },
    async (request) => ({ success: true as const, assets: await purchases.myAssets(caller(request).userId) }),
  );

  app.get(
    '/api/token-purchases/:id',
    {
      config: { policy },
      schema: {
        tags,
        security,
        params: PurchaseIdParamsSchema,
        response: { 200: PurchaseResponseSchema, ...errorResponses },
      },
    },
    async (request) => purchases.status(caller(request).userId, request.params.id),
  );
}
