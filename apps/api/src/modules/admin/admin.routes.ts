import { z } from 'zod';
import type { App } from '../../app.js';
import { errorResponses } from '../../http.js';
import { messages } from '@portal/shared/messages';
import type { OutboxMail } from '../../providers/mail/mail.embedded.js';
import type { RevocationService } from '../credentials/revocation.service.js';

const OutboxResponseSchema = z
  .object({
    success: z.literal(true),
    messages: z.array(
      z.object({
        id: z.string(),
        to: z.string(),
        subject: z.string(),
        transport: z.string(),
        createdAt: z.string(),
      }),
    ),
  })
  .meta({ id: 'OutboxResponse' });

/** Admin routes. The outbox lists what the portal mailed, as metadata: never a message's body. */
export function adminRoutes(app: App, outbox: OutboxMail, revocation: RevocationService): void {
  app.post(
    '/api/admin/users/:userId/revoke-identity',
    {
      config: { policy: ['admin'] },
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
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
    async (request) => ({
      success: true as const,
      revokedCredentials: await revocation.revoke(request.params.userId, `admin: ${request.body.reason}`),
    }),
  );

  app.get(
    '/api/admin/outbox',
    {
      config: { policy: ['admin'] },
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        querystring: z.strictObject({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: { 200: OutboxResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const rows = await outbox.list(request.query.limit);
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
