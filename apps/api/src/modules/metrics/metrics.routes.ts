import { createHash, timingSafeEqual } from 'node:crypto';
import { messages } from '@portal/shared/messages';
import type { App } from '../../app.js';
import { DomainError } from '../../errors.js';
import type { Metrics } from './metrics.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /metrics for Prometheus (ADR 40). It is not an API route: no session, its own bearer token
 * (METRICS_TOKEN), compared in constant time; without a token configured the route does not exist.
 * Every request's latency is observed under its route pattern, never its raw URL (bounded labels).
 */
export function metricsRoutes(app: App, metrics: Metrics, token: string | undefined): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.httpRequest(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
  if (!token) return;
  const expected = digest(`Bearer ${token}`);
  app.get(
    '/metrics',
    { config: { policy: 'public', rateLimit: false }, schema: { hide: true } },
    async (request, reply) => {
      if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
        throw new DomainError('UNAUTHENTICATED', messages.unauthenticated);
      }
      return reply.type(metrics.contentType).send(await metrics.text());
    },
  );
}
