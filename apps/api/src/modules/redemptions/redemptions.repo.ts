import { and, asc, desc, eq, gt, gte, inArray, lt, lte, ne, or, sql } from 'drizzle-orm';
import { REDEMPTIONS_LISTED } from '@portal/shared/redemptions';
import type { DbOrTx } from '../../db/client.js';
import { issuerTokens, redemptionRequests, redemptionWindows, tokenHoldings } from '../../db/schema/index.js';

export type WindowRow = typeof redemptionWindows.$inferSelect;
export type RequestRow = typeof redemptionRequests.$inferSelect;
export type RequestStatus = RequestRow['status'];

/** Whole tokens out of the holder's vault: asked and not (yet) given back. */
const LOCKED_STATUSES: RequestStatus[] = ['LOCKING', 'LOCKED', 'CANCELLING', 'SETTLING'];

const windowColumns = {
  window: redemptionWindows,
  tokenName: issuerTokens.name,
  symbol: issuerTokens.symbol,
  requested: sql<string>`coalesce((select sum(r.amount) from ${redemptionRequests} r
    where r.window_id = ${redemptionWindows.id}
      and r.status in ('LOCKING', 'LOCKED', 'CANCELLING', 'SETTLING', 'SETTLED')), 0)::text`,
  accepted: sql<string | null>`(select sum(r.accepted)::text from ${redemptionRequests} r
    where r.window_id = ${redemptionWindows.id} and r.accepted is not null)`,
};
export type WindowView = {
  window: WindowRow;
  tokenName: string;
  symbol: string;
  requested: string;
  accepted: string | null;
};

const requestColumns = {
  request: redemptionRequests,
  window: redemptionWindows,
  symbol: issuerTokens.symbol,
};
export type RequestView = { request: RequestRow; window: WindowRow; symbol: string };

/** Redemption windows and requests (ADR 72); a holder's queries name the holder. */
export class RedemptionsRepo {
  constructor(private readonly db: DbOrTx) {}

  with(tx: DbOrTx): RedemptionsRepo {
    return new RedemptionsRepo(tx);
  }

  async insertWindow(values: typeof redemptionWindows.$inferInsert): Promise<WindowRow | undefined> {
    const [row] = await this.db.insert(redemptionWindows).values(values).onConflictDoNothing().returning();
    return row;
  }

  async windowByKey(issuerId: string, key: string): Promise<WindowRow | undefined> {
    const [row] = await this.db
      .select()
      .from(redemptionWindows)
      .where(and(eq(redemptionWindows.issuerId, issuerId), eq(redemptionWindows.idempotencyKey, key)));
    return row;
  }

