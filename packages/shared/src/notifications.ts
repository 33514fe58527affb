import { z } from 'zod';
import { LABEL_MAX, MESSAGE_MAX, textAnswer, timestampAnswer } from './bounds.js';

/**
 * What a notification is about. The data carries only plain strings the web app formats in the
 * reader's language (never a sentence in one language).
 */
export const NOTIFICATION_TYPES = [
  'kyc.verified',
  'kyc.rejected',
  'kyb.approved',
  'kyb.rejected',
  'vault.created',
  'sbt.minted',
  'sbt.revoked',
  'purchase.settled',
  'purchase.failed',
  'security.login',
  /** The account's hourly ceiling of wrong passwords was reached (data: ip). */
  'security.password-guessing',
  /** A burst of wrong second-factor codes after the right password (data: ip). */
  'security.two-factor-guessing',
  /** An issuer acted on the user's holding or the token (data: action, symbol, amount, reason, address). */
  'token.enforced',
  /** My sell order was (partly) filled, I bought on the secondary market, my order expired (data: amount, symbol, total, remaining; ADR 75). */
  'secondary.sold',
  'secondary.bought',
  'secondary.expired',
  /** A distribution paid the holder (data: amount, currency, symbol, message; ADR 71). */
  'distribution.paid',
  /** A redemption settled (data: amount, symbol, accepted, payment, currency) or was cancelled (ADR 72). */
  'redemption.settled',
  'redemption.cancelled',
  /** Tokens arrived from another investor, a transfer of mine completed or failed (data: amount, symbol; ADR 76). */
  'transfer.received',
  'transfer.completed',
  'transfer.failed',
] as const;
export const NotificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof NotificationTypeSchema>;

/** The newest notifications a list answers. */
export const NOTIFICATIONS_LISTED = 50;

export const NotificationSchema = z
  .object({
    id: z.uuid(),
    type: NotificationTypeSchema,
    // Names, amounts, an address, a reason of at most 500 and the sentence quoting them.
    data: z.record(textAnswer(LABEL_MAX), textAnswer(MESSAGE_MAX)),
    createdAt: timestampAnswer,
    read: z.boolean(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationsResponseSchema = z
  .object({
    success: z.literal(true),
    notifications: z.array(NotificationSchema).max(NOTIFICATIONS_LISTED),
    unread: z.number().int().min(0),
  })
  .meta({ id: 'NotificationsResponse' });
export type NotificationsResponse = z.infer<typeof NotificationsResponseSchema>;

export const MarkReadRequestSchema = z
  .strictObject({ ids: z.array(z.uuid()).min(1).max(100).optional() })
  .meta({ id: 'MarkReadRequest' });

/** Server-sent event names on GET /api/events. */
export const SERVER_EVENTS = {
  notification: 'notification',
  ready: 'ready',
  /** A purchase of the user moved (data: the Purchase of purchases.ts). */
  purchase: 'purchase.updated',
} as const;
