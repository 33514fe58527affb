import { SIWE_CHAIN_IDS } from '@portal/shared/settings';
import type { FeatureModule } from '../../feature-module.js';
import type { Infrastructure } from '../../infrastructure.js';
import type { UsersRepo } from '../users/users.repo.js';
import type { TwoFactorService } from '../auth/two-factor.js';
import { LinkedWalletsRepo } from './linked-wallets.repo.js';
import { linkedWalletsRoutes } from './linked-wallets.routes.js';
import { LinkedWalletsService } from './linked-wallets.service.js';
import { SettingsRepo } from './settings.repo.js';
import { settingsRoutes } from './settings.routes.js';
import { SettingsService, type ExportSource } from './settings.service.js';

/** Account settings, "Download my data" (every module adds its part) and linked wallets. */
export function settingsModule(
  infra: Infrastructure,
  deps: {
    usersRepo: UsersRepo;
    twoFactor: TwoFactorService;
    exportSources: () => readonly (readonly [string, ExportSource])[];
  },
) {
  const settings = new SettingsService({
    db: infra.db,
    repo: new SettingsRepo(infra.db),
    users: deps.usersRepo,
    twoFactorEnabled: (userId) => deps.twoFactor.isEnabled(userId),
    clock: infra.clock,
    exportSources: deps.exportSources,
  });
  const linkedWallets = new LinkedWalletsService({
    db: infra.db,
    repo: new LinkedWalletsRepo(infra.db),
    chainIds: [...SIWE_CHAIN_IDS, infra.chain.chain.id],
    clock: infra.clock,
    publicUrl: infra.config.publicUrl,
    log: infra.log,
  });
  return {
    name: 'settings',
    settings,
    linkedWallets,
    routes(app) {
      settingsRoutes(app, settings);
      linkedWalletsRoutes(app, linkedWallets);
    },
    profile: (row) => settings.profileFields(row),
    exports: { linkedWallets: (userId) => linkedWallets.list(userId) },
  } satisfies FeatureModule & Record<string, unknown>;
}
