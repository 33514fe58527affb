import type { Container } from '../container.js';
import { registerDemoJobs } from './demo.jobs.js';
import { registerHousekeepingJobs, scheduleHousekeeping } from './housekeeping.jobs.js';
import { registerIssuerJobs } from './issuer.jobs.js';
import { registerPurchaseJobs } from './purchases.jobs.js';
import { registerSbtJobs } from './sbt.jobs.js';

/** Notified by a database trigger when a job is added or queued again (migration 0007). */
const JOBS_CHANNEL = 'portal_jobs';

/** Every job handler of the portal, on the container's queue. */
export function registerJobs(container: Container): void {
  registerSbtJobs(container.jobs, container.sbt);
  registerIssuerJobs(container.jobs, container.issuer);
  registerPurchaseJobs(container.jobs, container.purchases);
  registerDemoJobs(container.jobs, container.demo);
  registerHousekeepingJobs(container.housekeeping);
}

/**
 * Starts this process's workers. Jobs enqueued by another process (an API without workers) wake
 * them through LISTEN at once; the queue's poll covers a dropped connection.
 */
export async function startJobs(container: Container): Promise<void> {
  await scheduleHousekeeping(container.housekeeping);
  const { jobs } = container;
  const unlisten = await container.database.listen(JOBS_CHANNEL, {
    message: () => jobs.notify(),
    live: (live) => live && jobs.notify(),
  });
  jobs.start(unlisten);
}
