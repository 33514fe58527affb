import type { FeatureModule } from '../../feature-module.js';
import type { Infrastructure } from '../../infrastructure.js';
import { healthRoutes } from './health.routes.js';

/** /api/health and /api/ready for load balancers. */
export function healthModule(infra: Infrastructure) {
  return { name: 'health', routes: (app) => healthRoutes(app, infra.database) } satisfies FeatureModule;
}
