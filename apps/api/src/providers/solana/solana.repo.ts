import { and, asc, desc, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { solanaJournal, solanaSends } from '../../db/schema/index.js';

export type SolanaJournalRow = typeof solanaJournal.$inferSelect;
export type SolanaSendRow = typeof solanaSends.$inferSelect;
export type NewSolanaSend = Pick<
  SolanaSendRow,
  'key' | 'signature' | 'wireTx' | 'blockhash' | 'lastValidBlockHeight'
>;

/** The embedded VM's journal and the record of every send by idempotency key. */
export class SolanaRepo {
  constructor(private readonly db: DbOrTx) {}

  /**
   * The journal a page at a time (a replay never holds it all in memory): in execution order, or
   * newest first for the explorer, which reads only its head.
   */
  async *journal(
    options: { newestFirst?: boolean; pageSize?: number } = {},
  ): AsyncGenerator<SolanaJournalRow> {
    const { newestFirst = false, pageSize = 1000 } = options;
    let bound = newestFirst ? 2 ** 31 - 1 : 0; // seq is an integer column
    for (;;) {
      const page = await this.db
        .select()
        .from(solanaJournal)
        .where(newestFirst ? lt(solanaJournal.seq, bound) : gt(solanaJournal.seq, bound))
        .orderBy(newestFirst ? desc(solanaJournal.seq) : asc(solanaJournal.seq))
        .limit(pageSize);
      yield* page;
      if (page.length < pageSize) return;
      bound = page[page.length - 1]!.seq;
    }
  }

  /** Write-ahead: the signed transaction is durable before it runs. Fails if `seq` is taken. */
  async append(entry: { seq: number; signature: string; wireTx: string }): Promise<void> {
    await this.db.insert(solanaJournal).values(entry);
  }

  async setOutcome(seq: number, outcome: string): Promise<void> {
    await this.db.update(solanaJournal).set({ outcome }).where(eq(solanaJournal.seq, seq));
  }

  /** Drops an entry the VM refused before running it, so it never happened. */
  async discard(seq: number): Promise<void> {
    await this.db.delete(solanaJournal).where(eq(solanaJournal.seq, seq));
  }

  async journaled(signature: string): Promise<SolanaJournalRow | undefined> {
    const [row] = await this.db.select().from(solanaJournal).where(eq(solanaJournal.signature, signature));
    return row;
  }

  async findSend(key: string): Promise<SolanaSendRow | undefined> {
    const [row] = await this.db.select().from(solanaSends).where(eq(solanaSends.key, key));
    return row;
  }

  /** Stores a signed transaction under its key, unless the key is already taken. */
  async insertSend(send: NewSolanaSend): Promise<void> {
    await this.db
      .insert(solanaSends)
      .values({ ...send, status: 'pending' })
      .onConflictDoNothing({ target: solanaSends.key });
  }

  /** Swaps in a re-signed transaction, only if the row still holds the one proven dead. */
  async replaceSend(previousSignature: string, send: NewSolanaSend): Promise<void> {
    await this.db
      .update(solanaSends)
      .set({ ...send, status: 'pending', error: null, updatedAt: new Date() })
      .where(
        and(
          eq(solanaSends.key, send.key),
          eq(solanaSends.signature, previousSignature),
          eq(solanaSends.status, 'pending'),
        ),
      );
  }

  async settle(key: string, signature: string, error: string | null): Promise<void> {
    await this.db
      .update(solanaSends)
      .set({ status: error === null ? 'confirmed' : 'failed', error, updatedAt: new Date() })
      .where(and(eq(solanaSends.key, key), eq(solanaSends.signature, signature)));
  }
}
