import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { jobs } from '../db/schema/index.js';

export type JobRow = typeof jobs.$inferSelect;

export class JobsRepo {
  constructor(private readonly db: DbOrTx) {}

  with(tx: DbOrTx): JobsRepo {
    return new JobsRepo(tx);
  }

  async insert(values: {
    queue: string;
    payload: unknown;
    runAt: Date;
    maxAttempts: number;
    dedupeKey?: string | undefined;
    requestId?: string | undefined;
  }): Promise<JobRow | undefined> {
    const [row] = await this.db.insert(jobs).values(values).onConflictDoNothing().returning();
    return row;
  }

  /** Jobs queued or running per queue, with the earliest due time (metrics). */
  async backlog() {
    const rows = await this.db
      .select({
        queue: jobs.queue,
        status: jobs.status,
        count: sql<number>`count(*)::int`,
        oldestRunAt: sql<Date>`min(${jobs.runAt})`.mapWith(jobs.runAt),
      })
      .from(jobs)
      .where(inArray(jobs.status, ['queued', 'running']))
      .groupBy(jobs.queue, jobs.status);
    return rows as Array<(typeof rows)[number] & { status: 'queued' | 'running' }>;
  }

  async findByDedupeKey(queue: string, dedupeKey: string): Promise<JobRow | undefined> {
    const [row] = await this.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.queue, queue), eq(jobs.dedupeKey, dedupeKey)));
    return row;
  }

  async findById(id: string): Promise<JobRow | undefined> {
    const [row] = await this.db.select().from(jobs).where(eq(jobs.id, id));
    return row;
  }

  /**
   * Claims one runnable job: queued and due, or running with an expired lease (its worker died).
   * SKIP LOCKED lets several processes claim concurrently without waiting on each other.
   */
  async claim(queues: string[], now: Date, leaseMs: number): Promise<JobRow | undefined> {
    const due = or(
      and(eq(jobs.status, 'queued'), lte(jobs.runAt, now)),
      and(eq(jobs.status, 'running'), lte(jobs.lockedUntil, now)),
    );
    const candidate = this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(inArray(jobs.queue, queues), due))
      .orderBy(jobs.runAt)
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await this.db
      .update(jobs)
      .set({
        status: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        lockedUntil: new Date(now.getTime() + leaseMs),
        updatedAt: now,
      })
      .where(inArray(jobs.id, candidate))
      .returning();
    return row;
  }

  /** Extends the lease of the claim that made `attempts`; false when that claim is no longer current. */
  async renew(id: string, attempts: number, until: Date): Promise<boolean> {
    const rows = await this.db
      .update(jobs)
      .set({ lockedUntil: until })
      .where(and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.attempts, attempts)))
      .returning({ id: jobs.id });
    return rows.length === 1;
  }

  async complete(id: string, now: Date): Promise<void> {
    await this.db
      .update(jobs)
      .set({ status: 'done', lockedUntil: null, lastError: null, updatedAt: now })
      .where(eq(jobs.id, id));
  }

  /** Deletes jobs that finished before `before`; failed ones stay until someone retries them. */
  async pruneDone(before: Date): Promise<number> {
    const rows = await this.db
      .delete(jobs)
      .where(and(eq(jobs.status, 'done'), lt(jobs.updatedAt, before)))
      .returning({ id: jobs.id });
    return rows.length;
  }

  async retryLater(id: string, runAt: Date, error: string, now: Date): Promise<void> {
    await this.db
      .update(jobs)
      .set({ status: 'queued', runAt, lockedUntil: null, lastError: error, updatedAt: now })
      .where(eq(jobs.id, id));
  }

  async fail(id: string, error: string, now: Date): Promise<void> {
    await this.db
      .update(jobs)
      .set({ status: 'failed', lockedUntil: null, lastError: error, updatedAt: now })
      .where(eq(jobs.id, id));
  }
}
