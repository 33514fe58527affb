import { DEMO_SEED_QUEUE, type DemoService } from '../modules/demo/demo.service.js';
import type { JobQueue } from './queue.js';

export function registerDemoJobs(jobs: JobQueue, demo: DemoService): void {
  jobs.register(DEMO_SEED_QUEUE, () => demo.seed());
}
