import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Clock } from '../clock.js';
import type { DbOrTx } from '../db/client.js';
import { logContext } from '../logger.js';
import type { JobRow, JobsRepo } from './jobs.repo.js';

/**
 * A kind of job: its queue name and the schema of its payload, shared by whoever enqueues it and
 * the module that handles it, so neither side casts.
 */
export interface JobKind<S extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly payload: S;
}

export function jobKind<S extends z.ZodType>(name: string, payload: S): JobKind<S> {
  return { name, payload };
}

/** A handler bound to its kind; a module lists these and the queue registers them. */
export interface JobDefinition {
  readonly kind: JobKind;
  readonly handle: (payload: unknown, job: JobRow) => Promise<void>;
}

/** The payload is parsed with the kind's schema before the handler sees it. */
export function defineJob<S extends z.ZodType>(
  kind: JobKind<S>,
  handler: (payload: z.output<S>, job: JobRow) => Promise<void>,
): JobDefinition {
  return { kind, handle: (payload, job) => handler(kind.payload.parse(payload), job) };
}
/** Told how each run ended and how long it took (metrics). */
export type JobObserver = (queue: string, outcome: 'done' | 'retry' | 'failed', seconds: number) => void;

export interface EnqueueOptions {
  /** Same key, same queue → the existing job is returned instead of a second one. */
  dedupeKey?: string;
  runAt?: Date;
  maxAttempts?: number;
}

const MAX_BACKOFF_MS = 10 * 60_000;

export interface JobQueueOptions {
  /** How often an idle worker looks for due jobs (a notification wakes it sooner). */
  pollMs?: number;
  /**
   * How long a claim holds a job. It is renewed every third of it while the job runs, so a long
   * job keeps its lease, and a job whose worker died is picked up again within one lease.
   */
  leaseMs?: number;
  observe?: JobObserver;
}

/**
 * A small durable job queue on the application's own database (ADR 6): a job is enqueued inside
 * the same transaction as the row it works on, so neither can exist without the other; workers
 * run in-process, retry with exponential back-off, and a crashed worker's job is picked up again
 * when its lease expires (a running job renews its lease; ADR 42).
 */
export class JobQueue {
  private readonly handlers = new Map<string, JobDefinition['handle']>();
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private onStop: (() => Promise<void>) | undefined;
  private notified = false;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly observe: JobObserver;

  constructor(
    private readonly repo: JobsRepo,
    private readonly clock: Clock,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
    options: JobQueueOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1000;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.observe = options.observe ?? (() => {});
  }

  register(definition: JobDefinition): void {
    this.handlers.set(definition.kind.name, definition.handle);
  }

  /**
   * Forgets jobs done before `before`. Safe for deduplicated jobs too: every key is enqueued on a
   * state change that happens once (a token created, a mint started, a listing closed) or names a
   * run that is already past (an hour of housekeeping, the demo seed, which is idempotent).
   */
  pruneDone(before: Date): Promise<number> {
    return this.repo.pruneDone(before);
  }

  /** Enqueue within the caller's transaction (`tx`), then call `notify()` after it commits. */
  async enqueue<S extends z.ZodType>(
    tx: DbOrTx,
    kind: JobKind<S>,
    payload: z.input<S>,
    options: EnqueueOptions = {},
  ): Promise<JobRow> {
    const repo = this.repo.with(tx);
    const queue = kind.name;
    const inserted = await repo.insert({
      queue,
      payload: kind.payload.parse(payload),
      runAt: options.runAt ?? this.clock.now(),
      maxAttempts: options.maxAttempts ?? 5,
      dedupeKey: options.dedupeKey,
      requestId: logContext.getStore()?.reqId,
    });
    if (inserted) return inserted;
    const existing = options.dedupeKey ? await repo.findByDedupeKey(queue, options.dedupeKey) : undefined;
    if (!existing) throw new Error(`Could not enqueue a ${queue} job`);
    return existing;
  }

  /** Wakes the local worker so a fresh job starts now rather than at the next poll. */
  notify(): void {
    this.notified = true;
    this.wake?.();
  }

  /** `onStop` releases what wakes the queue from outside (a LISTEN), after the last job. */
  start(onStop?: () => Promise<void>): void {
    if (this.running) return;
    this.running = true;
    this.onStop = onStop;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.notify();
    await this.loop;
    await this.onStop?.();
    this.onStop = undefined;
  }

  /** Runs due jobs until none is left (tests and scripts). Returns how many ran. */
  async drain(): Promise<number> {
    let count = 0;
    while (await this.runOne()) count++;
    return count;
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.notified = false;
      let worked = false;
      try {
        worked = await this.runOne();
      } catch (error) {
        this.log.error({ err: error }, 'job queue poll failed');
      }
      if (!worked && this.running && !this.notified) {
        await new Promise<void>((resolve) => {
          this.wake = resolve;
          this.timer = setTimeout(resolve, this.pollMs);
        });
        clearTimeout(this.timer);
        this.wake = undefined;
      }
    }
  }

  private async runOne(): Promise<boolean> {
    const queues = [...this.handlers.keys()];
    if (!queues.length) return false;
    const job = await this.repo.claim(queues, this.clock.now(), this.leaseMs);
    if (!job) return false;
    const handler = this.handlers.get(job.queue)!;
    const renewal = setInterval(() => {
      const until = new Date(this.clock.now().getTime() + this.leaseMs);
      this.repo.renew(job.id, job.attempts, until).then(
        (held) => held || this.log.warn({ jobId: job.id, queue: job.queue }, 'job lease lost'),
        (error: unknown) => this.log.warn({ err: error, jobId: job.id }, 'job lease not renewed'),
      );
    }, this.leaseMs / 3);
    const started = performance.now();
    const took = () => (performance.now() - started) / 1000;
    try {
      await logContext.run({ reqId: job.requestId ?? undefined, jobId: job.id }, () =>
        handler(job.payload, job),
      );
      await this.repo.complete(job.id, this.clock.now());
      this.observe(job.queue, 'done', took());
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const now = this.clock.now();
      if (job.attempts >= job.maxAttempts) {
        this.log.error(
          { err: error, jobId: job.id, queue: job.queue, reqId: job.requestId },
          'job failed for good',
        );
        await this.repo.fail(job.id, message, now);
        this.observe(job.queue, 'failed', took());
      } else {
        const delay = Math.min(1000 * 2 ** job.attempts, MAX_BACKOFF_MS);
        this.log.warn(
          { err: error, jobId: job.id, queue: job.queue, attempt: job.attempts, reqId: job.requestId },
          'job failed; will retry',
        );
        await this.repo.retryLater(job.id, new Date(now.getTime() + delay), message, now);
        this.observe(job.queue, 'retry', took());
      }
    } finally {
      clearInterval(renewal);
    }
    return true;
  }
}
