import {
  CLOSE_LISTING_QUEUE,
  DEPLOY_TOKEN_QUEUE,
  OPEN_LISTING_QUEUE,
  type IssuerService,
} from '../modules/issuer/issuer.service.js';
import type { JobQueue } from './queue.js';

export function registerIssuerJobs(jobs: JobQueue, issuer: IssuerService): void {
  jobs.register(DEPLOY_TOKEN_QUEUE, (payload, job) =>
    issuer.deploy((payload as { tokenId: string }).tokenId, job),
  );
  jobs.register(OPEN_LISTING_QUEUE, (payload, job) =>
    issuer.open((payload as { listingId: string }).listingId, job),
  );
  jobs.register(CLOSE_LISTING_QUEUE, (payload) => issuer.close((payload as { listingId: string }).listingId));
}
