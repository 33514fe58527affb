import type { FeatureModule } from '../../feature-module.js';
import type { Infrastructure } from '../../infrastructure.js';
import { metricsRoutes } from './metrics.routes.js';

/** GET /metrics (ADR 40); the process's figures are infrastructure, what a purchase took is observed here. */
export function metricsModule(infra: Infrastructure) {
  const { metrics, clock } = infra;
  infra.events.on('purchase.changed', ({ purchase }) => {
    if (purchase.status !== 'COMPLETED' && purchase.status !== 'FAILED') return;
    const finished = purchase.completedAt ? Date.parse(purchase.completedAt) : clock.now().getTime();
    metrics.purchaseFinished(purchase.status, (finished - Date.parse(purchase.createdAt)) / 1000);
  });
  return {
    name: 'metrics',
    routes: (app) => metricsRoutes(app, metrics, infra.config.metricsToken),
  } satisfies FeatureModule;
}
