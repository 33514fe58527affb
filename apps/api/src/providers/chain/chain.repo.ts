import { and, asc, desc, eq, gt, isNotNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { chainContracts, chainJournal } from '../../db/schema/index.js';

export type JournalRow = typeof chainJournal.$inferSelect;
export type ContractRecord = typeof chainContracts.$inferSelect;

export interface Mined {
  blockNumber: number;
  blockHash: string;
  fromAddress: string;
  toAddress: string | null;
  contractAddress: string | null;
}

/** The embedded chain's journal and the per-chain record of platform contracts. */
export class ChainRepo {
  constructor(private readonly db: DbOrTx) {}

  /** The journal in execution order, a page at a time (replay never holds it all in memory). */
  async *journal(chainId: number, pageSize = 1000): AsyncGenerator<JournalRow> {
    let after = 0;
    for (;;) {
      const page = await this.db
        .select()
        .from(chainJournal)
        .where(and(eq(chainJournal.chainId, chainId), gt(chainJournal.seq, after)))
        .orderBy(asc(chainJournal.seq))
        .limit(pageSize);
      yield* page;
      if (page.length < pageSize) return;
      after = page[page.length - 1]!.seq;
    }
  }

  /** Write-ahead: the raw transaction is durable before it runs. Fails if `seq` is taken. */
  async append(entry: {
    chainId: number;
    seq: number;
    txHash: string;
    rawTx: string;
    blockTimestamp: number;
  }) {
    await this.db.insert(chainJournal).values(entry);
  }

  async isJournaled(chainId: number, txHash: string): Promise<boolean> {
    const [row] = await this.db
      .select({ seq: chainJournal.seq })
      .from(chainJournal)
      .where(and(eq(chainJournal.chainId, chainId), eq(chainJournal.txHash, txHash)));
    return row !== undefined;
  }

  async markMined(chainId: number, seq: number, mined: Mined): Promise<void> {
    await this.db
      .update(chainJournal)
      .set(mined)
      .where(and(eq(chainJournal.chainId, chainId), eq(chainJournal.seq, seq)));
  }

  /** Drops an entry whose transaction the node refused, so it never ran. */
  async discard(chainId: number, seq: number): Promise<void> {
    await this.db
      .delete(chainJournal)
      .where(and(eq(chainJournal.chainId, chainId), eq(chainJournal.seq, seq)));
  }

  /** Mined transactions, newest first; with an address, those it sent, received or created. */
  async recent(chainId: number, limit: number, address?: string): Promise<JournalRow[]> {
    const touches = address
      ? or(
          eq(chainJournal.fromAddress, address),
          eq(chainJournal.toAddress, address),
          eq(chainJournal.contractAddress, address),
        )
      : undefined;
    return this.db
      .select()
      .from(chainJournal)
      .where(and(eq(chainJournal.chainId, chainId), isNotNull(chainJournal.blockHash), touches))
      .orderBy(desc(chainJournal.seq))
      .limit(limit);
  }

  async contract(genesisHash: string, name: string): Promise<ContractRecord | undefined> {
    const [row] = await this.db
      .select()
      .from(chainContracts)
      .where(and(eq(chainContracts.genesisHash, genesisHash), eq(chainContracts.name, name)));
    return row;
  }

  /** The first record for a chain and name wins; a concurrent deployer reads it back. */
  async recordContract(record: Omit<ContractRecord, 'createdAt'>): Promise<void> {
    await this.db.insert(chainContracts).values(record).onConflictDoNothing();
  }
}
