import { z } from 'zod';
import { IdempotencyKeySchema } from '@portal/shared/purchases';
import type { Role } from '@portal/shared/roles';
import {
  IssuerSecondaryResponseSchema,
  MySecondaryResponseSchema,
  PostSecondaryOrderBodySchema,
  SecondaryFillResponseSchema,
  SecondaryOrderBookResponseSchema,
  SecondaryOrderParamsSchema,
  SecondaryOrderResponseSchema,
  SecondaryTokenParamsSchema,
  SecondaryTradesResponseSchema,
  TakeSecondaryOrderBodySchema,
} from '@portal/shared/secondary-market';
import type { App } from '../../app.js';
import { errorResponses } from '../../http.js';
import { caller } from '../../plugins/policy.js';
import type { SecondaryMarketService } from './secondary-market.service.js';

const tags = ['secondary-market'];
const security = [{ bearer: [] }];
const issuerPolicy: readonly Role[] = ['issuer', 'admin'];
const investorPolicy: readonly Role[] = ['investor', 'admin'];
const headers = z.object({ 'idempotency-key': IdempotencyKeySchema });

/** The secondary market (ADR 75): holders post sell orders, investors take them, issuers watch. */
export function secondaryMarketRoutes(app: App, market: SecondaryMarketService): void {
  app.get(
    '/api/secondary/tokens/:id/book',
    {
      config: { policy: investorPolicy },
      schema: {
        tags,
        security,
        summary: "A token's open sell orders, cheapest first (sellers anonymous), and whether it trades now",
        params: SecondaryTokenParamsSchema,
        response: { 200: SecondaryOrderBookResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await market.book(caller(request).userId, request.params.id)),
    }),
  );

  app.get(
    '/api/secondary/tokens/:id/trades',
    {
      config: { policy: investorPolicy },
      schema: {
        tags,
        security,
        summary: "A token's last settled trades and its price history",
        params: SecondaryTokenParamsSchema,
        response: { 200: SecondaryTradesResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, ...(await market.trades(request.params.id)) }),
  );

  app.post(
    '/api/secondary/tokens/:id/orders',
    {
      config: { policy: investorPolicy },
      schema: {
        tags,
        security,
        headers,
        summary: 'Posts a sell order of whole tokens at a price per token in wei; they are locked on chain',
        params: SecondaryTokenParamsSchema,
        body: PostSecondaryOrderBodySchema,
        response: { 201: SecondaryOrderResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      // Without a key, the request id stands in: a client retry is then a new order.
      const key = request.headers['idempotency-key'] ?? `request:${request.id}`;
      const order = await market.post(caller(request).userId, request.params.id, request.body, key);
      return reply.code(201).send({ success: true as const, order });
    },
  );

  app.post(
    '/api/secondary/orders/:orderId/take',
    {
      config: { policy: investorPolicy },
      schema: {
        tags,
        security,
        headers,
        summary: 'Buys whole tokens from an open sell order: tokens and ETH swap in one transaction',
        params: SecondaryOrderParamsSchema,
        body: TakeSecondaryOrderBodySchema,
        response: { 201: SecondaryFillResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'] ?? `request:${request.id}`;
      const fill = await market.take(
        caller(request).userId,
        request.params.orderId,
        request.body.amount,
        key,
      );
      return reply.code(201).send({ success: true as const, fill });
    },
  );

  app.post(
    '/api/secondary/orders/:orderId/cancel',
    {
      config: { policy: investorPolicy },
      schema: {
        tags,
        security,
        headers,
        summary: 'Cancels my open sell order; the unsold tokens come back to my vault',
        params: SecondaryOrderParamsSchema,
        response: { 200: SecondaryOrderResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      // Cancelling is idempotent by itself: a repeat answers the same cancelled order.
      order: await market.cancel(caller(request).userId, request.params.orderId),
    }),
  );

  app.get(
    '/api/secondary/mine',
    {
      config: { policy: investorPolicy },
      schema: {
        tags,
        security,
        summary: 'My sell orders and my fills, as buyer and as seller',
        response: { 200: MySecondaryResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, ...(await market.mine(caller(request).userId)) }),
  );

  app.get(
    '/api/issuer/tokens/:id/secondary',
    {
      config: { policy: issuerPolicy },
      schema: {
        tags,
        security,
        summary:
          'Trading in my token on the secondary market: volume, value, traders, open orders, last trades',
        params: SecondaryTokenParamsSchema,
        response: { 200: IssuerSecondaryResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await market.issuerView(caller(request).userId, request.params.id)),
    }),
  );
}
