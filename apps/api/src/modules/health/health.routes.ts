import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { App } from '../../app.js';
import type { Database } from '../../db/client.js';
import { DomainError } from '../../errors.js';
import { errorResponses } from '../../http.js';
import { messages } from '@portal/shared/messages';

const HealthSchema = z.object({ success: z.literal(true), status: z.literal('ok') });
const ReadySchema = z.object({
  success: z.literal(true),
  status: z.literal('ready'),
  database: z.enum(['pglite', 'postgres']),
});

/** Liveness (the process answers) and readiness (it can reach its database). */
export function healthRoutes(app: App, database: Database): void {
  app.get(
    '/api/health',
    // Probes are never rate-limited: a load balancer must not see a busy portal as a dead one.
    {
      config: { policy: 'public', rateLimit: false },
      schema: { tags: ['health'], response: { 200: HealthSchema } },
    },
    async () => ({ success: true as const, status: 'ok' as const }),
  );
  app.get(
    '/api/ready',
    {
      config: { policy: 'public', rateLimit: false },
      schema: { tags: ['health'], response: { 200: ReadySchema, ...errorResponses } },
    },
    async () => {
      try {
        await database.db.execute(sql`select 1`);
      } catch (error) {
        throw new DomainError('SERVICE_UNAVAILABLE', messages.serviceUnavailable, { cause: error });
      }
      return { success: true as const, status: 'ready' as const, database: database.kind };
    },
  );
}
