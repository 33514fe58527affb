import { MINT_QUEUE, REVOKE_QUEUE, type SbtService } from '../modules/sbt/sbt.service.js';
import type { JobQueue } from './queue.js';

/** Mints a created SBT and burns a revoked one; both safe to run again after a crash. */
export function registerSbtJobs(jobs: JobQueue, sbt: SbtService): void {
  jobs.register(MINT_QUEUE, (payload, job) => sbt.mint((payload as { sbtId: string }).sbtId, job));
  jobs.register(REVOKE_QUEUE, (payload) => sbt.revoke((payload as { userId: string }).userId));
}
