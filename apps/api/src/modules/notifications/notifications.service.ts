import type { FastifyBaseLogger } from 'fastify';
import {
  NOTIFICATIONS_LISTED,
  SERVER_EVENTS,
  type Notification,
  type NotificationsResponse,
  type NotificationType,
} from '@portal/shared/notifications';
import type { Clock } from '../../clock.js';
import type { MailPort } from '../../providers/mail/mail.js';
import type { UsersRepo } from '../users/users.repo.js';
import type { NotificationChannels } from '../settings/settings.service.js';
import type { EventHub } from './event-hub.js';
import type { NotificationRow, NotificationsRepo } from './notifications.repo.js';

/** What other features call; never throws, so a notice can never undo the work it reports. */
export type Notify = (userId: string, type: NotificationType, data?: Record<string, string>) => Promise<void>;

export interface NotificationsDeps {
  repo: NotificationsRepo;
  users: UsersRepo;
  channels: (userId: string) => Promise<NotificationChannels>;
  hub: EventHub;
  mail: MailPort;
  clock: Clock;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** Events about the user's wallets and assets: governed by the 'Wallet notifications' switch. */
const WALLET_TYPES = new Set<NotificationType>([
  'vault.created',
  'sbt.minted',
  'sbt.revoked',
  'purchase.settled',
  'purchase.failed',
  'secondary.sold',
  'secondary.bought',
  'secondary.expired',
  'distribution.paid',
  'redemption.settled',
  'redemption.cancelled',
  'transfer.received',
  'transfer.completed',
  'transfer.failed',
]);

/** Mailed whatever the e-mail switch says: the owner must hear of someone else in the account. */
const ALWAYS_MAILED = new Set<NotificationType>(['security.login', 'security.two-factor-guessing']);

type MailText = (data: Record<string, string>) => { subject: string; text: string };

/**
 * The e-mail for each notification (English, as every mail the portal sends). Password guessing
 * has none here: its mail, with the sign-in link, is sent by sign-in itself.
 */
const MAIL: Record<Exclude<NotificationType, 'security.password-guessing'>, MailText> = {
  'kyc.verified': () => ({
    subject: 'Your identity is verified',
    text: 'Your identity verification (KYC) was approved. You can now create your SBT and invest.',
  }),
  'kyc.rejected': () => ({
    subject: 'Your identity verification was not approved',
    text: 'Your identity verification (KYC) was not approved. Open the portal to see what to do next.',
  }),
  'kyb.approved': () => ({
    subject: 'Your business is verified',
    text: 'Your business verification (KYB) was approved.',
  }),
  'kyb.rejected': () => ({
    subject: 'Your business verification was not approved',
    text:
      'Your business verification (KYB) was not approved. Open Settings → Compliance to read the ' +
      'reason and upload the documents asked for.',
  }),
  'vault.created': () => ({
    subject: 'Your vault is ready',
    text: 'Your custodial vault was created and its wallet addresses are ready.',
  }),
  'sbt.minted': () => ({
    subject: 'Your soul-bound token is minted',
    text: 'Your soul-bound token was minted on the blockchain.',
  }),
  'sbt.revoked': () => ({
    subject: 'Your soul-bound token was revoked',
    text: 'Your soul-bound token and its credential were revoked.',
  }),
  'purchase.settled': (data) => ({
    subject: 'Your purchase is complete',
    text: `Your purchase of ${data.amount ?? ''} ${data.symbol ?? ''} is complete.`,
  }),
  'purchase.failed': (data) => ({
    subject: 'Your purchase failed',
    text: `Your purchase of ${data.amount ?? ''} ${data.symbol ?? ''} could not be completed.`,
  }),
  'secondary.sold': (data) => ({
    subject: `Your ${data.symbol ?? ''} sell order was filled`,
    text: `${data.message ?? 'Your sell order was filled.'} Open My Assets in the portal to see it.`,
  }),
  'secondary.bought': (data) => ({
    subject: `You bought ${data.symbol ?? ''}`,
    text: `${data.message ?? 'Your purchase on the secondary market is complete.'} Open My Assets in the portal to see it.`,
  }),
  'secondary.expired': (data) => ({
    subject: `Your ${data.symbol ?? ''} sell order expired`,
    text: `${data.message ?? 'Your sell order expired.'} Open My Assets in the portal to see it.`,
  }),
  'security.login': (data) => ({
    subject: 'New sign-in to your Investor Portal account',
    text:
      `Your account was just used to sign in from a new device:\n\n${data.device ?? 'Unknown device'}` +
      `\nIP address: ${data.ip ?? 'unknown'}\n\nIf it was you, nothing needs doing. If not, change ` +
      'your password now and sign out the other devices from Settings → Security.',
  }),
  'token.enforced': (data) => ({
    subject: `Your ${data.symbol ?? ''} holding: the issuer took an action`,
    text: `${data.message ?? 'The issuer acted on your holding.'} Open My Assets in the portal to see your holding.`,
  }),
  'distribution.paid': (data) => ({
    subject: `Income from ${data.symbol ?? ''}`,
    text: `${data.message ?? 'You received a distribution.'} Open Portfolio in the portal to see your income.`,
  }),
  'redemption.settled': (data) => ({
    subject: `Your ${data.symbol ?? ''} redemption settled`,
    text: `${data.message ?? 'Your redemption settled.'} Open My Assets in the portal to see it.`,
  }),
  'redemption.cancelled': (data) => ({
    subject: `Your ${data.symbol ?? ''} redemption was cancelled`,
    text: `${data.message ?? 'Your redemption was cancelled.'} Open My Assets in the portal to see it.`,
  }),
  'transfer.received': (data) => ({
    subject: `You received ${data.symbol ?? ''}`,
    text: `${data.message ?? 'You received tokens.'} Open My Assets in the portal to see them.`,
  }),
  'transfer.completed': (data) => ({
    subject: `Your ${data.symbol ?? ''} transfer completed`,
    text: `${data.message ?? 'Your transfer completed.'} Open My Assets in the portal to see it.`,
  }),
  'transfer.failed': (data) => ({
    subject: `Your ${data.symbol ?? ''} transfer failed`,
    text: `${data.message ?? 'Your transfer failed.'} Open My Assets in the portal to see it.`,
  }),
  'security.two-factor-guessing': (data) => ({
    subject: 'Someone is trying codes on your Investor Portal account',
    text:
      `Your password was used with several wrong two-factor codes (last from ${data.ip ?? 'unknown'}). ` +
      'Whoever it is knows your password: change it now and sign out the other devices from ' +
      'Settings → Security.',
  }),
};

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type as NotificationType,
    data: row.data,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}

