import { and, asc, desc, eq, gt, gte, inArray, lt, or, sql } from 'drizzle-orm';
import { SECONDARY_LISTED } from '@portal/shared/secondary-market';
import type { DbOrTx } from '../../db/client.js';
import { issuerTokens, secondaryFills, secondaryOrders, tokenRules } from '../../db/schema/index.js';

export type OrderRow = typeof secondaryOrders.$inferSelect;
export type FillRow = typeof secondaryFills.$inferSelect;
export type OrderStatus = OrderRow['status'];
export type FillStatus = FillRow['status'];

const orderColumns = { order: secondaryOrders, symbol: issuerTokens.symbol };
export type OrderView = { order: OrderRow; symbol: string };
const fillColumns = { fill: secondaryFills, order: secondaryOrders, symbol: issuerTokens.symbol };
export type FillView = { fill: FillRow; order: OrderRow; symbol: string };

/** Sell orders and fills of the secondary market (ADR 75); an owner's queries name the owner. */
export class SecondaryMarketRepo {
  constructor(private readonly db: DbOrTx) {}

  with(tx: DbOrTx): SecondaryMarketRepo {
    return new SecondaryMarketRepo(tx);
  }

  async insertOrder(values: typeof secondaryOrders.$inferInsert): Promise<OrderRow | undefined> {
    const [row] = await this.db.insert(secondaryOrders).values(values).onConflictDoNothing().returning();
    return row;
  }

  async orderByKey(userId: string, key: string): Promise<OrderRow | undefined> {
    const [row] = await this.db
      .select()
      .from(secondaryOrders)
      .where(and(eq(secondaryOrders.userId, userId), eq(secondaryOrders.idempotencyKey, key)));
    return row;
  }

