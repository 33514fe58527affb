import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { tokenColumns, type TokenFactsRow } from '../../db/token-columns.js';
import { issuerTokens, listings, purchases, tokenHoldings, users } from '../../db/schema/index.js';

export type HoldingTokenRow = TokenFactsRow;

export interface OwnPurchaseRow {
  purchase: Pick<
    typeof purchases.$inferSelect,
    | 'id'
    | 'status'
    | 'amount'
    | 'costWei'
    | 'deliveryAddress'
    | 'deliveryTxHash'
    | 'vcCid'
    | 'error'
    | 'createdAt'
    | 'completedAt'
  >;
  token: HoldingTokenRow;
  issuerEmail: string | null;
}

export interface BookedRow {
  token: HoldingTokenRow;
  issuerEmail: string | null;
  address: string;
  balance: string;
}

/** Holdings reads (ADR 68). Every query names the caller in its WHERE clause. */
export class HoldingsRepo {
  constructor(private readonly db: DbOrTx) {}

  /** The caller's purchases, every status, oldest first, with their token and its issuer's email. */
  async purchasesOf(userId: string): Promise<OwnPurchaseRow[]> {
    return this.db
      .select({
        purchase: {
          id: purchases.id,
          status: purchases.status,
          amount: purchases.amount,
          costWei: purchases.costWei,
          deliveryAddress: purchases.deliveryAddress,
          deliveryTxHash: purchases.deliveryTxHash,
          vcCid: purchases.vcCid,
          error: purchases.error,
          createdAt: purchases.createdAt,
          completedAt: purchases.completedAt,
        },
        token: tokenColumns,
        issuerEmail: users.email,
      })
      .from(purchases)
      .innerJoin(issuerTokens, eq(issuerTokens.id, purchases.tokenId))
      .leftJoin(users, eq(users.id, issuerTokens.issuerId))
      .where(eq(purchases.userId, userId))
      .orderBy(asc(purchases.createdAt), asc(purchases.id));
  }

  /** The holders' books (token_holdings) of the caller: one row per token and address with a balance. */
  async bookedOf(userId: string): Promise<BookedRow[]> {
    return this.db
      .select({
        token: tokenColumns,
        issuerEmail: users.email,
        address: tokenHoldings.address,
        balance: tokenHoldings.balance,
      })
      .from(tokenHoldings)
      .innerJoin(issuerTokens, eq(issuerTokens.id, tokenHoldings.tokenId))
      .leftJoin(users, eq(users.id, issuerTokens.issuerId))
      .where(and(eq(tokenHoldings.userId, userId), gt(tokenHoldings.balance, '0')));
  }

  /**
   * The last price of each token (ADR 68): the price of the listing of its most recent completed
   * sale on the portal, else of its newest open listing. Tokens with neither are left out.
   */
  async lastPrices(
    tokenIds: string[],
  ): Promise<Map<string, { priceWei: string; source: 'last-sale' | 'listing' }>> {
    if (tokenIds.length === 0) return new Map();
    const sold = this.db
      .selectDistinctOn([purchases.tokenId], { tokenId: purchases.tokenId, priceWei: listings.priceWei })
      .from(purchases)
      .innerJoin(listings, eq(listings.id, purchases.listingId))
      .where(and(inArray(purchases.tokenId, tokenIds), eq(purchases.status, 'COMPLETED')))
      .orderBy(purchases.tokenId, desc(purchases.completedAt), desc(purchases.id));
    const listed = this.db
      .selectDistinctOn([listings.tokenId], { tokenId: listings.tokenId, priceWei: listings.priceWei })
      .from(listings)
      .where(
        and(
          inArray(listings.tokenId, tokenIds),
          eq(listings.status, 'DEPLOYED'),
          sql`${listings.suspendedAt} is null`,
        ),
      )
      .orderBy(listings.tokenId, desc(listings.createdAt), desc(listings.id));
    const [sales, open] = await Promise.all([sold, listed]);
    const prices = new Map<string, { priceWei: string; source: 'last-sale' | 'listing' }>();
    for (const row of open) prices.set(row.tokenId, { priceWei: row.priceWei, source: 'listing' });
    for (const row of sales) prices.set(row.tokenId, { priceWei: row.priceWei, source: 'last-sale' });
    return prices;
  }
}
