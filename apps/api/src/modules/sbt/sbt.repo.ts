import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { sbts } from '../../db/schema/index.js';

export type SbtRow = typeof sbts.$inferSelect;

/** Every query names the owner: another user's SBT is simply not found. */
export class SbtRepo {
  constructor(private readonly db: DbOrTx) {}

  with(tx: DbOrTx): SbtRepo {
    return new SbtRepo(tx);
  }

  /** Undefined when the user already has one that is not revoked (the partial unique index decides). */
  async insert(values: {
    userId: string;
    imageId: string;
    holderAddress: string;
  }): Promise<SbtRow | undefined> {
    const [row] = await this.db
      .insert(sbts)
      .values(values)
      .onConflictDoNothing({ target: sbts.userId, where: sql`${sbts.status} <> 'revoked'` })
      .returning();
    return row;
  }

  async findOwned(userId: string, id: string): Promise<SbtRow | undefined> {
    const [row] = await this.db
      .select()
      .from(sbts)
      .where(and(eq(sbts.id, id), eq(sbts.userId, userId)));
    return row;
  }

  // Prepared on first use: the SBT tab and the settings page read the list on every visit.
  private preparedOwned?: ReturnType<SbtRepo['prepareOwned']>;

  private prepareOwned() {
    return this.db
      .select()
      .from(sbts)
      .where(eq(sbts.userId, sql.placeholder('userId')))
      .orderBy(sbts.createdAt)
      .prepare('sbts_owned');
  }

  async listOwned(userId: string): Promise<SbtRow[]> {
    this.preparedOwned ??= this.prepareOwned();
    return this.preparedOwned.execute({ userId });
  }

  async findById(id: string): Promise<SbtRow | undefined> {
    const [row] = await this.db.select().from(sbts).where(eq(sbts.id, id));
    return row;
  }

  /** created/failed → minting, atomically; returns the row when this call started the run. */
  async startMinting(userId: string, id: string): Promise<SbtRow | undefined> {
    const [row] = await this.db
      .update(sbts)
      .set({ status: 'minting', error: null, mintRuns: sql`${sbts.mintRuns} + 1` })
      .where(and(eq(sbts.id, id), eq(sbts.userId, userId), sql`${sbts.status} in ('created', 'failed')`))
      .returning();
    return row;
  }

  /** The user's SBT that is not revoked, if any. */
  async findActive(userId: string): Promise<SbtRow | undefined> {
    const [row] = await this.db
      .select()
      .from(sbts)
      .where(and(eq(sbts.userId, userId), sql`${sbts.status} <> 'revoked'`));
    return row;
  }

  async setRevokeTx(id: string, revokeTxHash: string): Promise<void> {
    await this.db.update(sbts).set({ revokeTxHash }).where(eq(sbts.id, id));
  }

  async markRevoked(id: string, at: Date): Promise<void> {
    await this.db.update(sbts).set({ status: 'revoked', revokedAt: at, error: null }).where(eq(sbts.id, id));
  }

  /** Forgets a mint transaction the chain never mined (dropped), so the job sends it again. */
  async clearTxHash(id: string, txHash: string): Promise<void> {
    await this.db
      .update(sbts)
      .set({ txHash: null })
      .where(and(eq(sbts.id, id), eq(sbts.txHash, txHash)));
  }

  async setCredential(id: string, vcCid: string, contractAddress: string): Promise<void> {
    await this.db.update(sbts).set({ vcCid, contractAddress }).where(eq(sbts.id, id));
  }

  async setTxHash(id: string, txHash: string): Promise<void> {
    await this.db.update(sbts).set({ txHash }).where(eq(sbts.id, id));
  }

  async markMinted(id: string, values: { tokenId: bigint; txHash: string; mintedAt: Date }): Promise<void> {
    await this.db
      .update(sbts)
      .set({
        status: 'minted',
        tokenId: values.tokenId.toString(),
        txHash: values.txHash,
        mintedAt: values.mintedAt,
        error: null,
      })
      .where(eq(sbts.id, id));
  }

  async markFailed(id: string, error: string): Promise<void> {
    await this.db.update(sbts).set({ status: 'failed', error }).where(eq(sbts.id, id));
  }
}
