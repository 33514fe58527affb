import { and, eq, isNull, like, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rateLimitBuckets } from '../../db/schema/index.js';

export interface Bucket {
  count: number;
  consecutive: number;
  windowStart: Date;
  blockedUntil: Date | null;
}

/**
 * Fixed-window counters in the database, so every API process shares them and a restart does
 * not reset them. Keys are built by the caller (e.g. `login:account:<email>`).
 */
export class ThrottleRepo {
  constructor(private readonly db: DbOrTx) {}

  async read(key: string): Promise<Bucket | undefined> {
    const [row] = await this.db.select().from(rateLimitBuckets).where(eq(rateLimitBuckets.key, key));
    return row;
  }

  /** Counts one event; a window older than `windowMs` restarts at `now`. Atomic. */
  async hit(
    key: string,
    now: Date,
    windowMs: number,
    options: { consecutive?: boolean } = {},
  ): Promise<Bucket> {
    const cutoff = new Date(now.getTime() - windowMs);
    const expired = sql`${rateLimitBuckets.windowStart} <= ${cutoff.toISOString()}::timestamptz`;
    const [row] = await this.db
      .insert(rateLimitBuckets)
      .values({ key, windowStart: now, count: 1, consecutive: options.consecutive ? 1 : 0 })
      .onConflictDoUpdate({
        target: rateLimitBuckets.key,
        set: {
          windowStart: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${rateLimitBuckets.windowStart} end`,
          count: sql`case when ${expired} then 1 else ${rateLimitBuckets.count} + 1 end`,
          consecutive: options.consecutive
            ? sql`${rateLimitBuckets.consecutive} + 1`
            : rateLimitBuckets.consecutive,
        },
      })
      .returning();
    return row!;
  }

  async block(key: string, until: Date): Promise<void> {
    await this.db.update(rateLimitBuckets).set({ blockedUntil: until }).where(eq(rateLimitBuckets.key, key));
  }

  async remove(key: string): Promise<void> {
    await this.db.delete(rateLimitBuckets).where(eq(rateLimitBuckets.key, key));
  }

  /** Removes every key starting with `prefix` (LIKE wildcards in it are escaped). */
  async removePrefix(prefix: string): Promise<void> {
    const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
    await this.db.delete(rateLimitBuckets).where(like(rateLimitBuckets.key, `${escaped}%`));
  }

  async clearConsecutive(key: string): Promise<void> {
    await this.db
      .update(rateLimitBuckets)
      .set({ consecutive: 0, blockedUntil: null })
      .where(eq(rateLimitBuckets.key, key));
  }

  /** Forgets counters whose window began before `before` and that block nobody now. */
  async prune(before: Date, now: Date): Promise<number> {
    const rows = await this.db
      .delete(rateLimitBuckets)
      .where(
        and(
          lt(rateLimitBuckets.windowStart, before),
          or(isNull(rateLimitBuckets.blockedUntil), lt(rateLimitBuckets.blockedUntil, now)),
        ),
      )
      .returning({ key: rateLimitBuckets.key });
    return rows.length;
  }
}
