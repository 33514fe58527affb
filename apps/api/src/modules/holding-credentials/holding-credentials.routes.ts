import {
  HoldingCredentialParamsSchema,
  HoldingCredentialResponseSchema,
  HoldingCredentialShareResponseSchema,
  HoldingCredentialsResponseSchema,
  IssueHoldingCredentialRequestSchema,
} from '@portal/shared/holding-credentials';
import type { Role } from '@portal/shared/roles';
import type { App } from '../../app.js';
import { errorResponses } from '../../http.js';
import { caller } from '../../plugins/policy.js';
import type { HoldingCredentialsService } from './holding-credentials.service.js';

const tags = ['holding-credentials'];
const security = [{ bearer: [] }];
// Those who hold assets (docs/product.md §6); only the holder issues, lists, revokes or shares.
const policy: readonly Role[] = ['investor', 'admin'];

/** The caller's own holding credentials (ADR 74). */
export function holdingCredentialsRoutes(app: App, service: HoldingCredentialsService): void {
  app.post(
    '/api/holding-credentials',
    {
      config: { policy },
      schema: {
        tags,
        security,
        summary: 'Issue myself a credential proving I hold at least an amount of a token',
        body: IssueHoldingCredentialRequestSchema,
        response: { 201: HoldingCredentialResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        credential: await service.issue(caller(request).userId, request.body),
      }),
  );

  app.get(
    '/api/holding-credentials',
    {
      config: { policy },
      schema: {
        tags,
        security,
        summary: 'My holding credentials with their status',
        response: { 200: HoldingCredentialsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, credentials: await service.list(caller(request).userId) }),
  );

  app.post(
    '/api/holding-credentials/:id/revoke',
    {
      config: { policy },
      schema: {
        tags,
        security,
        summary: 'Revoke one of my holding credentials in the status list',
        params: HoldingCredentialParamsSchema,
        response: { 200: HoldingCredentialResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      credential: await service.revoke(caller(request).userId, request.params.id),
    }),
  );

  app.post(
    '/api/holding-credentials/:id/share',
    {
      config: { policy },
      schema: {
        tags,
        security,
        summary: 'A public link that shows and verifies one of my holding credentials',
        params: HoldingCredentialParamsSchema,
        response: { 200: HoldingCredentialShareResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await service.share(caller(request).userId, request.params.id)),
    }),
  );
}
