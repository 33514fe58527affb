import type { FastifyInstance } from 'fastify';

/**
 * For routes that third-party plugins register (documentation UI, static files), which cannot
 * take our route options: everything registered in this scope is public.
 */
export function markRoutesPublic(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, policy: 'public' };
  });
}
