import { and, asc, desc, eq, gt, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  accountSettings,
  accreditations,
  dids,
  identityRegistrations,
  issuerTokens,
  kycApplicants,
  linkedWallets,
  purchases,
  redemptionRequests,
  redemptionWindows,
  secondaryFills,
  secondaryOrders,
  tokenActions,
  tokenHoldings,
  tokenRules,
  tokenTransfers,
  users,
  vaults,
  vaultWallets,
} from '../../db/schema/index.js';

export type TokenRulesRow = typeof tokenRules.$inferSelect;
export type HoldingRow = typeof tokenHoldings.$inferSelect;
export type ActionRow = typeof tokenActions.$inferSelect;
export type RegistrationRow = typeof identityRegistrations.$inferSelect;

/** Purchases whose tokens are promised but not yet in the books (they count against the caps). */
const IN_FLIGHT = ['PENDING', 'SETTLING'] as const;

/** An in-flight purchase a check should count: those created before `before` (or all). */
export interface Before {
  createdAt: Date;
  id: string;
}

/** The holder's name where they let issuers see it, otherwise null (ADR 69). */
const consentedName = sql<
  string | null
>`case when ${accountSettings.showNameToIssuers} then ${users.name} end`;

export class ComplianceRepo {
  constructor(private readonly db: DbOrTx) {}

  with(tx: DbOrTx): ComplianceRepo {
    return new ComplianceRepo(tx);
  }

  async rules(tokenId: string): Promise<TokenRulesRow | undefined> {
    const [row] = await this.db.select().from(tokenRules).where(eq(tokenRules.tokenId, tokenId));
    return row;
  }

  async rulesOf(tokenIds: readonly string[]): Promise<TokenRulesRow[]> {
    if (tokenIds.length === 0) return [];
    return this.db
      .select()
      .from(tokenRules)
      .where(inArray(tokenRules.tokenId, [...tokenIds]));
  }

  async saveRules(values: typeof tokenRules.$inferInsert): Promise<void> {
    await this.db
      .insert(tokenRules)
      .values(values)
      .onConflictDoUpdate({ target: tokenRules.tokenId, set: { ...values, updatedAt: sql`now()` } });
  }

