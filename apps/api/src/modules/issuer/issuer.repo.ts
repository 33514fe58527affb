import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { issuerApplications, issuerTokens, listings, purchases, users } from '../../db/schema/index.js';

export type TokenRow = typeof issuerTokens.$inferSelect;
export type ListingRow = typeof listings.$inferSelect;

/** Issuers' tokens and listings. Owner-facing queries name the issuer: another's rows are not found. */
export class IssuerRepo {
  constructor(private readonly db: DbOrTx) {}

  with(tx: DbOrTx): IssuerRepo {
    return new IssuerRepo(tx);
  }

  /** Whether the user may deploy and list: an approved application, or an administrator. */
  async mayIssue(userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .leftJoin(issuerApplications, eq(issuerApplications.userId, users.id))
      .where(
        and(eq(users.id, userId), or(eq(users.role, 'admin'), eq(issuerApplications.status, 'approved'))),
      );
    return row !== undefined;
  }

  async insertToken(values: typeof issuerTokens.$inferInsert): Promise<TokenRow> {
    const [row] = await this.db.insert(issuerTokens).values(values).returning();
    return row!;
  }

  async tokensOf(issuerId: string): Promise<TokenRow[]> {
    return this.db
      .select()
      .from(issuerTokens)
      .where(eq(issuerTokens.issuerId, issuerId))
      .orderBy(desc(issuerTokens.createdAt));
  }

  async ownedToken(issuerId: string, id: string, lock = false): Promise<TokenRow | undefined> {
    const query = this.db
      .select()
      .from(issuerTokens)
      .where(and(eq(issuerTokens.id, id), eq(issuerTokens.issuerId, issuerId)));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  async token(id: string): Promise<TokenRow | undefined> {
    const [row] = await this.db.select().from(issuerTokens).where(eq(issuerTokens.id, id));
    return row;
  }

  async updateToken(id: string, values: Partial<typeof issuerTokens.$inferInsert>): Promise<void> {
    await this.db.update(issuerTokens).set(values).where(eq(issuerTokens.id, id));
  }

  /**
   * Base units of each token that listings hold or held: offered minus what escrow gave back.
   * Failed listings never took anything.
   */
  async committed(tokenIds: string[]): Promise<Map<string, bigint>> {
    if (tokenIds.length === 0) return new Map();
    const rows = await this.db
      .select({
        tokenId: listings.tokenId,
        amount: sql<string>`coalesce(sum(${listings.tokenAmount} - ${listings.returned}), 0)::text`,
      })
      .from(listings)
      .where(and(inArray(listings.tokenId, tokenIds), ne(listings.status, 'FAILED')))
      .groupBy(listings.tokenId);
    return new Map(rows.map((row) => [row.tokenId, BigInt(row.amount)]));
  }

  async insertListing(values: typeof listings.$inferInsert): Promise<ListingRow> {
    const [row] = await this.db.insert(listings).values(values).returning();
    return row!;
  }

  async listingsOf(issuerId: string): Promise<{ listing: ListingRow; token: TokenRow }[]> {
    return this.db
      .select({ listing: listings, token: issuerTokens })
      .from(listings)
      .innerJoin(issuerTokens, eq(issuerTokens.id, listings.tokenId))
      .where(eq(listings.issuerId, issuerId))
      .orderBy(desc(listings.createdAt));
  }

  async ownedListing(
    issuerId: string,
    id: string,
  ): Promise<{ listing: ListingRow; token: TokenRow } | undefined> {
    const [row] = await this.db
      .select({ listing: listings, token: issuerTokens })
      .from(listings)
      .innerJoin(issuerTokens, eq(issuerTokens.id, listings.tokenId))
      .where(and(eq(listings.id, id), eq(listings.issuerId, issuerId)));
    return row;
  }

  async listing(id: string): Promise<{ listing: ListingRow; token: TokenRow } | undefined> {
    const [row] = await this.db
      .select({ listing: listings, token: issuerTokens })
      .from(listings)
      .innerJoin(issuerTokens, eq(issuerTokens.id, listings.tokenId))
      .where(eq(listings.id, id));
    return row;
  }

  async updateListing(id: string, values: Partial<typeof listings.$inferInsert>): Promise<void> {
    await this.db.update(listings).set(values).where(eq(listings.id, id));
  }

  /** Stops sales at once; returns the row when this call closed it. */
  async closeListing(issuerId: string, id: string): Promise<ListingRow | undefined> {
    const [row] = await this.db
      .update(listings)
      .set({ status: 'CLOSED' })
      .where(and(eq(listings.id, id), eq(listings.issuerId, issuerId), ne(listings.status, 'CLOSED')))
      .returning();
    return row;
  }

  /** Purchases of a listing not yet settled either way (a closing escrow waits for them). */
  async unsettledPurchases(listingId: string): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(purchases)
      .where(and(eq(purchases.listingId, listingId), inArray(purchases.status, ['PENDING', 'SETTLING'])));
    return row?.count ?? 0;
  }
}