  /** A window of the token whose dates meet [opensAt, closesAt) and that is not settled. */
  async overlapping(tokenId: string, opensAt: Date, closesAt: Date): Promise<boolean> {
    const [row] = await this.db
      .select({ id: redemptionWindows.id })
      .from(redemptionWindows)
      .where(
        and(
          eq(redemptionWindows.tokenId, tokenId),
          sql`${redemptionWindows.opensAt} < ${closesAt.toISOString()}::timestamptz`,
          sql`${redemptionWindows.closesAt} > ${opensAt.toISOString()}::timestamptz`,
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  async window(id: string, lock = false): Promise<WindowRow | undefined> {
    const query = this.db.select().from(redemptionWindows).where(eq(redemptionWindows.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  async setWindow(id: string, values: Partial<Pick<WindowRow, 'status' | 'settledAt'>>): Promise<void> {
    await this.db.update(redemptionWindows).set(values).where(eq(redemptionWindows.id, id));
  }

  async windowView(id: string): Promise<WindowView | undefined> {
    const [row] = await this.db
      .select(windowColumns)
      .from(redemptionWindows)
      .innerJoin(issuerTokens, eq(issuerTokens.id, redemptionWindows.tokenId))
      .where(eq(redemptionWindows.id, id));
    return row;
  }

  async windowsOfToken(tokenId: string): Promise<WindowView[]> {
    return this.db
      .select(windowColumns)
      .from(redemptionWindows)
      .innerJoin(issuerTokens, eq(issuerTokens.id, redemptionWindows.tokenId))
      .where(eq(redemptionWindows.tokenId, tokenId))
      .orderBy(desc(redemptionWindows.opensAt))
      .limit(REDEMPTIONS_LISTED);
  }

  /** Windows open at `now` on tokens the user holds in the books. */
  async openWindowsFor(userId: string, now: Date): Promise<WindowView[]> {
    const at = now.toISOString();
    return this.db
      .select(windowColumns)
      .from(redemptionWindows)
      .innerJoin(issuerTokens, eq(issuerTokens.id, redemptionWindows.tokenId))
      .where(
        and(
          eq(redemptionWindows.status, 'OPEN'),
          sql`${redemptionWindows.opensAt} <= ${at}::timestamptz`,
          sql`${redemptionWindows.closesAt} > ${at}::timestamptz`,
          sql`exists (select 1 from ${tokenHoldings} h where h.token_id = ${redemptionWindows.tokenId}
                and h.user_id = ${userId} and h.balance > 0)`,
        ),
      )
      .orderBy(asc(redemptionWindows.closesAt))
      .limit(REDEMPTIONS_LISTED);
  }

  /** Windows still OPEN whose closing date has passed (the settlement job is due). */
  async due(now: Date): Promise<WindowRow[]> {
    return this.db
      .select()
      .from(redemptionWindows)
      .where(and(eq(redemptionWindows.status, 'OPEN'), lte(redemptionWindows.closesAt, now)));
  }

  async insertRequest(values: typeof redemptionRequests.$inferInsert): Promise<RequestRow | undefined> {
    const [row] = await this.db.insert(redemptionRequests).values(values).onConflictDoNothing().returning();
    return row;
  }

  async requestByKey(userId: string, key: string): Promise<RequestRow | undefined> {
    const [row] = await this.db
      .select()
      .from(redemptionRequests)
      .where(and(eq(redemptionRequests.userId, userId), eq(redemptionRequests.idempotencyKey, key)));
    return row;
  }

  async request(id: string): Promise<RequestRow | undefined> {
    const [row] = await this.db.select().from(redemptionRequests).where(eq(redemptionRequests.id, id));
    return row;
  }

  /** The user's own request (another's is not found). */
  async ownRequest(userId: string, id: string): Promise<RequestRow | undefined> {
    const [row] = await this.db
      .select()
      .from(redemptionRequests)
      .where(and(eq(redemptionRequests.id, id), eq(redemptionRequests.userId, userId)));
    return row;
  }

  async requestView(id: string): Promise<RequestView | undefined> {
    const [row] = await this.db
      .select(requestColumns)
      .from(redemptionRequests)
      .innerJoin(redemptionWindows, eq(redemptionWindows.id, redemptionRequests.windowId))
      .innerJoin(issuerTokens, eq(issuerTokens.id, redemptionWindows.tokenId))
      .where(eq(redemptionRequests.id, id));
    return row;
  }

  async requestsOfUser(userId: string): Promise<RequestView[]> {
    return this.db
      .select(requestColumns)
      .from(redemptionRequests)
      .innerJoin(redemptionWindows, eq(redemptionWindows.id, redemptionRequests.windowId))
      .innerJoin(issuerTokens, eq(issuerTokens.id, redemptionWindows.tokenId))
      .where(eq(redemptionRequests.userId, userId))
      .orderBy(desc(redemptionRequests.createdAt))
      .limit(REDEMPTIONS_LISTED);
  }

  /** The window's requests in the order the remainder rule favours: earliest first. */
  async requestsOfWindow(windowId: string, statuses?: RequestStatus[]): Promise<RequestRow[]> {
    return this.db
      .select()
      .from(redemptionRequests)
      .where(
        and(
          eq(redemptionRequests.windowId, windowId),
          statuses ? inArray(redemptionRequests.status, statuses) : undefined,
        ),
      )
      .orderBy(asc(redemptionRequests.createdAt), asc(redemptionRequests.id));
  }

  /** Moves a request on only from the state named: false when someone else moved it first. */
  async transition(
    id: string,
    from: RequestStatus[],
    values: Partial<Omit<RequestRow, 'id' | 'windowId' | 'userId'>>,
  ): Promise<RequestRow | undefined> {
    const [row] = await this.db
      .update(redemptionRequests)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(redemptionRequests.id, id), inArray(redemptionRequests.status, from)))
      .returning();
    return row;
  }

  /** The user's requests made, cancelled or settled in [from, to) (statements, ADR 74). */
  async statementRows(userId: string, from: Date, to: Date) {
    const { createdAt, updatedAt, status } = redemptionRequests;
    return this.db
      .select({ request: redemptionRequests, window: redemptionWindows, token: issuerTokens })
      .from(redemptionRequests)
      .innerJoin(redemptionWindows, eq(redemptionWindows.id, redemptionRequests.windowId))
      .innerJoin(issuerTokens, eq(issuerTokens.id, redemptionWindows.tokenId))
      .where(
        and(
          eq(redemptionRequests.userId, userId),
          ne(status, 'FAILED'),
          or(
            and(gte(createdAt, from), lt(createdAt, to)),
            and(inArray(status, ['CANCELLED', 'SETTLED']), gte(updatedAt, from), lt(updatedAt, to)),
          ),
        ),
      )
      .orderBy(asc(createdAt), asc(redemptionRequests.id));
  }

  /** Every request of an Ethereum token with its window and token (reconcile). */
  async books() {
    return this.db
      .select({ request: redemptionRequests, window: redemptionWindows, token: issuerTokens })
      .from(redemptionRequests)
      .innerJoin(redemptionWindows, eq(redemptionWindows.id, redemptionRequests.windowId))
      .innerJoin(issuerTokens, eq(issuerTokens.id, redemptionWindows.tokenId))
      .where(gt(redemptionRequests.amount, '0'));
  }
}

export { LOCKED_STATUSES };
