import type { FeatureModule } from '../../feature-module.js';
import type { Infrastructure } from '../../infrastructure.js';
import type { OidcPort } from '../../providers/oidc/oidc.js';
import { OpenIdClient } from '../../providers/oidc/oidc.openid-client.js';
import { OnboardingRepo } from '../issuer/issuer.module.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { UsersRepo } from '../users/users.repo.js';
import type { UsersService } from '../users/users.service.js';
import { AccessTokens, generateSigningKey } from './access-tokens.js';
import { authRoutes } from './auth.routes.js';
import { AuthRepo } from './auth.repo.js';
import { AuthService } from './auth.service.js';
import { googleRoutes } from './google.routes.js';
import { GoogleSignIn } from './google.service.js';
import { OidcRepo } from './oidc.repo.js';
import { SessionCache } from './session-cache.js';
import { ThrottleRepo } from './throttle.repo.js';
import { AuthThrottles } from './throttles.js';
import { TwoFactorRepo } from './two-factor.repo.js';
import { TwoFactorService } from './two-factor.js';

/**
 * Two-factor sign-in comes first on its own: settings shows whether it is on, and sign-in (built
 * after settings and notifications, which it uses for login alerts) checks the codes.
 */
export function twoFactorModule(infra: Infrastructure, deps: { usersRepo: UsersRepo }) {
  const repo = new TwoFactorRepo(infra.db);
  const twoFactor = new TwoFactorService({
    db: infra.db,
    repo,
    users: deps.usersRepo,
    masterKey: infra.masterKey,
    clock: infra.clock,
  });
  return { name: 'two-factor', twoFactor, repo } satisfies FeatureModule & Record<string, unknown>;
}

/** Registration, sign-in, sessions, password reset, Google sign-in (ADR 2, 23, 36, 45). */
export async function authModule(
  infra: Infrastructure,
  deps: {
    users: UsersService;
    usersRepo: UsersRepo;
    settings: SettingsService;
    notifications: NotificationsService;
    twoFactor: ReturnType<typeof twoFactorModule>;
  },
) {
  const { config, db, clock, log, masterKey } = infra;
  const tokens = new AccessTokens(
    await infra.secrets.getOrCreate('auth.access-token-signing-key', generateSigningKey),
    config.publicUrl,
    config.session.accessTokenSeconds,
    clock,
  );
  const throttleRepo = new ThrottleRepo(db);
  const sessions = new SessionCache((change) => void infra.events.publish('sessions.changed', change));
  const unlistenSessions = await infra.database.listen('portal_sessions', sessions);
  const throttles = new AuthThrottles(throttleRepo, config.rateLimits, clock);
  const auth = new AuthService({
    db,
    sessions,
    auth: new AuthRepo(db),
    users: deps.usersRepo,
    usersService: deps.users,
    throttles,
    tokens,
    mail: infra.mail,
    masterKey,
    clock,
    config,
    log,
    alerts: { enabled: (userId) => deps.settings.loginAlerts(userId), notify: deps.notifications.notify },
    twoFactor: deps.twoFactor.twoFactor,
    challenges: deps.twoFactor.repo,
    issuerApplications: new OnboardingRepo(db),
  });
  const oidcRepo = new OidcRepo(db);
  const googlePort: OidcPort | undefined = config.google
    ? new OpenIdClient({ name: 'google', ...config.google })
    : undefined;
  const google = new GoogleSignIn({
    db,
    port: googlePort,
    repo: oidcRepo,
    users: deps.usersRepo,
    auth,
    throttles,
    masterKey,
    clock,
    log,
  });
  log.info({ google: googlePort ? config.google?.issuer : 'off' }, 'Google sign-in');

  return {
    name: 'auth',
    auth,
    google,
    throttleRepo,
    oidcRepo,
    routes(app) {
      authRoutes(app, {
        auth,
        users: deps.users,
        clock,
        accessTokenSeconds: config.session.accessTokenSeconds,
        twoFactor: deps.twoFactor.twoFactor,
        twoFactorPerMinute: config.rateLimits.twoFactorPerMinute,
      });
      googleRoutes(app, {
        google,
        clock,
        publicUrl: config.publicUrl,
        redirectUri: config.google?.redirectUri,
        accessTokenSeconds: config.session.accessTokenSeconds,
        perMinute: config.rateLimits.googlePerMinute,
      });
    },
    exports: { sessions: (userId) => auth.sessionHistory(userId) },
    close: unlistenSessions,
  } satisfies FeatureModule & Record<string, unknown>;
}

/** Shared fixed-window counters (rate_limit_buckets): the faucet counts its grants with them (ADR 70). */
export { ThrottleRepo } from './throttle.repo.js';
