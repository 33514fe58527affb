import type { FeatureModule } from '../../feature-module.js';
import type { Infrastructure } from '../../infrastructure.js';
import type { AdminService } from '../admin/admin.service.js';
import type { Notify } from '../notifications/notifications.service.js';
import { KybRepo } from './kyb.repo.js';
import { kybRoutes } from './kyb.routes.js';
import { KybService } from './kyb.service.js';

/** Business verification: documents and the admins' review (ADR 46). */
export function kybModule(
  infra: Infrastructure,
  deps: { notify: Notify; audit: Pick<AdminService, 'record'> },
) {
  const kyb = new KybService({
    db: infra.db,
    repo: new KybRepo(infra.db),
    masterKey: infra.masterKey,
    clock: infra.clock,
    audit: deps.audit,
    notify: deps.notify,
  });
  return {
    name: 'kyb',
    kyb,
    routes: (app) => kybRoutes(app, kyb),
    exports: { kyb: (userId) => kyb.exportData(userId) },
  } satisfies FeatureModule & Record<string, unknown>;
}

/** The issuer module approves an issuer's pending business documents with its application (ADR 55). */
export { KybRepo } from './kyb.repo.js';
