import { SERVER_EVENTS } from '@portal/shared/notifications';
import type { FeatureModule } from '../../feature-module.js';
import type { Infrastructure } from '../../infrastructure.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { UsersRepo } from '../users/users.repo.js';
import { EventHub } from './event-hub.js';
import { NotificationsRepo } from './notifications.repo.js';
import { notificationsRoutes } from './notifications.routes.js';
import { NotificationsService } from './notifications.service.js';

/**
 * The user's notices (list, mail, live push) and the server-sent event streams. A purchase's
 * progress reaches the buyer's open pages from here, and its end becomes a notice.
 */
export function notificationsModule(
  infra: Infrastructure,
  deps: {
    usersRepo: UsersRepo;
    settings: SettingsService;
    /** Whether the session that opened a stream is still signed in (the auth module). */
    isLive: (sessionId: string) => Promise<boolean>;
  },
) {
  const hub = new EventHub();
  const notifications = new NotificationsService({
    repo: new NotificationsRepo(infra.db),
    users: deps.usersRepo,
    channels: (userId) => deps.settings.channels(userId),
    hub,
    mail: infra.mail,
    clock: infra.clock,
    publicUrl: infra.config.publicUrl,
    log: infra.log,
  });
  // A stream ends with its session, at once (not at its next heartbeat).
  infra.events.on('sessions.changed', (change) => hub.sessionsChanged(change));
  infra.events.on('purchase.changed', async ({ userId, purchase }) => {
    hub.publish(userId, SERVER_EVENTS.purchase, purchase);
    if (purchase.status === 'COMPLETED' || purchase.status === 'FAILED') {
      await notifications.notify(
        userId,
        purchase.status === 'COMPLETED' ? 'purchase.settled' : 'purchase.failed',
        {
          amount: purchase.amount,
          symbol: purchase.tokenSymbol,
        },
      );
    }
  });
  return {
    name: 'notifications',
    notifications,
    hub,
    routes(app) {
      // Streams end first: the server's close waits for every open connection.
      app.addHook('preClose', async () => hub.closeAll());
      notificationsRoutes(app, { notifications, hub, isLive: deps.isLive });
    },
    exports: { notifications: async (userId) => (await notifications.list(userId)).notifications },
  } satisfies FeatureModule & Record<string, unknown>;
}
