import { z } from 'zod';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import type { FeatureModule } from '../feature-module.js';
import type { Infrastructure } from '../infrastructure.js';
import type { OidcRepo } from '../modules/auth/oidc.repo.js';
import type { ThrottleRepo } from '../modules/auth/throttle.repo.js';
import type { OutboxMail } from '../providers/mail/mail.embedded.js';
import { defineJob, jobKind, type JobQueue } from './queue.js';

export const housekeepingJob = jobKind('housekeeping', z.object({}));
const EVERY_MS = 60 * 60_000;
/** Longer than every throttle window (the longest is an hour), so no live counter is lost. */
export const THROTTLE_KEEP_MS = 24 * 60 * 60_000;
/** Messages carry reset links and alerts; a month is enough to answer "did I get a mail?". */
export const MAIL_KEEP_MS = 30 * 24 * 60 * 60_000;
/** Finished jobs: the console's history and the request ids that tie them to their logs. */
export const JOBS_KEEP_MS = 30 * 24 * 60 * 60_000;

export interface Housekeeping {
  db: Db;
  jobs: JobQueue;
  clock: Clock;
  throttles: ThrottleRepo;
  outbox: OutboxMail;
  /** Google sign-ins nobody came back from (ADR 45). */
  oidcAttempts: Pick<OidcRepo, 'pruneAttempts'>;
  log: { info(object: object, message: string): void };
}

/**
 * Hourly clean-up of rows that only grow: expired rate-limit counters, old embedded mail
 * (rows and files), expired Google sign-in attempts and old finished jobs. Each run schedules the next; the hour is the dedupe key, so any number of
 * processes booting, or a run retried after a crash, still schedule one run per hour.
 */
export function housekeepingModule(
  infra: Infrastructure,
  deps: Pick<Housekeeping, 'throttles' | 'oidcAttempts'>,
) {
  const house: Housekeeping = {
    ...deps,
    db: infra.db,
    jobs: infra.jobs,
    clock: infra.clock,
    outbox: infra.outbox,
    log: infra.log,
  };
  return {
    name: 'housekeeping',
    housekeeping: house,
    jobs: [
      defineJob(housekeepingJob, async () => {
        const now = house.clock.now();
        const counters = await house.throttles.prune(new Date(now.getTime() - THROTTLE_KEEP_MS), now);
        const mail = await house.outbox.prune(new Date(now.getTime() - MAIL_KEEP_MS));
        const signIns = await house.oidcAttempts.pruneAttempts(now);
        const finishedJobs = await house.jobs.pruneDone(new Date(now.getTime() - JOBS_KEEP_MS));
        house.log.info({ counters, mail, signIns, finishedJobs }, 'housekeeping pruned old rows');
        await scheduleHousekeeping(house, new Date(now.getTime() + EVERY_MS));
      }),
    ],
  } satisfies FeatureModule & Record<string, unknown>;
}

export async function scheduleHousekeeping(house: Housekeeping, runAt = house.clock.now()): Promise<void> {
  const hour = new Date(Math.floor(runAt.getTime() / EVERY_MS) * EVERY_MS).toISOString();
  await house.jobs.enqueue(house.db, housekeepingJob, {}, { dedupeKey: hour, runAt });
}
