import { SETTLE_QUEUE, type PurchasesService } from '../modules/purchases/purchases.service.js';
import type { JobQueue } from './queue.js';

export function registerPurchaseJobs(jobs: JobQueue, purchases: PurchasesService): void {
  jobs.register(SETTLE_QUEUE, (payload, job) =>
    purchases.settle((payload as { purchaseId: string }).purchaseId, job),
  );
}