  async registration(userId: string): Promise<RegistrationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(identityRegistrations)
      .where(eq(identityRegistrations.userId, userId));
    return row;
  }

  async registrations(userIds: readonly string[]): Promise<RegistrationRow[]> {
    if (userIds.length === 0) return [];
    return this.db
      .select()
      .from(identityRegistrations)
      .where(inArray(identityRegistrations.userId, [...userIds]));
  }

  /** Saves a change as a new version (unsynced). */
  async saveRegistration(values: Omit<typeof identityRegistrations.$inferInsert, 'version'>): Promise<void> {
    await this.db
      .insert(identityRegistrations)
      .values(values)
      .onConflictDoUpdate({
        target: identityRegistrations.userId,
        set: { ...values, version: sql`${identityRegistrations.version} + 1` },
      });
  }

  async markRevoked(userId: string, now: Date): Promise<void> {
    await this.db
      .update(identityRegistrations)
      .set({ revokedAt: now, updatedAt: now, version: sql`${identityRegistrations.version} + 1` })
      .where(eq(identityRegistrations.userId, userId));
  }

  async markSynced(userId: string, version: number, now: Date): Promise<void> {
    // Only the version that was written: a change made meanwhile stays unsynced for the next run.
    await this.db
      .update(identityRegistrations)
      .set({ syncedAt: now })
      .where(and(eq(identityRegistrations.userId, userId), eq(identityRegistrations.version, version)));
  }

  /** What the registry needs to know of a user: KYC status, DID, accreditation, EVM wallets. */
  async identityFacts(userId: string) {
    const [row] = await this.db
      .select({
        kycStatus: kycApplicants.status,
        verifiedAt: kycApplicants.verifiedAt,
        did: dids.did,
        accredited: accreditations.accredited,
      })
      .from(users)
      .leftJoin(kycApplicants, eq(kycApplicants.userId, users.id))
      .leftJoin(dids, eq(dids.userId, users.id))
      .leftJoin(accreditations, eq(accreditations.userId, users.id))
      .where(eq(users.id, userId));
    if (!row) return undefined;
    const vaultAddresses = await this.db
      .select({ address: vaultWallets.address })
      .from(vaultWallets)
      .innerJoin(vaults, eq(vaults.id, vaultWallets.vaultId))
      .where(and(eq(vaults.userId, userId), sql`${vaultWallets.assetId} like 'ETH%'`));
    const linked = await this.db
      .select({ address: linkedWallets.address })
      .from(linkedWallets)
      .where(eq(linkedWallets.userId, userId));
    const wallets = [...new Set([...vaultAddresses, ...linked].map((w) => w.address.toLowerCase()))];
    return { ...row, accredited: row.accredited ?? false, wallets: wallets.sort() };
  }

  /** Whether `address` is the user's own (vault on any chain, or a linked wallet). */
  async ownsAddress(userId: string, address: string): Promise<boolean> {
    const [row] = await this.rows<{ found: boolean }>(sql`
      select exists (
        select 1 from ${vaultWallets} w join ${vaults} v on v.id = w.vault_id
         where v.user_id = ${userId} and lower(w.address) = lower(${address})
        union all
        select 1 from ${linkedWallets} l where l.user_id = ${userId} and lower(l.address) = lower(${address})
      ) as found`);
    return Boolean(row?.found);
  }

  async holding(tokenId: string, address: string): Promise<HoldingRow | undefined> {
    const [row] = await this.db
      .select()
      .from(tokenHoldings)
      .where(and(eq(tokenHoldings.tokenId, tokenId), eq(tokenHoldings.address, address)));
    return row;
  }

  /** A token's holders with their names as an issuer may see them: only while they consent (ADR 69). */
  async holdingsOfToken(tokenId: string) {
    return this.db
      .select({ holding: tokenHoldings, name: consentedName })
      .from(tokenHoldings)
      .innerJoin(users, eq(users.id, tokenHoldings.userId))
      .leftJoin(accountSettings, eq(accountSettings.userId, tokenHoldings.userId))
      .where(and(eq(tokenHoldings.tokenId, tokenId), gt(tokenHoldings.balance, '0')))
      .orderBy(desc(tokenHoldings.balance), tokenHoldings.address)
      .limit(1000);
  }

  /** Forced transfers done in [from, to) that took from or gave to the user (statements, ADR 74). */
  async forcedTransfersOf(userId: string, from: Date, to: Date) {
    return this.db
      .select({
        id: tokenActions.id,
        holderId: tokenActions.holderId,
        toHolderId: tokenActions.toHolderId,
        amount: tokenActions.amount,
        txHash: tokenActions.txHash,
        at: tokenActions.updatedAt,
        token: {
          tokenId: issuerTokens.id,
          name: issuerTokens.name,
          symbol: issuerTokens.symbol,
          decimals: issuerTokens.decimals,
          blockchain: issuerTokens.blockchain,
        },
      })
      .from(tokenActions)
      .innerJoin(issuerTokens, eq(issuerTokens.id, tokenActions.tokenId))
      .where(
        and(
          eq(tokenActions.action, 'forced-transfer'),
          eq(tokenActions.status, 'DONE'),
          or(eq(tokenActions.holderId, userId), eq(tokenActions.toHolderId, userId)),
          gte(tokenActions.updatedAt, from),
          lt(tokenActions.updatedAt, to),
        ),
      )
      .orderBy(asc(tokenActions.updatedAt), asc(tokenActions.id));
  }

  async holdingsOfUser(userId: string): Promise<HoldingRow[]> {
    return this.db.select().from(tokenHoldings).where(eq(tokenHoldings.userId, userId));
  }

  /** A token's holder count and circulating amount, counting in-flight purchases as delivered. */
  async tokenState(tokenId: string, before?: Before): Promise<{ holderCount: number; circulating: bigint }> {
    const inFlight = this.inFlight(tokenId, before);
    const [row] = await this.rows<{ holders: string; circulating: string }>(sql`
      with flight as (${inFlight}),
      held as (
        select address, balance from ${tokenHoldings} where token_id = ${tokenId} and balance > 0
        union all select address, amount from flight
      )
      select count(distinct address)::text as holders, coalesce(sum(balance), 0)::text as circulating from held`);
    return { holderCount: Number(row?.holders ?? 0), circulating: BigInt(row?.circulating ?? 0) };
  }

  /** Holder counts and circulating amounts of several tokens at once (the marketplace page). */
  async tokenStates(
    tokenIds: readonly string[],
  ): Promise<Map<string, { holderCount: number; circulating: bigint }>> {
    const states = new Map<string, { holderCount: number; circulating: bigint }>();
    if (tokenIds.length === 0) return states;
    const ids = sql.join(
      tokenIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const rows = await this.rows<{ token_id: string; holders: string; circulating: string }>(sql`
      with held as (
        select token_id, address, balance from ${tokenHoldings} where token_id in (${ids}) and balance > 0
        union all
        select token_id, delivery_address, amount from ${purchases}
         where token_id in (${ids}) and status in ('PENDING', 'SETTLING')
      )
      select token_id, count(distinct address)::text as holders, sum(balance)::text as circulating
        from held group by token_id`);
    for (const row of rows)
      states.set(row.token_id, { holderCount: Number(row.holders), circulating: BigInt(row.circulating) });
    return states;
  }

  /** A user's books and in-flight purchases per token and address (the marketplace page). */
  async positionsOf(
    userId: string,
  ): Promise<Map<string, { balance: bigint; frozen: bigint; lockedUntil: Date | null }>> {
    const rows = await this.rows<{
      key: string;
      balance: string;
      frozen: string;
      locked_until: string | null;
    }>(sql`
      with positions as (
        select token_id, address, balance, frozen, locked_until from ${tokenHoldings} where user_id = ${userId}
        union all
        select token_id, delivery_address, amount, 0, null from ${purchases}
         where user_id = ${userId} and status in ('PENDING', 'SETTLING')
      )
      select token_id || ':' || address as key, sum(balance)::text as balance, sum(frozen)::text as frozen,
             max(locked_until)::text as locked_until
        from positions group by token_id, address`);
    return new Map(
      rows.map((row) => [
        row.key,
        {
          balance: BigInt(row.balance),
          frozen: BigInt(row.frozen),
          lockedUntil: row.locked_until ? new Date(row.locked_until) : null,
        },
      ]),
    );
  }

  /** In-flight amounts for one address. */
  async inFlightFor(tokenId: string, address: string, before?: Before): Promise<bigint> {
    const [row] = await this.rows<{ amount: string }>(sql`
      with flight as (${this.inFlight(tokenId, before)})
      select coalesce(sum(amount), 0)::text as amount from flight where address = ${address}`);
    return BigInt(row?.amount ?? 0);
  }

  private async rows<T>(query: SQL): Promise<T[]> {
    return ((await this.db.execute(query)) as unknown as { rows: T[] }).rows;
  }

  private inFlight(tokenId: string, before?: Before) {
    const earlier = before
      ? sql`and (${purchases.createdAt}, ${purchases.id}) < (${before.createdAt.toISOString()}::timestamptz, ${before.id}::uuid)`
      : sql``;
    return sql`select ${purchases.deliveryAddress} as address, ${purchases.amount} as amount
      from ${purchases}
     where ${purchases.tokenId} = ${tokenId}
       and ${purchases.status} in (${sql.join(
         IN_FLIGHT.map((status) => sql`${status}`),
         sql`, `,
       )}) ${earlier}`;
  }

  /** Adds a delivery to the books and starts its lock-up (never shortening one that runs longer). */
  async addToHolding(values: {
    tokenId: string;
    address: string;
    userId: string;
    amount: bigint;
    lockedUntil: Date | null;
  }): Promise<void> {
    const { tokenId, address, userId, amount, lockedUntil } = values;
    await this.db
      .insert(tokenHoldings)
      .values({ tokenId, address, userId, balance: amount.toString(), lockedUntil })
      .onConflictDoUpdate({
        target: [tokenHoldings.tokenId, tokenHoldings.address],
        set: {
          balance: sql`${tokenHoldings.balance} + ${amount.toString()}::numeric`,
          lockedUntil: sql`greatest(${tokenHoldings.lockedUntil}, excluded.locked_until)`,
          updatedAt: sql`now()`,
        },
      });
  }

  /**
   * Takes `amount` from the holder's free balance (not frozen, not locked up) for a redemption
   * (ADR 72); undefined when it is not there. The guard makes concurrent requests queue on the row.
   */
  async takeFromHolding(tokenId: string, address: string, amount: bigint, now: Date) {
    const [row] = await this.db
      .update(tokenHoldings)
      .set({ balance: sql`${tokenHoldings.balance} - ${amount.toString()}::numeric`, updatedAt: sql`now()` })
      .where(
        and(
          eq(tokenHoldings.tokenId, tokenId),
          eq(tokenHoldings.address, address),
          sql`${tokenHoldings.balance} - ${tokenHoldings.frozen} >= ${amount.toString()}::numeric`,
          sql`(${tokenHoldings.lockedUntil} is null or ${tokenHoldings.lockedUntil} <= ${now.toISOString()}::timestamptz)`,
        ),
      )
      .returning();
    return row;
  }

  async updateHolding(
    tokenId: string,
    address: string,
    set: Partial<Pick<HoldingRow, 'balance' | 'frozen' | 'lockedUntil'>>,
  ): Promise<void> {
    await this.db
      .update(tokenHoldings)
      .set({ ...set, updatedAt: sql`now()` })
      .where(and(eq(tokenHoldings.tokenId, tokenId), eq(tokenHoldings.address, address)));
  }

  async insertAction(values: typeof tokenActions.$inferInsert): Promise<ActionRow> {
    const [row] = await this.db.insert(tokenActions).values(values).returning();
    return row!;
  }

  async action(id: string): Promise<ActionRow | undefined> {
    const [row] = await this.db.select().from(tokenActions).where(eq(tokenActions.id, id));
    return row;
  }

  async actionByKey(tokenId: string, requestedBy: string, key: string): Promise<ActionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(tokenActions)
      .where(
        and(
          eq(tokenActions.tokenId, tokenId),
          eq(tokenActions.requestedBy, requestedBy),
          eq(tokenActions.idempotencyKey, key),
        ),
      );
    return row;
  }

  /** Serialises actions on one token until the transaction ends (one pending action at a time). */
  async lockToken(tokenId: string): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`token-action:${tokenId}`}))`);
  }

  async pendingAction(tokenId: string): Promise<ActionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(tokenActions)
      .where(and(eq(tokenActions.tokenId, tokenId), eq(tokenActions.status, 'PENDING')))
      .limit(1);
    return row;
  }

  async finishAction(id: string, set: Pick<ActionRow, 'status'> & Partial<ActionRow>): Promise<boolean> {
    const rows = await this.db
      .update(tokenActions)
      .set({ ...set, updatedAt: sql`now()` })
      .where(and(eq(tokenActions.id, id), eq(tokenActions.status, 'PENDING')))
      .returning({ id: tokenActions.id });
    return rows.length > 0;
  }

  async actionsOfToken(tokenId: string) {
    return this.db
      .select({ action: tokenActions, name: consentedName, identityKey: identityRegistrations.identityKey })
      .from(tokenActions)
      .leftJoin(users, eq(users.id, tokenActions.holderId))
      .leftJoin(accountSettings, eq(accountSettings.userId, tokenActions.holderId))
      .leftJoin(identityRegistrations, eq(identityRegistrations.userId, tokenActions.holderId))
      .where(eq(tokenActions.tokenId, tokenId))
      .orderBy(desc(tokenActions.createdAt))
      .limit(200);
  }

  async setAccreditation(userId: string, accredited: boolean, decidedBy: string): Promise<void> {
    await this.db
      .insert(accreditations)
      .values({ userId, accredited, decidedBy })
      .onConflictDoUpdate({
        target: accreditations.userId,
        set: { accredited, decidedBy, updatedAt: sql`now()` },
      });
  }

  /** Every registry row the chain should have (reconcile). */
  async syncedRegistrations(): Promise<RegistrationRow[]> {
    return this.db
      .select()
      .from(identityRegistrations)
      .where(sql`${identityRegistrations.syncedAt} is not null`);
  }

  /**
   * Every holding of a deployed token, beside what its history adds up to: completed purchases
   * delivered to the address, plus forced transfers and recoveries into it, minus those out of it.
   */
  async holdingBooks() {
    return this.db
      .select({
        holding: tokenHoldings,
        token: issuerTokens,
        history: sql<string>`(
          coalesce((select sum(p.amount) from ${purchases} p
                     where p.token_id = ${tokenHoldings.tokenId} and p.delivery_address = ${tokenHoldings.address}
                       and p.status = 'COMPLETED'), 0)
        + coalesce((select sum(a.amount) from ${tokenActions} a
                     where a.token_id = ${tokenHoldings.tokenId} and a.to_address = ${tokenHoldings.address}
                       and a.status = 'DONE' and a.action in ('forced-transfer', 'wallet-recovered')), 0)
        - coalesce((select sum(a.amount) from ${tokenActions} a
                     where a.token_id = ${tokenHoldings.tokenId} and a.address = ${tokenHoldings.address}
                       and a.status = 'DONE' and a.action in ('forced-transfer', 'wallet-recovered')), 0)
        - coalesce((select sum((o.amount - coalesce(o.returned, 0)) * power(10::numeric, ${issuerTokens.decimals}))::numeric(78, 0)
                     from ${secondaryOrders} o
                     where o.token_id = ${tokenHoldings.tokenId} and o.address = ${tokenHoldings.address}
                       and o.status <> 'FAILED'), 0)
        + coalesce((select sum(f.amount * power(10::numeric, ${issuerTokens.decimals}))::numeric(78, 0)
                     from ${secondaryFills} f
                     where f.token_id = ${tokenHoldings.tokenId} and f.buyer_address = ${tokenHoldings.address}
                       and f.status = 'SETTLED'), 0)
        - coalesce((select sum(case when r.status = 'SETTLED' then r.accepted else r.amount end
                              * power(10::numeric, ${issuerTokens.decimals}))::numeric(78, 0)
                     from ${redemptionRequests} r join ${redemptionWindows} w on w.id = r.window_id
                     where w.token_id = ${tokenHoldings.tokenId} and r.address = ${tokenHoldings.address}
                       and r.status in ('LOCKING', 'LOCKED', 'CANCELLING', 'SETTLING', 'SETTLED')), 0)
        - coalesce((select sum(t.amount) from ${tokenTransfers} t
                     where t.token_id = ${tokenHoldings.tokenId} and t.from_address = ${tokenHoldings.address}
                       and t.status in ('PENDING', 'COMPLETED')), 0)
        + coalesce((select sum(t.amount) from ${tokenTransfers} t
                     where t.token_id = ${tokenHoldings.tokenId} and t.to_address = ${tokenHoldings.address}
                       and t.kind = 'peer' and t.status = 'COMPLETED'), 0)
        )::text`,
      })
      .from(tokenHoldings)
      .innerJoin(issuerTokens, eq(issuerTokens.id, tokenHoldings.tokenId))
      .where(eq(issuerTokens.status, 'DEPLOYED'));
  }

  /** Where completed withdrawals put tokens in their owners' own wallets (reconcile, ADR 76). */
  async selfCustodyAddresses() {
    return this.db
      .selectDistinct({ token: issuerTokens, address: tokenTransfers.toAddress })
      .from(tokenTransfers)
      .innerJoin(issuerTokens, eq(issuerTokens.id, tokenTransfers.tokenId))
      .where(and(eq(tokenTransfers.kind, 'withdrawal'), eq(tokenTransfers.status, 'COMPLETED')));
  }

  /** Every deployed token with rules (reconcile). */
  async rulesBooks() {
    return this.db
      .select({ rules: tokenRules, token: issuerTokens })
      .from(tokenRules)
      .innerJoin(issuerTokens, eq(issuerTokens.id, tokenRules.tokenId))
      .where(eq(issuerTokens.status, 'DEPLOYED'));
  }

  /** Tokens a user holds (books), with what the enforcement needs of each. */
  async heldTokens(userId: string) {
    return this.db
      .select({ holding: tokenHoldings, token: issuerTokens })
      .from(tokenHoldings)
      .innerJoin(issuerTokens, eq(issuerTokens.id, tokenHoldings.tokenId))
      .where(and(eq(tokenHoldings.userId, userId), gt(tokenHoldings.balance, '0')));
  }
}