export class NotificationsService {
  constructor(private readonly deps: NotificationsDeps) {}

  /**
   * Records a notification for the user's list, pushes it to their open pages and mails it, as
   * their switches allow (ADR 0021, 0022). Login alerts are asked for by their own switch.
   */
  readonly notify: Notify = async (userId, type, data = {}) => {
    try {
      const channels = await this.deps.channels(userId);
      if (WALLET_TYPES.has(type) && !channels.wallet) return;
      const row = await this.deps.repo.insert({ userId, type, data, createdAt: this.deps.clock.now() });
      this.deps.hub.publish(userId, SERVER_EVENTS.notification, toNotification(row));
      if (channels.email || ALWAYS_MAILED.has(type)) await this.mail(userId, type, data);
    } catch (error) {
      this.deps.log.warn({ err: error, userId, type }, 'notification not delivered');
    }
  };

  async list(userId: string): Promise<Omit<NotificationsResponse, 'success'>> {
    const [rows, unread] = await Promise.all([
      this.deps.repo.list(userId, NOTIFICATIONS_LISTED),
      this.deps.repo.unreadCount(userId),
    ]);
    return { notifications: rows.map(toNotification), unread };
  }

  async markRead(userId: string, ids: string[] | undefined): Promise<Omit<NotificationsResponse, 'success'>> {
    await this.deps.repo.markRead(userId, ids, this.deps.clock.now());
    return this.list(userId);
  }

  private async mail(userId: string, type: NotificationType, data: Record<string, string>): Promise<void> {
    if (type === 'security.password-guessing') return;
    const user = await this.deps.users.findById(userId);
    if (!user) return;
    const { subject, text } = MAIL[type](data);
    await this.deps.mail.send({
      to: user.email,
      subject,
      text: `Hello ${user.name},\n\n${text}\n\n${this.deps.publicUrl}/dashboard\n`,
    });
  }
}
