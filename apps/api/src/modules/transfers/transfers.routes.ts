import { z } from 'zod';
import { IdempotencyKeySchema } from '@portal/shared/purchases';
import type { Role } from '@portal/shared/roles';
import {
  TransferCheckResponseSchema,
  TransferHandleResponseSchema,
  TransferRequestSchema,
  TransferResponseSchema,
  TransfersResponseSchema,
} from '@portal/shared/transfers';
import type { App } from '../../app.js';
import { errorResponses } from '../../http.js';
import { caller } from '../../plugins/policy.js';
import type { TransfersService } from './transfers.service.js';

const tags = ['transfers'];
const security = [{ bearer: [] }];
const holderPolicy: readonly Role[] = ['investor', 'admin'];
const headers = z.object({ 'idempotency-key': IdempotencyKeySchema });

/** Transfers to another investor by handle, or to my own linked wallet (ADR 76). */
export function transfersRoutes(app: App, transfers: TransfersService): void {
  app.get(
    '/api/transfers',
    {
      config: { policy: holderPolicy },
      schema: {
        tags,
        security,
        summary: 'My transfers out and in (to and from other investors, to my own wallets), newest first',
        response: { 200: TransfersResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, transfers: await transfers.mine(caller(request).userId) }),
  );

  app.get(
    '/api/transfers/handle',
    {
      config: { policy: holderPolicy },
      schema: {
        tags,
        security,
        summary: 'My transfer handle, to give to someone who will send me tokens',
        response: { 200: TransferHandleResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, handle: await transfers.handle(caller(request).userId) }),
  );

  app.post(
    '/api/transfers/handle',
    {
      config: { policy: holderPolicy },
      schema: {
        tags,
        security,
        summary: 'Replaces my transfer handle with a new random one; the old one stops working',
        response: { 200: TransferHandleResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      handle: await transfers.regenerateHandle(caller(request).userId),
    }),
  );

  app.post(
    '/api/transfers/check',
    {
      config: { policy: holderPolicy },
      schema: {
        tags,
        security,
        summary: "May I send this amount to this handle or wallet, and if not why (the token's rules)",
        body: TransferRequestSchema,
        response: { 200: TransferCheckResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await transfers.check(caller(request).userId, request.body)),
    }),
  );

  app.post(
    '/api/transfers',
    {
      config: { policy: holderPolicy },
      schema: {
        tags,
        security,
        headers,
        summary: 'Sends tokens from my vault to an investor by handle, or to my own linked wallet',
        body: TransferRequestSchema,
        response: { 201: TransferResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      // Without a key, the request id stands in: a client retry is then a new transfer.
      const key = request.headers['idempotency-key'] ?? `request:${request.id}`;
      const transfer = await transfers.create(caller(request).userId, request.body, key);
      return reply.code(201).send({ success: true as const, transfer });
    },
  );
}
