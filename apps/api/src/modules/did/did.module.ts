import type { FeatureModule } from '../../feature-module.js';
import type { Infrastructure } from '../../infrastructure.js';
import { DidRepo } from './did.repo.js';
import { didRoutes } from './did.routes.js';
import { DidService } from './did.service.js';

/** Each investor's did:key. */
export function didModule(infra: Infrastructure) {
  const dids = new DidService({
    repo: new DidRepo(infra.db),
    masterKey: infra.masterKey,
    clock: infra.clock,
  });
  return {
    name: 'did',
    dids,
    routes: (app) => didRoutes(app, dids),
    profile: (row) => dids.profileFields(row),
  } satisfies FeatureModule & Record<string, unknown>;
}

export { didKeyFromSeed, generateDidKeySeed, resolveDidKey } from './did-key.js';
