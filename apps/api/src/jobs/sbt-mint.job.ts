import { MINT_QUEUE, type SbtService } from '../modules/sbt/sbt.service.js';
import type { JobQueue } from './queue.js';

/** Mints a created SBT; safe to run again after a crash (SbtService.mint skips finished steps). */
export function registerSbtMintJob(jobs: JobQueue, sbt: SbtService): void {
  jobs.register(MINT_QUEUE, (payload, job) => sbt.mint((payload as { sbtId: string }).sbtId, job));
}
