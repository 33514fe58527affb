import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { idempotencyKeys, issuerTokens, listings, purchases, users } from '../../db/schema/index.js';
import type { ListingRow, TokenRow } from '../issuer/issuer.repo.js';

export type PurchaseRow = typeof purchases.$inferSelect;
export interface PurchaseView {
  purchase: PurchaseRow;
  token: TokenRow;
  listing: ListingRow;
  issuerEmail: string | null;
}

export class PurchasesRepo {
  constructor(private readonly db: DbOrTx) {}

  with(tx: DbOrTx): PurchasesRepo {
    return new PurchasesRepo(tx);
  }

  /** The latest open direct-sale listing of a token (POST /api/token-purchases names the token). */
  async directListingOf(tokenId: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ id: listings.id })
      .from(listings)
      .where(and(eq(listings.tokenId, tokenId), eq(listings.kind, 'direct'), eq(listings.status, 'DEPLOYED')))
      .orderBy(desc(listings.createdAt))
      .limit(1);
    return row?.id;
  }

  /** Locks a listing's row for the rest of the transaction (reservations, ADR 41). */
  async lockListing(listingId: string) {
    const [row] = await this.db
      .select({
        tokenAmount: listings.tokenAmount,
        reserved: listings.reserved,
        status: listings.status,
        deadline: listings.deadline,
      })
      .from(listings)
      .where(eq(listings.id, listingId))
      .for('update');
    return row;
  }

  /**
   * Adds to what a listing has reserved. The caller holds the row's lock and checked that it fits;
   * the guard still refuses to go past the listing's amount, whatever a caller got wrong.
   */
  async addReserved(listingId: string, amount: bigint): Promise<void> {
    const rows = await this.db
      .update(listings)
      .set({ reserved: sql`${listings.reserved} + ${amount.toString()}::numeric` })
      .where(
        and(
          eq(listings.id, listingId),
          sql`${listings.reserved} + ${amount.toString()}::numeric <= ${listings.tokenAmount}`,
        ),
      )
      .returning({ id: listings.id });
    if (rows.length !== 1) throw new Error(`Listing ${listingId} cannot reserve ${amount} more`);
  }

  /** A failed purchase gives its tokens back to the listing. */
  async release(listingId: string, amount: bigint): Promise<void> {
    await this.db
      .update(listings)
      .set({ reserved: sql`${listings.reserved} - ${amount.toString()}::numeric` })
      .where(eq(listings.id, listingId));
  }

  async markSold(listingId: string, amount: bigint): Promise<void> {
    await this.db
      .update(listings)
      .set({ sold: sql`${listings.sold} + ${amount.toString()}::numeric` })
      .where(eq(listings.id, listingId));
  }

  async insertMany(rows: PurchaseRow[]): Promise<void> {
    await this.db.insert(purchases).values(rows);
  }

  async update(id: string, values: Partial<typeof purchases.$inferInsert>): Promise<void> {
    await this.db.update(purchases).set(values).where(eq(purchases.id, id));
  }

  /** Moves a purchase from one status to another; false when another run already moved it. */
  async transition(
    id: string,
    from: PurchaseRow['status'],
    values: Partial<typeof purchases.$inferInsert>,
  ): Promise<boolean> {
    const rows = await this.db
      .update(purchases)
      .set(values)
      .where(and(eq(purchases.id, id), eq(purchases.status, from)))
      .returning({ id: purchases.id });
    return rows.length === 1;
  }

  private view() {
    return this.db
      .select({ purchase: purchases, token: issuerTokens, listing: listings, issuerEmail: users.email })
      .from(purchases)
      .innerJoin(issuerTokens, eq(issuerTokens.id, purchases.tokenId))
      .innerJoin(listings, eq(listings.id, purchases.listingId))
      .leftJoin(users, eq(users.id, issuerTokens.issuerId));
  }

  async find(id: string): Promise<PurchaseView | undefined> {
    const [row] = await this.view().where(eq(purchases.id, id));
    return row;
  }

  async findOwned(userId: string, id: string): Promise<PurchaseView | undefined> {
    const [row] = await this.view().where(and(eq(purchases.id, id), eq(purchases.userId, userId)));
    return row;
  }

  async owned(userId: string): Promise<PurchaseView[]> {
    return this.view().where(eq(purchases.userId, userId)).orderBy(desc(purchases.createdAt));
  }

  async findIdempotent(userId: string, route: string, key: string) {
    const [row] = await this.db
      .select()
      .from(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.userId, userId),
          eq(idempotencyKeys.route, route),
          eq(idempotencyKeys.key, key),
        ),
      );
    return row;
  }

  /** Writes the keys not already taken; returns those it wrote. */
  async insertIdempotentMany(rows: (typeof idempotencyKeys.$inferInsert)[]) {
    if (rows.length === 0) return [];
    return this.db
      .insert(idempotencyKeys)
      .values(rows)
      .onConflictDoNothing()
      .returning({ userId: idempotencyKeys.userId, route: idempotencyKeys.route, key: idempotencyKeys.key });
  }
}
