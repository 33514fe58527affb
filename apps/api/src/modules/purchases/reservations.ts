import type { Db } from '../../db/client.js';
import type { Claim, PurchasesRepo } from './purchases.repo.js';

export type { Claim } from './purchases.repo.js';

/** Why a claim was not reserved, decided under the listing's lock. */
export type Refusal =
  | { reason: 'missing' | 'unavailable' | 'expired' | 'sold-out' | 'duplicate' }
  | { reason: 'too-many'; remaining: bigint };

export type ClaimResult = { reserved: true } | ({ reserved: false } & Refusal);

interface Waiting {
  claim: Claim;
  settle: (result: ClaimResult) => void;
  fail: (error: unknown) => void;
}

export interface ReservationJob {
  queue: string;
  maxAttempts: number;
}

/**
 * Reserves tokens for the buyers of each listing in batches (ADR 41). A hot listing's row is locked
 * by every reservation until its transaction commits, so one buyer per commit would cap a rush at
 * one WAL flush per purchase. Instead, whoever arrives while a listing's transaction is running
 * waits for it to end and then goes in together with the others in the next one: a lone buyer
 * waits for nothing, a crowd shares one lock and one commit. Inside the transaction the listing is
 * locked first and claims are served in arrival order, each only if it still fits, so a listing
 * can never be oversold whatever other processes do beside it.
 */
export class Reservations {
  private readonly queues = new Map<string, Waiting[]>();

  constructor(
    private readonly db: Db,
    private readonly repo: PurchasesRepo,
    private readonly job: ReservationJob,
    private readonly now: () => Date,
    private readonly maxBatch = 500,
  ) {}

  claim(listingId: string, claim: Claim): Promise<ClaimResult> {
    return new Promise((settle, fail) => {
      const waiting = this.queues.get(listingId);
      if (waiting) {
        waiting.push({ claim, settle, fail });
        return;
      }
      this.queues.set(listingId, []);
      void this.run(listingId, [{ claim, settle, fail }]);
    });
  }

  /** Runs one batch, then the next made of whoever arrived meanwhile, until nobody waits. */
  private async run(listingId: string, batch: Waiting[]): Promise<void> {
    for (;;) {
      try {
        const results = await this.reserve(listingId, batch);
        batch.forEach((waiting, i) => waiting.settle(results[i]!));
      } catch (error) {
        for (const waiting of batch) waiting.fail(error);
      }
      const waiting = this.queues.get(listingId)!;
      if (waiting.length === 0) {
        this.queues.delete(listingId);
        return;
      }
      batch = waiting.splice(0, this.maxBatch);
    }
  }

  private reserve(listingId: string, batch: Waiting[]): Promise<ClaimResult[]> {
    return this.db.transaction(async (tx) => {
      const repo = this.repo.with(tx);
      const listing = await repo.lockListing(listingId);
      const now = this.now();
      const refuseAll = (refusal: Refusal) => batch.map((): ClaimResult => ({ reserved: false, ...refusal }));
      if (!listing) return refuseAll({ reason: 'missing' });
      // A listing an administrator suspended sells nothing until the suspension is lifted.
      if (listing.status !== 'DEPLOYED' || listing.suspendedAt) return refuseAll({ reason: 'unavailable' });
      if (listing.deadline <= now) return refuseAll({ reason: 'expired' });

      let remaining = BigInt(listing.tokenAmount) - BigInt(listing.reserved);
      const results: ClaimResult[] = [];
      const keys = new Set<string>();
      for (const { claim } of batch) {
        const amount = BigInt(claim.purchase.amount);
        const key = claim.idempotency && idempotencyId(claim.idempotency);
        if (key && keys.has(key)) results.push({ reserved: false, reason: 'duplicate' });
        else if (amount > remaining) {
          results.push(
            remaining > 0n
              ? { reserved: false, reason: 'too-many', remaining }
              : { reserved: false, reason: 'sold-out' },
          );
        } else {
          remaining -= amount;
          if (key) keys.add(key);
          results.push({ reserved: true });
        }
      }

      const served = batch.flatMap(({ claim }, i) => (results[i]!.reserved ? [claim] : []));
      if (served.length > 0) {
        const written = await repo.writeClaims(listingId, served, { ...this.job, runAt: now });
        // A key another request wrote first (a concurrent duplicate) is not this claim's to answer.
        batch.forEach(({ claim }, i) => {
          if (results[i]!.reserved && !written.has(claim.purchase.id))
            results[i] = { reserved: false, reason: 'duplicate' };
        });
      }
      return results;
    });
  }
}

function idempotencyId(row: { userId: string; route: string; key: string }): string {
  return `${row.userId}\n${row.route}\n${row.key}`;
}
