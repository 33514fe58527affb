import { and, asc, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { DISTRIBUTIONS_LISTED, INCOME_LISTED } from '@portal/shared/distributions';
import type { DbOrTx } from '../../db/client.js';
import {
  distributionBatches,
  distributionHolders,
  distributions,
  issuerTokens,
  tokenHoldings,
  vaults,
  vaultWallets,
} from '../../db/schema/index.js';

export type TokenRow = typeof issuerTokens.$inferSelect;
export type DistributionRow = typeof distributions.$inferSelect;
export type DistributionHolderRow = typeof distributionHolders.$inferSelect;
export type DistributionBatchRow = typeof distributionBatches.$inferSelect;
export type NewDistributionHolder = typeof distributionHolders.$inferInsert;
export type NewDistributionBatch = typeof distributionBatches.$inferInsert;

/** Rows inserted per statement (PostgreSQL allows 65,535 parameters; a holder row has 8). */
const INSERT_CHUNK = 1000;

export class DistributionsRepo {
  constructor(private readonly db: DbOrTx) {}

  with(tx: DbOrTx): DistributionsRepo {
    return new DistributionsRepo(tx);
  }

  /** The token, when the issuer named (if any) issued it. */
  async token(id: string, issuerId?: string): Promise<TokenRow | undefined> {
    const owned = issuerId === undefined ? undefined : eq(issuerTokens.issuerId, issuerId);
    const [row] = await this.db
      .select()
      .from(issuerTokens)
      .where(and(eq(issuerTokens.id, id), owned));
    return row;
  }

  /** Inserts the declared distribution; undefined when the issuer already used the key. */
  async insert(row: typeof distributions.$inferInsert): Promise<DistributionRow | undefined> {
    const [inserted] = await this.db.insert(distributions).values(row).onConflictDoNothing().returning();
    return inserted;
  }

  async byKey(issuerId: string, key: string): Promise<DistributionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(distributions)
      .where(and(eq(distributions.issuerId, issuerId), eq(distributions.idempotencyKey, key)));
    return row;
  }

  /** The distribution, when `issuerId` (if given) declared it; locked for update when asked. */
  async byId(id: string, issuerId?: string, lock = false): Promise<DistributionRow | undefined> {
    const owned = issuerId === undefined ? undefined : eq(distributions.issuerId, issuerId);
    const query = this.db
      .select()
      .from(distributions)
      .where(and(eq(distributions.id, id), owned));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  async ofToken(tokenId: string): Promise<DistributionRow[]> {
    return this.db
      .select()
      .from(distributions)
      .where(eq(distributions.tokenId, tokenId))
      .orderBy(desc(distributions.createdAt), desc(distributions.id))
      .limit(DISTRIBUTIONS_LISTED);
  }

  async all(): Promise<DistributionRow[]> {
    return this.db.select().from(distributions).orderBy(asc(distributions.createdAt));
  }

  async update(id: string, values: Partial<typeof distributions.$inferInsert>): Promise<void> {
    await this.db.update(distributions).set(values).where(eq(distributions.id, id));
  }

  /** Moves the distribution from one status to the next; false when it had moved on already. */
  async advance(
    id: string,
    from: DistributionRow['status'],
    values: Partial<typeof distributions.$inferInsert>,
  ): Promise<boolean> {
    const rows = await this.db
      .update(distributions)
      .set(values)
      .where(and(eq(distributions.id, id), eq(distributions.status, from)))
      .returning({ id: distributions.id });
    return rows.length === 1;
  }

  /** Every address the books know for the token (the chain is read for each at the snapshot). */
  async bookAddresses(tokenId: string): Promise<{ userId: string; address: string }[]> {
    return this.db
      .select({ userId: tokenHoldings.userId, address: tokenHoldings.address })
      .from(tokenHoldings)
      .where(eq(tokenHoldings.tokenId, tokenId))
      .orderBy(tokenHoldings.userId, tokenHoldings.address);
  }

  /** The holders' vault wallets (any asset): the service picks each one's Ethereum address. */
  async walletsOf(userIds: string[]): Promise<{ userId: string; assetId: string; address: string }[]> {
    if (userIds.length === 0) return [];
    return this.db
      .select({ userId: vaults.userId, assetId: vaultWallets.assetId, address: vaultWallets.address })
      .from(vaultWallets)
      .innerJoin(vaults, eq(vaults.id, vaultWallets.vaultId))
      .where(and(inArray(vaults.userId, userIds), eq(vaults.status, 'active')));
  }

  async insertSnapshot(holders: NewDistributionHolder[], batches: NewDistributionBatch[]): Promise<void> {
    for (let i = 0; i < holders.length; i += INSERT_CHUNK) {
      await this.db.insert(distributionHolders).values(holders.slice(i, i + INSERT_CHUNK));
    }
    if (batches.length > 0) await this.db.insert(distributionBatches).values(batches);
  }

  async batches(distributionId: string): Promise<DistributionBatchRow[]> {
    return this.db
      .select()
      .from(distributionBatches)
      .where(eq(distributionBatches.distributionId, distributionId))
      .orderBy(asc(distributionBatches.batch));
  }

  async allBatches(): Promise<DistributionBatchRow[]> {
    return this.db.select().from(distributionBatches);
  }

  async batchHolders(distributionId: string, batch: number): Promise<DistributionHolderRow[]> {
    return this.db
      .select()
      .from(distributionHolders)
      .where(
        and(eq(distributionHolders.distributionId, distributionId), eq(distributionHolders.batch, batch)),
      )
      .orderBy(asc(distributionHolders.userId));
  }

  /** Journals the batch's transaction hash before waiting for it to be mined. */
  async batchSent(distributionId: string, batch: number, txHash: string): Promise<void> {
    await this.db
      .update(distributionBatches)
      .set({ status: 'sent', txHash })
      .where(
        and(
          eq(distributionBatches.distributionId, distributionId),
          eq(distributionBatches.batch, batch),
          eq(distributionBatches.status, 'pending'),
        ),
      );
  }

  /**
   * Records a mined batch in one statement each: the batch, its holders and the running total.
   * Runs in the caller's transaction; false when the batch was recorded before (a re-run).
   */
  async batchPaid(
    distributionId: string,
    batch: DistributionBatchRow,
    values: { txHash: string; gasUsed: bigint; at: Date },
  ): Promise<boolean> {
    const rows = await this.db
      .update(distributionBatches)
      .set({ status: 'paid', txHash: values.txHash, gasUsed: values.gasUsed.toString(), paidAt: values.at })
      .where(
        and(
          eq(distributionBatches.distributionId, distributionId),
          eq(distributionBatches.batch, batch.batch),
          sql`${distributionBatches.status} <> 'paid'`,
        ),
      )
      .returning({ batch: distributionBatches.batch });
    if (rows.length === 0) return false;
    await this.db
      .update(distributionHolders)
      .set({ paidAt: values.at })
      .where(
        and(
          eq(distributionHolders.distributionId, distributionId),
          eq(distributionHolders.batch, batch.batch),
        ),
      );
    await this.db
      .update(distributions)
      .set({ paid: sql`${distributions.paid} + ${batch.total}` })
      .where(eq(distributions.id, distributionId));
    return true;
  }

  /** Paid holders not yet told or without their credential yet. */
  async toNotify(distributionId: string): Promise<DistributionHolderRow[]> {
    return this.db
      .select()
      .from(distributionHolders)
      .where(
        and(
          eq(distributionHolders.distributionId, distributionId),
          isNotNull(distributionHolders.paidAt),
          sql`${distributionHolders.amount} > 0`,
          sql`(${distributionHolders.vcCid} is null or ${distributionHolders.notifiedAt} is null)`,
        ),
      )
      .orderBy(asc(distributionHolders.userId));
  }

  async setHolder(
    distributionId: string,
    userId: string,
    values: Partial<Pick<DistributionHolderRow, 'vcCid' | 'notifiedAt'>>,
  ): Promise<void> {
    await this.db
      .update(distributionHolders)
      .set(values)
      .where(
        and(eq(distributionHolders.distributionId, distributionId), eq(distributionHolders.userId, userId)),
      );
  }

  /**
   * What the user received, newest first, with the token and the paying transaction: the newest
   * few, or every payment of a period (a statement needs them all).
   */
  async income(userId: string, period?: { from: Date; to: Date }) {
    const query = this.db
      .select({
        distributionId: distributions.id,
        tokenId: issuerTokens.id,
        tokenName: issuerTokens.name,
        symbol: issuerTokens.symbol,
        tokenDecimals: issuerTokens.decimals,
        blockchain: issuerTokens.blockchain,
        currency: distributions.currency,
        memo: distributions.memo,
        recordDate: distributions.recordDate,
        amount: distributionHolders.amount,
        balance: distributionHolders.balance,
        paidAt: distributionHolders.paidAt,
        vcCid: distributionHolders.vcCid,
        txHash: distributionBatches.txHash,
      })
      .from(distributionHolders)
      .innerJoin(distributions, eq(distributions.id, distributionHolders.distributionId))
      .innerJoin(issuerTokens, eq(issuerTokens.id, distributions.tokenId))
      .leftJoin(
        distributionBatches,
        and(
          eq(distributionBatches.distributionId, distributionHolders.distributionId),
          eq(distributionBatches.batch, distributionHolders.batch),
        ),
      )
      .where(
        and(
          eq(distributionHolders.userId, userId),
          isNotNull(distributionHolders.paidAt),
          sql`${distributionHolders.amount} > 0`,
          period && gte(distributionHolders.paidAt, period.from),
          period && lt(distributionHolders.paidAt, period.to),
        ),
      )
      .orderBy(desc(distributionHolders.paidAt), desc(distributions.id));
    return period ? query : query.limit(INCOME_LISTED);
  }
}
