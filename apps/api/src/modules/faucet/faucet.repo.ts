import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { faucetGrants } from '../../db/schema/index.js';

export type FaucetGrantRow = typeof faucetGrants.$inferSelect;
export type NewFaucetGrant = typeof faucetGrants.$inferInsert;

/** The faucet's grants; every query names the user, so nobody reads another's. */
export class FaucetRepo {
  constructor(private readonly db: DbOrTx) {}

  with(tx: DbOrTx): FaucetRepo {
    return new FaucetRepo(tx);
  }

  /** Inserts the grant unless the user already used the key; undefined then. */
  async insert(grant: NewFaucetGrant): Promise<FaucetGrantRow | undefined> {
    const [row] = await this.db.insert(faucetGrants).values(grant).onConflictDoNothing().returning();
    return row;
  }

  async byKey(userId: string, idempotencyKey: string): Promise<FaucetGrantRow | undefined> {
    const [row] = await this.db
      .select()
      .from(faucetGrants)
      .where(and(eq(faucetGrants.userId, userId), eq(faucetGrants.idempotencyKey, idempotencyKey)));
    return row;
  }

  async settle(
    id: string,
    values: { status: 'sent' | 'failed'; txHash?: string | null; error?: string | null; at: Date },
  ) {
    const [row] = await this.db
      .update(faucetGrants)
      .set({
        status: values.status,
        txHash: values.txHash ?? null,
        error: values.error ?? null,
        completedAt: values.at,
      })
      .where(eq(faucetGrants.id, id))
      .returning();
    return row!;
  }

  async setHash(id: string, txHash: string): Promise<void> {
    await this.db.update(faucetGrants).set({ txHash }).where(eq(faucetGrants.id, id));
  }

  /** Every grant, oldest first (reconciliation). */
  async all(): Promise<FaucetGrantRow[]> {
    return this.db.select().from(faucetGrants).orderBy(asc(faucetGrants.createdAt));
  }
}
