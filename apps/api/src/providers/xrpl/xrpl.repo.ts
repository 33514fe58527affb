import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { xrplSends } from '../../db/schema/index.js';

export type XrplSendRow = typeof xrplSends.$inferSelect;
export type NewXrplSend = Pick<
  XrplSendRow,
  'key' | 'hash' | 'account' | 'sequence' | 'txBlob' | 'lastLedgerSequence'
>;

/** The record of every XRP Ledger send by idempotency key (write-ahead: stored before submitted). */
export class XrplRepo {
  constructor(private readonly db: DbOrTx) {}

  async find(key: string): Promise<XrplSendRow | undefined> {
    const [row] = await this.db.select().from(xrplSends).where(eq(xrplSends.key, key));
    return row;
  }

  /** Stores a signed transaction under its key; false when the key was already taken. */
  async insert(send: NewXrplSend): Promise<boolean> {
    const rows = await this.db
      .insert(xrplSends)
      .values({ ...send, status: 'pending' })
      .onConflictDoNothing({ target: xrplSends.key })
      .returning({ key: xrplSends.key });
    return rows.length === 1;
  }

  /** Swaps in a re-signed transaction, only if the row still holds the one proven dead. */
  async replace(previousHash: string, send: NewXrplSend): Promise<boolean> {
    const rows = await this.db
      .update(xrplSends)
      .set({ ...send, status: 'pending', result: null, updatedAt: new Date() })
      .where(
        and(eq(xrplSends.key, send.key), eq(xrplSends.hash, previousHash), eq(xrplSends.status, 'pending')),
      )
      .returning({ key: xrplSends.key });
    return rows.length === 1;
  }

  async settle(key: string, hash: string, result: string): Promise<void> {
    await this.db
      .update(xrplSends)
      .set({
        status: result === 'tesSUCCESS' ? 'validated' : 'failed',
        result,
        updatedAt: new Date(),
      })
      .where(and(eq(xrplSends.key, key), eq(xrplSends.hash, hash)));
  }
}
