import { z } from 'zod';
import { IdParamsSchema } from '@portal/shared/issuer';
import { IdempotencyKeySchema } from '@portal/shared/purchases';
import {
  MyRedemptionsResponseSchema,
  OpenRedemptionWindowRequestSchema,
  RedemptionRequestBodySchema,
  RedemptionRequestParamsSchema,
  RedemptionRequestResponseSchema,
  RedemptionWindowParamsSchema,
  RedemptionWindowResponseSchema,
  RedemptionWindowsResponseSchema,
} from '@portal/shared/redemptions';
import type { Role } from '@portal/shared/roles';
import type { App } from '../../app.js';
import { errorResponses } from '../../http.js';
import { caller } from '../../plugins/policy.js';
import type { RedemptionsService } from './redemptions.service.js';

const tags = ['redemptions'];
const security = [{ bearer: [] }];
const issuerPolicy: readonly Role[] = ['issuer', 'admin'];
const holderPolicy: readonly Role[] = ['investor', 'admin'];
const headers = z.object({ 'idempotency-key': IdempotencyKeySchema });

/** Redemption windows (ADR 72): the issuer opens them on its tokens, holders ask and cancel. */
export function redemptionsRoutes(app: App, redemptions: RedemptionsService): void {
  app.post(
    '/api/issuer/tokens/:id/redemption-windows',
    {
      config: { policy: issuerPolicy },
      schema: {
        tags,
        security,
        headers,
        summary: 'Opens a redemption window on my token: price per token, currency, cap and dates',
        params: IdParamsSchema,
        body: OpenRedemptionWindowRequestSchema,
        response: { 201: RedemptionWindowResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const window = await redemptions.openWindow(
        caller(request).userId,
        request.params.id,
        request.body,
        request.headers['idempotency-key'],
      );
      return reply.code(201).send({ success: true as const, window });
    },
  );

  app.get(
    '/api/issuer/tokens/:id/redemption-windows',
    {
      config: { policy: issuerPolicy },
      schema: {
        tags,
        security,
        summary: "My token's redemption windows with what was requested and accepted, newest first",
        params: IdParamsSchema,
        response: { 200: RedemptionWindowsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      windows: await redemptions.windowsOfToken(caller(request).userId, request.params.id),
    }),
  );

  app.get(
    '/api/redemptions',
    {
      config: { policy: holderPolicy },
      schema: {
        tags,
        security,
        summary: 'Redemption windows open on tokens I hold, and my redemption requests',
        response: { 200: MyRedemptionsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, ...(await redemptions.mine(caller(request).userId)) }),
  );

  app.post(
    '/api/redemptions/windows/:windowId/requests',
    {
      config: { policy: holderPolicy },
      schema: {
        tags,
        security,
        headers,
        summary: 'Asks to redeem whole tokens in an open window; they are locked on chain at once',
        params: RedemptionWindowParamsSchema,
        body: RedemptionRequestBodySchema,
        response: { 201: RedemptionRequestResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      // Without a key, the request id stands in: a client retry is then a new request.
      const key = request.headers['idempotency-key'] ?? `request:${request.id}`;
      const created = await redemptions.request(
        caller(request).userId,
        request.params.windowId,
        request.body.amount,
        key,
      );
      return reply.code(201).send({ success: true as const, request: created });
    },
  );

  app.post(
    '/api/redemptions/requests/:requestId/cancel',
    {
      config: { policy: holderPolicy },
      schema: {
        tags,
        security,
        headers,
        summary: 'Cancels my redemption request while its window is open; the tokens come back',
        params: RedemptionRequestParamsSchema,
        response: { 200: RedemptionRequestResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      // Cancelling is idempotent by itself: a repeat answers the same cancelled request.
      request: await redemptions.cancel(caller(request).userId, request.params.requestId),
    }),
  );
}
