import type { FeatureModule } from '../../feature-module.js';
import type { Infrastructure } from '../../infrastructure.js';
import type { RevocationService } from '../credentials/revocation.service.js';
import { AdminRepo } from './admin.repo.js';
import { adminRoutes } from './admin.routes.js';
import { AdminService } from './admin.service.js';

/** The admin console's reads and audited actions; its audit log is written by other modules too. */
export function adminModule(infra: Infrastructure, deps: { revocation: RevocationService }) {
  const admin = new AdminService({
    db: infra.db,
    repo: new AdminRepo(infra.db),
    jobs: infra.jobs,
    chain: infra.chain,
    solana: infra.solana,
    clock: infra.clock,
    events: infra.events,
  });
  return {
    name: 'admin',
    admin,
    routes: (app) => adminRoutes(app, { admin, outbox: infra.outbox, revocation: deps.revocation }),
  } satisfies FeatureModule & Record<string, unknown>;
}
