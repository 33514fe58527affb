import { z } from 'zod';
import type { App } from '../../app.js';
import { errorResponses } from '../../http.js';
import type { OutboxMail } from '../../providers/mail/mail.embedded.js';

const OutboxResponseSchema = z
  .object({
    success: z.literal(true),
    messages: z.array(
      z.object({
        id: z.string(),
        to: z.string(),
        subject: z.string(),
        text: z.string(),
        createdAt: z.string(),
      }),
    ),
  })
  .meta({ id: 'OutboxResponse' });

/** The embedded mailbox: what the portal would have e-mailed, for admins of a local setup. */
export function adminRoutes(app: App, outbox: OutboxMail): void {
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
        messages: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      };
    },
  );
}
