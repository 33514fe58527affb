import type { Container } from '../container.js';
import { scheduleHousekeeping } from './housekeeping.jobs.js';

/** Notified by a database trigger when a job is added or queued again (migration 0007). */
const JOBS_CHANNEL = 'portal_jobs';

/** Every job the modules declare, on the container's queue. */
export function registerJobs(container: Container): void {
  for (const module of container.modules) for (const job of module.jobs ?? []) container.jobs.register(job);
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
