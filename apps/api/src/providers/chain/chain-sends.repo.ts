import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { chainSenders, chainSends } from '../../db/schema/index.js';

export type SendRow = typeof chainSends.$inferSelect;
export type NewSend = Omit<SendRow, 'status' | 'error' | 'createdAt' | 'updatedAt'>;

/** The keyed sender's stored transactions and its per-address leases. */
export class ChainSendsRepo {
  constructor(private readonly db: DbOrTx) {}

  async find(chainId: number, key: string): Promise<SendRow | undefined> {
    const [row] = await this.db
      .select()
      .from(chainSends)
      .where(and(eq(chainSends.chainId, chainId), eq(chainSends.key, key)));
    return row;
  }

  async findByHash(chainId: number, txHash: string): Promise<SendRow | undefined> {
    const [row] = await this.db
      .select()
      .from(chainSends)
      .where(and(eq(chainSends.chainId, chainId), eq(chainSends.txHash, txHash)));
    return row;
  }

  /** Stores a signed transaction; replaces a rejected one under the same key, never a live one. */
  async store(send: NewSend): Promise<boolean> {
    const rows = await this.db
      .insert(chainSends)
      .values({ ...send, status: 'signed' })
      .onConflictDoUpdate({
        target: [chainSends.chainId, chainSends.key],
        set: { ...send, status: 'signed', error: null, updatedAt: sql`now()` },
        setWhere: eq(chainSends.status, 'rejected'),
      })
      .returning({ key: chainSends.key });
    return rows.length === 1;
  }

  /** Signed but not known to be accepted by the node, oldest nonce first. */
  unsent(chainId: number, fromAddress: string): Promise<SendRow[]> {
    return this.db
      .select()
      .from(chainSends)
      .where(
        and(
          eq(chainSends.chainId, chainId),
          eq(chainSends.fromAddress, fromAddress),
          eq(chainSends.status, 'signed'),
        ),
      )
      .orderBy(asc(chainSends.nonce));
  }

  async mark(chainId: number, key: string, status: 'sent' | 'rejected', error?: string): Promise<void> {
    await this.db
      .update(chainSends)
      .set({ status, error: error ?? null, updatedAt: sql`now()` })
      .where(and(eq(chainSends.chainId, chainId), eq(chainSends.key, key)));
  }

  /** Takes the address's lease for `seconds` if it is free or expired; true when `holder` has it. */
  async acquire(chainId: number, address: string, holder: string, seconds: number): Promise<boolean> {
    const expiresAt = sql`now() + make_interval(secs => ${seconds})`;
    const rows = await this.db
      .insert(chainSenders)
      .values({ chainId, address, holder, expiresAt })
      .onConflictDoUpdate({
        target: [chainSenders.chainId, chainSenders.address],
        set: { holder, expiresAt },
        setWhere: or(isNull(chainSenders.holder), lt(chainSenders.expiresAt, sql`now()`)),
      })
      .returning({ holder: chainSenders.holder });
    return rows.length === 1;
  }

  async release(chainId: number, address: string, holder: string): Promise<void> {
    await this.db
      .update(chainSenders)
      .set({ holder: null })
      .where(
        and(
          eq(chainSenders.chainId, chainId),
          eq(chainSenders.address, address),
          eq(chainSenders.holder, holder),
        ),
      );
  }
}
