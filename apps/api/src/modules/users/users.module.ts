import type { User } from '@portal/shared/auth';
import { NotifiedCache } from '../../db/notified-cache.js';
import type { FeatureModule } from '../../feature-module.js';
import type { Infrastructure } from '../../infrastructure.js';
import { UsersRepo } from './users.repo.js';
import { MAX_CACHED_PROFILES, UsersService, type ProfileSource } from './users.service.js';

/** Profiles: one query, the other features' parts added by their modules, cached until notified. */
export async function usersModule(
  infra: Infrastructure,
  deps: { profileSources: () => readonly ProfileSource[] },
) {
  const repo = new UsersRepo(infra.db);
  const profiles = new NotifiedCache<User>(MAX_CACHED_PROFILES);
  const unlisten = await infra.database.listen('portal_profiles', profiles);
  const users = new UsersService(repo, profiles, deps.profileSources);
  return {
    name: 'users',
    users,
    repo,
    routes(app) {
      // A user's own write has committed before it is answered: dropping their cached profile now
      // lets their next read on this process see it without waiting for the notification (ADR 49).
      app.addHook('onSend', async (request) => {
        if (request.auth && request.method !== 'GET' && request.method !== 'HEAD')
          users.profileChanged(request.auth.userId);
      });
    },
    exports: { account: (userId) => users.getProfile(userId) },
    close: unlisten,
  } satisfies FeatureModule & Record<string, unknown>;
}
