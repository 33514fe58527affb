import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { offeringAcknowledgements, offeringDocuments } from '../../db/schema/index.js';

export type DocumentRow = typeof offeringDocuments.$inferSelect;
export type AcknowledgementRow = typeof offeringAcknowledgements.$inferSelect;

/** Versions a reader sees: the current one of each name, and one being removed until it is. */
const SHOWN = ['CURRENT', 'REMOVING'] as const;

export class OfferingDocumentsRepo {
  constructor(private readonly db: DbOrTx) {}

  with(tx: DbOrTx): OfferingDocumentsRepo {
    return new OfferingDocumentsRepo(tx);
  }

  document(id: string, tokenId?: string): Promise<DocumentRow | undefined> {
    return this.db
      .select()
      .from(offeringDocuments)
      .where(and(eq(offeringDocuments.id, id), tokenId ? eq(offeringDocuments.tokenId, tokenId) : undefined))
      .then(([row]) => row);
  }

  /** Every version of every document of the token, newest first (the issuer's view). */
  history(tokenId: string): Promise<DocumentRow[]> {
    return this.db
      .select()
      .from(offeringDocuments)
      .where(eq(offeringDocuments.tokenId, tokenId))
      .orderBy(desc(offeringDocuments.createdAt), desc(offeringDocuments.version));
  }

  /** The documents a buyer reads and acknowledges, by name. */
  current(tokenId: string): Promise<DocumentRow[]> {
    return this.db
      .select()
      .from(offeringDocuments)
      .where(and(eq(offeringDocuments.tokenId, tokenId), inArray(offeringDocuments.status, SHOWN)))
      .orderBy(offeringDocuments.name);
  }

  byKey(tokenId: string, uploadedBy: string, key: string): Promise<DocumentRow | undefined> {
    return this.db
      .select()
      .from(offeringDocuments)
      .where(
        and(
          eq(offeringDocuments.tokenId, tokenId),
          eq(offeringDocuments.uploadedBy, uploadedBy),
          eq(offeringDocuments.idempotencyKey, key),
        ),
      )
      .then(([row]) => row);
  }

  /** The next version number of a name (1 for a new one). */
  async nextVersion(tokenId: string, name: string): Promise<number> {
    const [row] = await this.db
      .select({ max: sql<number>`coalesce(max(${offeringDocuments.version}), 0)::int` })
      .from(offeringDocuments)
      .where(and(eq(offeringDocuments.tokenId, tokenId), eq(offeringDocuments.name, name)));
    return (row?.max ?? 0) + 1;
  }

  /** Names shown now or on their way (a new name counts against the token's limit). */
  async liveNames(tokenId: string): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ name: offeringDocuments.name })
      .from(offeringDocuments)
      .where(
        and(
          eq(offeringDocuments.tokenId, tokenId),
          inArray(offeringDocuments.status, ['PENDING', 'CURRENT', 'REMOVING']),
        ),
      );
    return rows.map(({ name }) => name);
  }

  async insert(values: typeof offeringDocuments.$inferInsert): Promise<DocumentRow> {
    const [row] = await this.db.insert(offeringDocuments).values(values).returning();
    return row!;
  }

  /** Moves a version from one status to another; false when it was no longer in `from`. */
  async transition(
    id: string,
    from: DocumentRow['status'],
    values: Partial<
      Pick<DocumentRow, 'status' | 'txHash' | 'removeTxHash' | 'error' | 'recordedAt' | 'removedAt'>
    >,
  ): Promise<boolean> {
    const rows = await this.db
      .update(offeringDocuments)
      .set(values)
      .where(and(eq(offeringDocuments.id, id), eq(offeringDocuments.status, from)))
      .returning({ id: offeringDocuments.id });
    return rows.length > 0;
  }

  /** The name's current version becomes history once a newer one is recorded. */
  async supersede(tokenId: string, name: string, except: string): Promise<void> {
    await this.db
      .update(offeringDocuments)
      .set({ status: 'SUPERSEDED' })
      .where(
        and(
          eq(offeringDocuments.tokenId, tokenId),
          eq(offeringDocuments.name, name),
          eq(offeringDocuments.status, 'CURRENT'),
          sql`${offeringDocuments.id} <> ${except}`,
        ),
      );
  }

  async acknowledge(values: typeof offeringAcknowledgements.$inferInsert): Promise<AcknowledgementRow> {
    const [row] = await this.db.insert(offeringAcknowledgements).values(values).returning();
    return row!;
  }

  /** The user's acknowledgements, newest first; of one token when named. */
  acknowledgements(userId: string, tokenId?: string): Promise<AcknowledgementRow[]> {
    return this.db
      .select()
      .from(offeringAcknowledgements)
      .where(
        and(
          eq(offeringAcknowledgements.userId, userId),
          tokenId ? eq(offeringAcknowledgements.tokenId, tokenId) : undefined,
        ),
      )
      .orderBy(desc(offeringAcknowledgements.acknowledgedAt));
  }
}
