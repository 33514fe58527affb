import { z } from 'zod';
import {
  DeclareDistributionSchema,
  DistributionIdParamsSchema,
  DistributionParamsSchema,
  DistributionResponseSchema,
  DistributionsResponseSchema,
  IncomeResponseSchema,
} from '@portal/shared/distributions';
import { IdempotencyKeySchema } from '@portal/shared/purchases';
import type { Role } from '@portal/shared/roles';
import type { App } from '../../app.js';
import { errorResponses } from '../../http.js';
import { ANY_ROLE, caller } from '../../plugins/policy.js';
import type { DistributionsService } from './distributions.service.js';

const security = [{ bearer: [] }];
// The issuer console admits issuers and admins; either acts only on the tokens they issued there.
const issuerPolicy: readonly Role[] = ['issuer', 'admin'];
const headers = z.object({ 'idempotency-key': IdempotencyKeySchema });

/** Distributions (ADR 71): declared and followed in the issuer console, received as income. */
export function distributionsRoutes(app: App, distributions: DistributionsService): void {
  app.post(
    '/api/issuer/tokens/:id/distributions',
    {
      config: { policy: issuerPolicy },
      schema: {
        tags: ['issuer'],
        security,
        headers,
        summary: 'Declares a distribution (dividend, coupon, yield) to the holders of my token',
        params: DistributionParamsSchema,
        body: DeclareDistributionSchema,
        response: { 201: DistributionResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      // Without a key, the request id stands in: a client retry is then a new declaration.
      const key = request.headers['idempotency-key'] ?? `request:${request.id}`;
      const distribution = await distributions.declare(
        caller(request).userId,
        request.params.id,
        request.body,
        key,
      );
      return reply.status(201).send({ success: true as const, distribution });
    },
  );

  app.get(
    '/api/issuer/tokens/:id/distributions',
    {
      config: { policy: issuerPolicy },
      schema: {
        tags: ['issuer'],
        security,
        summary: "My token's distributions with their status, holders, paid so far and remainder",
        params: DistributionParamsSchema,
        response: { 200: DistributionsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      distributions: await distributions.list(caller(request).userId, request.params.id),
    }),
  );

  app.post(
    '/api/issuer/distributions/:id/cancel',
    {
      config: { policy: issuerPolicy },
      schema: {
        tags: ['issuer'],
        security,
        summary: 'Cancels my distribution before its record date',
        params: DistributionIdParamsSchema,
        response: { 200: DistributionResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      distribution: await distributions.cancel(caller(request).userId, request.params.id),
    }),
  );

  app.get(
    '/api/income',
    {
      config: { policy: ANY_ROLE },
      schema: {
        tags: ['holdings'],
        security,
        summary: 'The distributions I received: per token, with the transaction and my credential',
        response: { 200: IncomeResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await distributions.income(caller(request).userId)),
    }),
  );
}
