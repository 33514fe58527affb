import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { listings, purchases, sbts } from '../../db/schema/index.js';

export class ReconcileRepo {
  constructor(private readonly db: DbOrTx) {}

  /** Each listing's books beside what its purchases add up to. */
  async listingBooks() {
    return this.db
      .select({
        id: listings.id,
        reserved: listings.reserved,
        sold: listings.sold,
        status: listings.status,
        completed: sql<string>`coalesce(sum(${purchases.amount}) filter (where ${purchases.status} = 'COMPLETED'), 0)::text`,
        inFlight: sql<string>`coalesce(sum(${purchases.amount}) filter (where ${purchases.status} in ('PENDING', 'SETTLING')), 0)::text`,
      })
      .from(listings)
      .leftJoin(purchases, eq(purchases.listingId, listings.id))
      .groupBy(listings.id);
  }

  /** Every SBT the portal created, with the token it recorded (if any). */
  async sbts() {
    return this.db
      .select({
        id: sbts.id,
        holder: sbts.holderAddress,
        tokenId: sbts.tokenId,
        status: sbts.status,
        mintTx: sbts.txHash,
        revokeTx: sbts.revokeTxHash,
      })
      .from(sbts);
  }
}