  async order(id: string, lock = false): Promise<OrderRow | undefined> {
    const query = this.db.select().from(secondaryOrders).where(eq(secondaryOrders.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  async orderView(id: string): Promise<OrderView | undefined> {
    const [row] = await this.db
      .select(orderColumns)
      .from(secondaryOrders)
      .innerJoin(issuerTokens, eq(issuerTokens.id, secondaryOrders.tokenId))
      .where(eq(secondaryOrders.id, id));
    return row;
  }

  /** Moves an order from one of `from` to new values; undefined when it was not in one of them. */
  async transition(id: string, from: OrderStatus[], set: Partial<OrderRow>): Promise<OrderRow | undefined> {
    const [row] = await this.db
      .update(secondaryOrders)
      .set(set)
      .where(and(eq(secondaryOrders.id, id), inArray(secondaryOrders.status, from)))
      .returning();
    return row;
  }

  /**
   * Reserves `amount` whole tokens of an open, unexpired order: the one guarded update that makes
   * racing takers fill exactly what remains, never more.
   */
  async reserve(id: string, amount: bigint, now: Date): Promise<OrderRow | undefined> {
    const [row] = await this.db
      .update(secondaryOrders)
      .set({
        remaining: sql`${secondaryOrders.remaining} - ${amount.toString()}::numeric`,
        updatedAt: now,
      })
      .where(
        and(
          eq(secondaryOrders.id, id),
          eq(secondaryOrders.status, 'OPEN'),
          sql`${secondaryOrders.remaining} >= ${amount.toString()}::numeric`,
          gt(secondaryOrders.expiresAt, now),
        ),
      )
      .returning();
    return row;
  }

  /** A fill that did not swap gives its reservation back to an order still open. */
  async release(id: string, amount: bigint, now: Date): Promise<void> {
    await this.db
      .update(secondaryOrders)
      .set({ remaining: sql`${secondaryOrders.remaining} + ${amount.toString()}::numeric`, updatedAt: now })
      .where(and(eq(secondaryOrders.id, id), eq(secondaryOrders.status, 'OPEN')));
  }

  /** A settled fill counts as sold; the order is FILLED when everything is. */
  async sold(id: string, amount: bigint, now: Date): Promise<OrderRow | undefined> {
    const filled = sql`${secondaryOrders.filled} + ${amount.toString()}::numeric`;
    const [row] = await this.db
      .update(secondaryOrders)
      .set({
        filled,
        status: sql`case when ${filled} = ${secondaryOrders.amount} and ${secondaryOrders.status} = 'OPEN'
          then 'FILLED' else ${secondaryOrders.status} end`,
        updatedAt: now,
      })
      .where(eq(secondaryOrders.id, id))
      .returning();
    return row;
  }

  async insertFill(values: typeof secondaryFills.$inferInsert): Promise<FillRow | undefined> {
    const [row] = await this.db.insert(secondaryFills).values(values).onConflictDoNothing().returning();
    return row;
  }

  async fillByKey(buyerId: string, key: string): Promise<FillRow | undefined> {
    const [row] = await this.db
      .select()
      .from(secondaryFills)
      .where(and(eq(secondaryFills.buyerId, buyerId), eq(secondaryFills.idempotencyKey, key)));
    return row;
  }

  async fill(id: string): Promise<FillRow | undefined> {
    const [row] = await this.db.select().from(secondaryFills).where(eq(secondaryFills.id, id));
    return row;
  }

  async fillView(id: string): Promise<FillView | undefined> {
    const [row] = await this.fillQuery().where(eq(secondaryFills.id, id));
    return row;
  }

  async settleFill(id: string, set: Partial<FillRow>): Promise<FillRow | undefined> {
    const [row] = await this.db
      .update(secondaryFills)
      .set(set)
      .where(and(eq(secondaryFills.id, id), eq(secondaryFills.status, 'PENDING')))
      .returning();
    return row;
  }

  async pendingFills(orderId: string): Promise<FillRow[]> {
    return this.db
      .select()
      .from(secondaryFills)
      .where(and(eq(secondaryFills.orderId, orderId), eq(secondaryFills.status, 'PENDING')));
  }

  /** The book: open orders with something left, cheapest first, then the earliest. */
  async book(tokenId: string, now: Date): Promise<OrderView[]> {
    return this.db
      .select(orderColumns)
      .from(secondaryOrders)
      .innerJoin(issuerTokens, eq(issuerTokens.id, secondaryOrders.tokenId))
      .where(
        and(
          eq(secondaryOrders.tokenId, tokenId),
          eq(secondaryOrders.status, 'OPEN'),
          gt(secondaryOrders.remaining, '0'),
          gt(secondaryOrders.expiresAt, now),
        ),
      )
      .orderBy(asc(secondaryOrders.price), asc(secondaryOrders.createdAt), asc(secondaryOrders.id))
      .limit(SECONDARY_LISTED);
  }

  /** Settled fills of a token, newest first. */
  async trades(tokenId: string): Promise<FillView[]> {
    return this.fillQuery()
      .where(and(eq(secondaryFills.tokenId, tokenId), eq(secondaryFills.status, 'SETTLED')))
      .orderBy(desc(secondaryFills.settledAt), desc(secondaryFills.id))
      .limit(SECONDARY_LISTED);
  }

  async ordersOfUser(userId: string): Promise<OrderView[]> {
    return this.db
      .select(orderColumns)
      .from(secondaryOrders)
      .innerJoin(issuerTokens, eq(issuerTokens.id, secondaryOrders.tokenId))
      .where(eq(secondaryOrders.userId, userId))
      .orderBy(desc(secondaryOrders.createdAt), desc(secondaryOrders.id))
      .limit(SECONDARY_LISTED);
  }

  /** Fills the user took, and fills of the user's orders. */
  async fillsOfUser(userId: string): Promise<FillView[]> {
    return this.fillQuery()
      .where(or(eq(secondaryFills.buyerId, userId), eq(secondaryOrders.userId, userId)))
      .orderBy(desc(secondaryFills.createdAt), desc(secondaryFills.id))
      .limit(SECONDARY_LISTED);
  }

  /** The issuer's figures for a token: settled volume and value, traders, open orders. */
  async stats(tokenId: string) {
    const [traded] = await this.db
      .select({
        volume: sql<string>`coalesce(sum(${secondaryFills.amount}), 0)::text`,
        value: sql<string>`coalesce(sum(${secondaryFills.total}), 0)::text`,
        trades: sql<number>`count(*)::int`,
        buyers: sql<number>`count(distinct ${secondaryFills.buyerId})::int`,
        sellers: sql<number>`count(distinct ${secondaryOrders.userId})::int`,
      })
      .from(secondaryFills)
      .innerJoin(secondaryOrders, eq(secondaryOrders.id, secondaryFills.orderId))
      .where(and(eq(secondaryFills.tokenId, tokenId), eq(secondaryFills.status, 'SETTLED')));
    const [open] = await this.db
      .select({
        orders: sql<number>`count(*)::int`,
        locked: sql<string>`coalesce(sum(${secondaryOrders.amount} - ${secondaryOrders.filled}), 0)::text`,
      })
      .from(secondaryOrders)
      .where(and(eq(secondaryOrders.tokenId, tokenId), eq(secondaryOrders.status, 'OPEN')));
    return { ...traded!, openOrders: open!.orders, locked: open!.locked };
  }

  /** Orders whose tokens are (or were) in the escrow, with their token, for reconcile. */
  async ordersForReconcile(): Promise<OrderRow[]> {
    return this.db
      .select()
      .from(secondaryOrders)
      .where(inArray(secondaryOrders.status, ['OPEN', 'CANCELLING', 'FILLED', 'CANCELLED', 'EXPIRED']));
  }

  async settledFills(): Promise<FillRow[]> {
    return this.db.select().from(secondaryFills).where(eq(secondaryFills.status, 'SETTLED'));
  }

  /** The user's order and fill rows that changed their books in [from, to), for statements. */
  async statementRows(userId: string, from: Date, to: Date) {
    const orders = await this.db
      .select(orderColumns)
      .from(secondaryOrders)
      .innerJoin(issuerTokens, eq(issuerTokens.id, secondaryOrders.tokenId))
      .where(
        and(
          eq(secondaryOrders.userId, userId),
          lt(secondaryOrders.createdAt, to),
          or(gte(secondaryOrders.createdAt, from), gte(secondaryOrders.updatedAt, from)),
        ),
      );
    const fills = await this.fillQuery().where(
      and(
        eq(secondaryFills.status, 'SETTLED'),
        or(eq(secondaryFills.buyerId, userId), eq(secondaryOrders.userId, userId)),
        gte(secondaryFills.settledAt, from),
        lt(secondaryFills.settledAt, to),
      ),
    );
    return { orders, fills };
  }

  /** Whether the issuer paused the token, and why (the compliance module's row, ADR 61). */
  async pauseOf(tokenId: string): Promise<{ paused: boolean; reason: string | null }> {
    const [row] = await this.db
      .select({ paused: tokenRules.paused, reason: tokenRules.pauseReason })
      .from(tokenRules)
      .where(eq(tokenRules.tokenId, tokenId));
    return row ?? { paused: false, reason: null };
  }

  private fillQuery() {
    return this.db
      .select(fillColumns)
      .from(secondaryFills)
      .innerJoin(secondaryOrders, eq(secondaryOrders.id, secondaryFills.orderId))
      .innerJoin(issuerTokens, eq(issuerTokens.id, secondaryFills.tokenId))
      .$dynamic();
  }
}
