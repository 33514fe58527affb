import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { linkedWallets, siweNonces } from '../../db/schema/index.js';

export type LinkedWalletRow = typeof linkedWallets.$inferSelect;

export class LinkedWalletsRepo {
  constructor(private readonly db: DbOrTx) {}

  with(tx: DbOrTx): LinkedWalletsRepo {
    return new LinkedWalletsRepo(tx);
  }

  async insertNonce(values: typeof siweNonces.$inferInsert): Promise<void> {
    await this.db.insert(siweNonces).values(values);
  }

  /** Spends a nonce issued to this user, still fresh: of two uses, only the first gets true. */
  async spendNonce(userId: string, nonce: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(siweNonces)
      .set({ usedAt: now })
      .where(
        and(
          eq(siweNonces.nonce, nonce),
          eq(siweNonces.userId, userId),
          isNull(siweNonces.usedAt),
          gt(siweNonces.expiresAt, now),
        ),
      )
      .returning({ nonce: siweNonces.nonce });
    return rows.length > 0;
  }

  async list(userId: string): Promise<LinkedWalletRow[]> {
    return this.db
      .select()
      .from(linkedWallets)
      .where(eq(linkedWallets.userId, userId))
      .orderBy(asc(linkedWallets.linkedAt));
  }

  /** Nonces issued to the user that are still fresh: those of the last NONCE_TTL_MS. */
  async liveNonces(userId: string, now: Date): Promise<number> {
    return this.db.$count(siweNonces, and(eq(siweNonces.userId, userId), gt(siweNonces.expiresAt, now)));
  }

  /**
   * Links an address to the user unless another account holds it (one address, one account);
   * linking the same address again keeps the first link. Call in a transaction: the lock on the
   * address serialises two accounts linking it at once.
   */
  async linkIfFree(values: typeof linkedWallets.$inferInsert): Promise<boolean> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`linked-wallet:${values.address}`}))`);
    const [holder] = await this.db
      .select({ userId: linkedWallets.userId })
      .from(linkedWallets)
      .where(and(eq(linkedWallets.address, values.address), ne(linkedWallets.userId, values.userId)))
      .limit(1);
    if (holder) return false;
    await this.db.insert(linkedWallets).values(values).onConflictDoNothing();
    return true;
  }

  async unlink(userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(linkedWallets)
      .where(and(eq(linkedWallets.id, id), eq(linkedWallets.userId, userId)))
      .returning({ id: linkedWallets.id });
    return rows.length > 0;
  }
}
