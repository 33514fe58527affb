import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs, mailOutbox, rateLimitBuckets } from '../db/schema/index.js';
import { mailFile } from '../providers/mail/mail.embedded.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import {
  housekeepingJob,
  JOBS_KEEP_MS,
  MAIL_KEEP_MS,
  scheduleHousekeeping,
  THROTTLE_KEEP_MS,
} from './housekeeping.jobs.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('housekeeping', () => {
  it('forgets expired rate-limit counters, old mail (rows and files) and old finished jobs, keeps the rest', async () => {
    const { db } = t.database;
    const now = t.clock.now();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    await db.insert(rateLimitBuckets).values([
      { key: 'test:old', windowStart: ago(THROTTLE_KEEP_MS + 60_000), count: 3 },
      { key: 'test:fresh', windowStart: ago(60_000), count: 3 },
      {
        key: 'test:blocked',
        windowStart: ago(THROTTLE_KEEP_MS + 60_000),
        count: 9,
        blockedUntil: new Date(now.getTime() + 2 * 60 * 60_000),
      },
    ]);
    const mail = t.app.container.outbox;
    await mail.send({ to: 'old@example.com', subject: 'old', text: 'old' });
    await mail.send({ to: 'new@example.com', subject: 'new', text: 'new' });
    const [old] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'old@example.com'));
    await db
      .update(mailOutbox)
      .set({ createdAt: ago(MAIL_KEEP_MS + 60_000) })
      .where(eq(mailOutbox.id, old!.id));
    const dir = path.join(t.config.dataDir, 'mail');
    expect(existsSync(mailFile(dir, old!.id))).toBe(true);
    const job = (status: 'done' | 'failed', age: number, dedupeKey: string) => ({
      queue: 'test-history',
      payload: {},
      status,
      runAt: ago(age),
      updatedAt: ago(age),
      dedupeKey,
    });
    await db
      .insert(jobs)
      .values([
        job('done', JOBS_KEEP_MS + 60_000, 'old done'),
        job('failed', JOBS_KEEP_MS + 60_000, 'old failed'),
        job('done', 60_000, 'recent done'),
      ]);

    // The next hour's run (the boot already scheduled this hour's).
    t.clock.advance(60 * 60_000);
    await scheduleHousekeeping(t.app.container.housekeeping);
    t.app.container.jobs.notify();
    await vi.waitFor(async () =>
      expect((await db.select().from(rateLimitBuckets)).map((row) => row.key).sort()).toEqual([
        'test:blocked',
        'test:fresh',
      ]),
    );
    await vi.waitFor(async () =>
      expect((await db.select().from(mailOutbox)).map((row) => row.to)).toEqual(['new@example.com']),
    );
    expect(existsSync(mailFile(dir, old!.id))).toBe(false);
    await vi.waitFor(async () =>
      expect(
        (await db.select().from(jobs).where(eq(jobs.queue, 'test-history')))
          .map((row) => row.dedupeKey)
          .sort(),
      ).toEqual(['old failed', 'recent done']),
    );
  });

  it('schedules one run per hour however often it is asked', async () => {
    await scheduleHousekeeping(t.app.container.housekeeping);
    await scheduleHousekeeping(t.app.container.housekeeping);
    const queued = await t.database.db.select().from(jobs).where(eq(jobs.queue, housekeepingJob.name));
    expect(new Set(queued.map((job) => job.dedupeKey)).size).toBe(queued.length);
    // Each run scheduled the next hour's: the boot's, the test's, and the one after.
    expect(queued.length).toBeLessThanOrEqual(3);
  });
});
