import { z } from 'zod';
import {
  AdminAuditResponseSchema,
  AdminChainResponseSchema,
  AdminJobParamsSchema,
  AdminJobResponseSchema,
  AdminJobsQuerySchema,
  AdminJobsResponseSchema,
  AdminLimitQuerySchema,
  AdminListingParamsSchema,
  AdminListingResponseSchema,
  AdminListingsResponseSchema,
  AdminSuspendRequestSchema,
  AdminUsersQuerySchema,
  AdminUsersResponseSchema,
  OutboxResponseSchema,
} from '@portal/shared/admin';
import { messages } from '@portal/shared/messages';
import type { App } from '../../app.js';
import { DomainError } from '../../errors.js';
import { errorResponses } from '../../http.js';
import { caller } from '../../plugins/policy.js';
import type { OutboxMail } from '../../providers/mail/mail.embedded.js';
import type { RevocationService } from '../credentials/revocation.service.js';
import type { AdminService } from './admin.service.js';

const admin = { policy: ['admin'] as const };
const tags = ['admin'];
const security = [{ bearer: [] }];

/**
 * The admin console's API (ADMIN only). Reads never return secrets or message bodies; every
 * action is written to the audit log with the admin and the request id.
 */
export function adminRoutes(
  app: App,
  deps: { admin: AdminService; outbox: OutboxMail; revocation: RevocationService },
): void {
  app.get(
    '/api/admin/users',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Users with their role, KYC state and vault',
        querystring: AdminUsersQuerySchema,
        response: { 200: AdminUsersResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      users: await deps.admin.users(request.query.q, request.query.limit),
    }),
  );

  app.post(
    '/api/admin/users/:userId/revoke-identity',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: "Revokes a user's credentials (status list) and burns their SBT on chain",
        params: z.object({ userId: z.uuid(messages.notFound) }),
        body: z.strictObject({
          reason: z
            .string({ error: messages.identityRevokeReasonRequired })
            .trim()
            .min(1, messages.identityRevokeReasonRequired)
            .max(500, messages.kycReasonTooLong),
        }),
        response: {
          200: z.object({ success: z.literal(true), revokedCredentials: z.number() }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { userId } = request.params;
      if (!(await deps.admin.users(undefined, 1, userId)).length)
        throw new DomainError('NOT_FOUND', messages.notFound);
      const revokedCredentials = await deps.revocation.revoke(userId, `admin: ${request.body.reason}`);
      await deps.admin.record(
        caller(request).userId,
        'identity.revoke',
        { type: 'user', id: userId },
        { reason: request.body.reason, revokedCredentials },
      );
      return { success: true as const, revokedCredentials };
    },
  );

  app.get(
    '/api/admin/jobs',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Background jobs by status (failed first), with counts per status',
        querystring: AdminJobsQuerySchema,
        response: { 200: AdminJobsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await deps.admin.jobs(request.query.status, request.query.limit)),
    }),
  );

  app.post(
    '/api/admin/jobs/:jobId/retry',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Runs a failed job again from its first attempt',
        params: AdminJobParamsSchema,
        response: { 200: AdminJobResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      job: await deps.admin.retryJob(caller(request).userId, request.params.jobId),
    }),
  );

  app.get(
    '/api/admin/listings',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: "Every issuer's listings with what is sold and reserved",
        querystring: AdminLimitQuerySchema,
        response: { 200: AdminListingsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, listings: await deps.admin.listings(request.query.limit) }),
  );

  app.post(
    '/api/admin/listings/:listingId/suspension',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Suspends a listing (hidden from the marketplace, closed to purchases) or lifts it',
        params: AdminListingParamsSchema,
        body: AdminSuspendRequestSchema,
        response: { 200: AdminListingResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      listing: await deps.admin.suspendListing(
        caller(request).userId,
        request.params.listingId,
        request.body.suspended,
        request.body.reason,
      ),
    }),
  );

  app.get(
    '/api/admin/chain',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Chain height, platform balances and the embedded journal',
        response: { 200: AdminChainResponseSchema, ...errorResponses },
      },
    },
    async () => ({ success: true as const, ...(await deps.admin.chainStatus()) }),
  );

  app.get(
    '/api/admin/audit',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'What administrators did, newest first',
        querystring: AdminLimitQuerySchema,
        response: { 200: AdminAuditResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, entries: await deps.admin.auditLog(request.query.limit) }),
  );

  app.get(
    '/api/admin/outbox',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Mail the portal sent, as metadata: never a message body',
        querystring: AdminLimitQuerySchema,
        response: { 200: OutboxResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const rows = await deps.outbox.list(request.query.limit);
      return {
        success: true as const,
        messages: rows.map(({ id, to, subject, transport, createdAt }) => ({
          id,
          to,
          subject,
          transport,
          createdAt: createdAt.toISOString(),
        })),
      };
    },
  );
}
