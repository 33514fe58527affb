import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';

export type NotificationRow = typeof notifications.$inferSelect;

export class NotificationsRepo {
  constructor(private readonly db: DbOrTx) {}

  async insert(values: typeof notifications.$inferInsert): Promise<NotificationRow> {
    const [row] = await this.db.insert(notifications).values(values).returning();
    return row!;
  }

  async list(userId: string, limit: number): Promise<NotificationRow[]> {
    return this.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit);
  }

  async unreadCount(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return row?.n ?? 0;
  }

  /** Marks the given notifications (all when none are given) of this user only. */
  async markRead(userId: string, ids: string[] | undefined, now: Date): Promise<void> {
    await this.db
      .update(notifications)
      .set({ readAt: now })
      .where(
        and(
          eq(notifications.userId, userId),
          isNull(notifications.readAt),
          ids ? inArray(notifications.id, ids) : undefined,
        ),
      );
  }
}
