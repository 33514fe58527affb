import { createHash, timingSafeEqual } from 'node:crypto';
import { messages } from '@portal/shared/messages';
import type { App } from '../../app.js';
import { DomainError } from '../../errors.js';
import type { Metrics } from './metrics.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /metrics for Prometheus (ADR 40). It is not an API route: no session, its own bearer token
 * (METRICS_TOKEN), compared in constant time; without a token configured it answers 404 to everyone.
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
  const expected = token ? digest(`Bearer ${token}`) : undefined;
  app.get(
    '/metrics',
    { config: { policy: 'public', rateLimit: false }, schema: { hide: true } },
    async (request, reply) => {
      // Without a token the route answers as an unknown API path does; were it absent, the web
      // app's fallback would answer /metrics with its index page.
      if (!expected) throw new DomainError('NOT_FOUND', messages.notFound);
      if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
        throw new DomainError('UNAUTHENTICATED', messages.unauthenticated);
      }
      return reply.type(metrics.contentType).send(await metrics.text());
    },
  );
}
