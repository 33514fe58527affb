import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { stellarSends, xrplSends } from '../../db/schema/index.js';

/**
 * The write-ahead journal of a ledger the portal signs for itself (the XRP Ledger and Stellar,
 * docs/decisions/0066-xrpl-and-stellar.md): a signed transaction is stored under its caller's
 * key before it is submitted, a re-run with the key drives the same bytes, and a replacement is
 * signed only once the ledger's adapter proves the stored one dead.
 */

type JournalTable = typeof xrplSends | typeof stellarSends;
/** What every journal row has, whatever else its ledger stores (sequence, expiry, bytes). */
export interface JournalRow {
  key: string;
  hash: string;
  status: string;
  result: string | null;
}
export type JournalStatus = 'validated' | 'failed';

/** One table's rows by key. Both tables share the columns used here, so one query serves both. */
export class SendJournal<T extends JournalTable> {
  private readonly table: typeof xrplSends;

  constructor(
    private readonly db: DbOrTx,
    table: T,
  ) {
    // The queries touch only key, hash, status, result and updated_at, alike in both tables.
    this.table = table as unknown as typeof xrplSends;
  }

  async find(key: string): Promise<T['$inferSelect'] | undefined> {
    const [row] = await this.db.select().from(this.table).where(eq(this.table.key, key));
    return row as T['$inferSelect'] | undefined;
  }

  /** Stores a signed transaction under its key; false when the key was already taken. */
  async insert(send: Omit<T['$inferInsert'], 'status'>): Promise<boolean> {
    const rows = await this.db
      .insert(this.table)
      .values({ ...(send as typeof xrplSends.$inferInsert), status: 'pending' })
      .onConflictDoNothing({ target: this.table.key })
      .returning({ key: this.table.key });
    return rows.length === 1;
  }

  /** Swaps in a re-signed transaction, only if the row still holds the one proven dead. */
  async replace(previousHash: string, send: Omit<T['$inferInsert'], 'status'>): Promise<boolean> {
    const { table } = this;
    const rows = await this.db
      .update(table)
      .set({
        ...(send as typeof xrplSends.$inferInsert),
        status: 'pending',
        result: null,
        updatedAt: new Date(),
      })
      .where(and(eq(table.key, send.key), eq(table.hash, previousHash), eq(table.status, 'pending')))
      .returning({ key: table.key });
    return rows.length === 1;
  }

  async settle(key: string, hash: string, status: JournalStatus, result: string): Promise<void> {
    const { table } = this;
    await this.db
      .update(table)
      .set({ status, result, updatedAt: new Date() })
      .where(and(eq(table.key, key), eq(table.hash, hash)));
  }
}

/** How one ledger signs, submits and judges a journaled transaction. */
export interface JournaledLedger<Row extends JournalRow, New> {
  /** A freshly signed transaction (its sequence read from the ledger now). */
  sign(): Promise<New>;
  /** Submits `row`'s bytes and waits: its final result, or undefined once they cannot land. */
  drive(row: Row): Promise<{ status: JournalStatus; result: string } | undefined>;
}

/**
 * Sends once per key: a re-run finds the journaled transaction and drives the same bytes; only
 * when those provably cannot land is a replacement signed in their place. Resolves with the row
 * as settled (validated or failed).
 */
export async function sendOnce<Row extends JournalRow, New extends { key: string }>(
  journal: {
    find(key: string): Promise<Row | undefined>;
    insert(send: New): Promise<boolean>;
    replace(previousHash: string, send: New): Promise<boolean>;
    settle(key: string, hash: string, status: JournalStatus, result: string): Promise<void>;
  },
  key: string,
  ledger: JournaledLedger<Row, New>,
): Promise<Row> {
  for (;;) {
    let row = await journal.find(key);
    if (!row) {
      await journal.insert(await ledger.sign());
      row = await journal.find(key);
      if (!row) throw new Error(`Journaled send ${key} vanished`);
    }
    if (row.status !== 'pending') return row;
    const outcome = await ledger.drive(row);
    if (outcome !== undefined) {
      await journal.settle(key, row.hash, outcome.status, outcome.result);
      return { ...row, ...outcome };
    }
    // Those bytes can never apply: a replacement with a fresh sequence takes their place.
    await journal.replace(row.hash, await ledger.sign());
  }
}

/**
 * One send at a time per account in this process (a sequence number is read, signed and spent
 * in order); other processes meet the ledger's bad-sequence answer and re-sign instead.
 */
export class AccountQueues {
  private readonly queues = new Map<string, Promise<unknown>>();

  run<T>(account: string, task: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(account) ?? Promise.resolve();
    const next = previous.then(task, task);
    const settled = next.catch(() => undefined);
    this.queues.set(account, settled);
    void settled.then(() => {
      if (this.queues.get(account) === settled) this.queues.delete(account);
    });
    return next;
  }
}

/**
 * What the platform sends so an account holds `needed` (its reserve and fee headroom): the
 * shortfall, nothing when covered — unless a send under this key exists already, which a re-run
 * must find again (1 when nothing is short, so the keyed send is still well-formed).
 */
export function topUp(needed: bigint, balance: bigint, alreadySent: boolean): bigint | undefined {
  if (balance >= needed && !alreadySent) return undefined;
  return needed - balance > 0n ? needed - balance : 1n;
}
