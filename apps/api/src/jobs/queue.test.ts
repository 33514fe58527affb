import { eq } from 'drizzle-orm';
import pino from 'pino';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { jobs } from '../db/schema/index.js';
import { createTestDatabase } from '../test/test-database.js';
import { TestClock } from '../test/test-app.js';
import { createLogger, logContext } from '../logger.js';
import { JobsRepo } from './jobs.repo.js';
import { defineJob, jobKind, JobQueue } from './queue.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const silent = pino({ level: 'silent' });
let n = 0;
const queueName = () => jobKind(`test-${++n}`, z.any());

describe('job queue', () => {
  it('a job enqueued in a transaction that rolls back never exists', async () => {
    const clock = new TestClock();
    const queue = new JobQueue(new JobsRepo(database.db), clock, silent);
    const name = queueName();
    await expect(
      database.db.transaction(async (tx) => {
        await queue.enqueue(tx, name, { x: 1 });
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    expect(await database.db.$count(jobs, eq(jobs.queue, name.name))).toBe(0);
  });

  it("keeps the enqueuing request's id: the job's row and every log line the job writes carry it", async () => {
    const raw: string[] = [];
    const log = createLogger(
      { logLevel: 'info', env: 'test' },
      { write: (line: string) => void raw.push(line) },
    );
    const lines = () => raw.map((line) => JSON.parse(line) as Record<string, unknown>);
    const queue = new JobQueue(new JobsRepo(database.db), new TestClock(), log);
    const name = queueName();
    queue.register(
      defineJob(name, async () => {
        log.info('working');
      }),
    );
    const job = await logContext.run({ reqId: 'req-abcdef12' }, () => queue.enqueue(database.db, name, {}));
    expect(job.requestId).toBe('req-abcdef12');
    expect(await queue.drain()).toBe(1);
    expect(lines().find((line) => line.msg === 'working')).toMatchObject({
      reqId: 'req-abcdef12',
      jobId: job.id,
    });
    // A request's own logger already carries its id: the context does not write it twice.
    const requestLog = log.child({ reqId: 'req-abcdef12' });
    logContext.run({ reqId: 'req-abcdef12' }, () => requestLog.info('in a request'));
    expect(raw.at(-1)!.match(/"reqId"/g)).toHaveLength(1);
  });

  it('runs a job once and records it done; a dedupe key returns the same job', async () => {
    const clock = new TestClock();
    const queue = new JobQueue(new JobsRepo(database.db), clock, silent);
    const name = queueName();
    const seen: unknown[] = [];
    queue.register(
      defineJob(name, async (payload) => {
        seen.push(payload);
      }),
    );
    const a = await queue.enqueue(database.db, name, { id: 7 }, { dedupeKey: 'sbt-7' });
    const b = await queue.enqueue(database.db, name, { id: 7 }, { dedupeKey: 'sbt-7' });
    expect(b.id).toBe(a.id);
    expect(await queue.drain()).toBe(1);
    expect(seen).toEqual([{ id: 7 }]);
    expect((await new JobsRepo(database.db).findById(a.id))?.status).toBe('done');
  });

  it('retries a failing job with exponential back-off, then gives up after maxAttempts', async () => {
    const clock = new TestClock();
    const queue = new JobQueue(new JobsRepo(database.db), clock, silent);
    const name = queueName();
    let calls = 0;
    queue.register(
      defineJob(name, async () => {
        calls++;
        throw new Error(`attempt ${calls} failed`);
      }),
    );
    const job = await queue.enqueue(database.db, name, {}, { maxAttempts: 3 });
    expect(await queue.drain()).toBe(1);
    expect(await queue.drain()).toBe(0); // not due yet: back-off of 2 s
    clock.advance(2000);
    expect(await queue.drain()).toBe(1);
    clock.advance(3999);
    expect(await queue.drain()).toBe(0);
    clock.advance(1);
    expect(await queue.drain()).toBe(1);
    const row = await new JobsRepo(database.db).findById(job.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: 'attempt 3 failed' });
    clock.advance(60_000);
    expect(await queue.drain()).toBe(0);
  });

  it('picks up a job whose worker died once its lease expires', async () => {
    const clock = new TestClock();
    const repo = new JobsRepo(database.db);
    const name = queueName();
    const job = await new JobQueue(repo, clock, silent).enqueue(database.db, name, {});
    await repo.claim([name.name], clock.now(), 30_000); // a worker claims it, then crashes
    const survivor = new JobQueue(repo, clock, silent);
    let ran = 0;
    survivor.register(
      defineJob(name, async () => {
        ran++;
      }),
    );
    expect(await survivor.drain()).toBe(0);
    clock.advance(30_000);
    expect(await survivor.drain()).toBe(1);
    expect(ran).toBe(1);
    expect((await repo.findById(job.id))?.status).toBe('done');
  });

  it('a running job renews its lease, so no other worker takes it while it lasts', async () => {
    const clock = new TestClock();
    const repo = new JobsRepo(database.db);
    const name = queueName();
    const worker = new JobQueue(repo, clock, silent, { leaseMs: 90 });
    const other = new JobQueue(repo, clock, silent, { leaseMs: 90 });
    let runs = 0;
    let finish!: () => void;
    const running = new Promise<void>((resolve) => {
      worker.register(
        defineJob(name, async () => {
          runs++;
          await new Promise<void>((done) => (finish = done));
          resolve();
        }),
      );
    });
    other.register(
      defineJob(name, async () => {
        runs++;
      }),
    );
    const job = await worker.enqueue(database.db, name, {});
    const draining = worker.drain();
    // Three leases of the test clock pass while the job runs; its renewals keep it.
    for (let i = 0; i < 9; i++) {
      await new Promise((resolve) => setTimeout(resolve, 40));
      clock.advance(30);
      expect(await other.drain()).toBe(0);
    }
    finish();
    await running;
    await draining;
    expect(runs).toBe(1);
    expect((await repo.findById(job.id))?.status).toBe('done');
  });

  it('several workers never run the same job twice', async () => {
    const clock = new TestClock();
    const name = queueName();
    const runs = new Map<string, number>();
    const workers = Array.from({ length: 4 }, () => {
      const queue = new JobQueue(new JobsRepo(database.db), clock, silent, { pollMs: 10 });
      queue.register(
        defineJob(name, async (payload) => {
          const key = (payload as { i: number }).i.toString();
          runs.set(key, (runs.get(key) ?? 0) + 1);
          await new Promise((resolve) => setTimeout(resolve, 2));
        }),
      );
      return queue;
    });
    for (let i = 0; i < 40; i++) await workers[0]!.enqueue(database.db, name, { i });
    const counts = await Promise.all(workers.map((w) => w.drain()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(40);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(runs.size).toBe(40);
  });

  it('the background loop starts a job as soon as it is notified', async () => {
    const clock = new TestClock();
    const queue = new JobQueue(new JobsRepo(database.db), clock, silent, { pollMs: 60_000 });
    const name = queueName();
    const done = new Promise<void>((resolve) => queue.register(defineJob(name, async () => resolve())));
    queue.start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await queue.enqueue(database.db, name, {});
    queue.notify();
    await done;
    await queue.stop();
  });
});
