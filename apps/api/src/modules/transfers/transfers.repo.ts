import { and, asc, desc, eq, gte, inArray, lt, ne, or, sql } from 'drizzle-orm';
import { TRANSFERS_LISTED } from '@portal/shared/transfers';
import type { DbOrTx } from '../../db/client.js';
import { issuerTokens, linkedWallets, tokenTransfers, transferHandles } from '../../db/schema/index.js';

export type TransferRow = typeof tokenTransfers.$inferSelect;
export type TransferStatusRow = TransferRow['status'];
export type TransferView = { transfer: TransferRow; token: typeof issuerTokens.$inferSelect };

/** Transfers and handles (ADR 76); every query about a user names the user. */
export class TransfersRepo {
  constructor(private readonly db: DbOrTx) {}

  with(tx: DbOrTx): TransfersRepo {
    return new TransfersRepo(tx);
  }

  async handleOf(userId: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ handle: transferHandles.handle })
      .from(transferHandles)
      .where(eq(transferHandles.userId, userId));
    return row?.handle;
  }

  /** Sets the user's handle (a new one replaces the old); false when another user holds it. */
  async setHandle(userId: string, handle: string): Promise<boolean> {
    const rows = await this.db
      .insert(transferHandles)
      .values({ userId, handle })
      .onConflictDoUpdate({ target: transferHandles.userId, set: { handle, createdAt: sql`now()` } })
      .returning({ handle: transferHandles.handle })
      .catch((error: unknown) => {
        // The handle is unique: a collision (one in 32^10) is a retry with another one.
        if ((error as { code?: string }).code === '23505') return [];
        throw error;
      });
    return rows.length > 0;
  }

  /** Whose handle this is (exact match on the normalised handle). */
  async ownerOfHandle(handle: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ userId: transferHandles.userId })
      .from(transferHandles)
      .where(eq(transferHandles.handle, handle));
    return row?.userId;
  }

  /** Whether `address` is one of the user's linked wallets (settings, SIWE). */
  async isLinkedWallet(userId: string, address: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: linkedWallets.id })
      .from(linkedWallets)
      .where(and(eq(linkedWallets.userId, userId), sql`lower(${linkedWallets.address}) = lower(${address})`))
      .limit(1);
    return row !== undefined;
  }

  async insert(values: typeof tokenTransfers.$inferInsert): Promise<TransferRow | undefined> {
    const [row] = await this.db.insert(tokenTransfers).values(values).onConflictDoNothing().returning();
    return row;
  }

  async byKey(senderId: string, key: string): Promise<TransferRow | undefined> {
    const [row] = await this.db
      .select()
      .from(tokenTransfers)
      .where(and(eq(tokenTransfers.senderId, senderId), eq(tokenTransfers.idempotencyKey, key)));
    return row;
  }

  async transfer(id: string): Promise<TransferRow | undefined> {
    const [row] = await this.db.select().from(tokenTransfers).where(eq(tokenTransfers.id, id));
    return row;
  }

  async view(id: string): Promise<TransferView | undefined> {
    const [row] = await this.db
      .select({ transfer: tokenTransfers, token: issuerTokens })
      .from(tokenTransfers)
      .innerJoin(issuerTokens, eq(issuerTokens.id, tokenTransfers.tokenId))
      .where(eq(tokenTransfers.id, id));
    return row;
  }

  /** The user's transfers out and in, newest first (a failed one in was never theirs to see). */
  async ofUser(userId: string): Promise<TransferView[]> {
    return this.db
      .select({ transfer: tokenTransfers, token: issuerTokens })
      .from(tokenTransfers)
      .innerJoin(issuerTokens, eq(issuerTokens.id, tokenTransfers.tokenId))
      .where(
        or(
          eq(tokenTransfers.senderId, userId),
          and(eq(tokenTransfers.recipientId, userId), eq(tokenTransfers.status, 'COMPLETED')),
        ),
      )
      .orderBy(desc(tokenTransfers.createdAt), desc(tokenTransfers.id))
      .limit(TRANSFERS_LISTED);
  }

  /** Journals the ERC-721 item before the send: the first choice stands. */
  async journalItem(id: string, itemId: bigint): Promise<TransferRow | undefined> {
    await this.db
      .update(tokenTransfers)
      .set({ itemId: itemId.toString(), updatedAt: sql`now()` })
      .where(and(eq(tokenTransfers.id, id), sql`${tokenTransfers.itemId} is null`));
    return this.transfer(id);
  }

  /** Moves a PENDING transfer on; undefined when someone else did first. */
  async finish(
    id: string,
    values: Pick<TransferRow, 'status'> & Partial<Pick<TransferRow, 'txHash' | 'error' | 'completedAt'>>,
  ): Promise<TransferRow | undefined> {
    const [row] = await this.db
      .update(tokenTransfers)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(tokenTransfers.id, id), eq(tokenTransfers.status, 'PENDING')))
      .returning();
    return row;
  }

  /** Transfers still waiting for their send (the job's safety net at start-up). */
  async pending(): Promise<TransferRow[]> {
    return this.db.select().from(tokenTransfers).where(eq(tokenTransfers.status, 'PENDING'));
  }

  /**
   * The user's transfers that changed their books in [from, to) (statements, ADR 74): out when
   * made, in when completed. A refused one moved nothing and has no line.
   */
  async statementRows(userId: string, from: Date, to: Date): Promise<TransferView[]> {
    const { createdAt, completedAt, status, senderId, recipientId } = tokenTransfers;
    return this.db
      .select({ transfer: tokenTransfers, token: issuerTokens })
      .from(tokenTransfers)
      .innerJoin(issuerTokens, eq(issuerTokens.id, tokenTransfers.tokenId))
      .where(
        and(
          ne(status, 'FAILED'),
          or(
            and(eq(senderId, userId), gte(createdAt, from), lt(createdAt, to)),
            and(
              eq(recipientId, userId),
              eq(tokenTransfers.kind, 'peer'),
              eq(status, 'COMPLETED'),
              gte(completedAt, from),
              lt(completedAt, to),
            ),
          ),
        ),
      )
      .orderBy(asc(createdAt), asc(tokenTransfers.id));
  }

  /** Every transfer that holds or moved tokens, with its token (reconcile). */
  async books(): Promise<TransferView[]> {
    return this.db
      .select({ transfer: tokenTransfers, token: issuerTokens })
      .from(tokenTransfers)
      .innerJoin(issuerTokens, eq(issuerTokens.id, tokenTransfers.tokenId))
      .where(inArray(tokenTransfers.status, ['PENDING', 'COMPLETED']));
  }
}
