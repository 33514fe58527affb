import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { kybApplications, kybDocuments, users } from '../../db/schema/index.js';
import type { Envelope } from '../../secrets/envelope.js';

export type KybApplicationRow = typeof kybApplications.$inferSelect;
export type KybStatus = KybApplicationRow['status'];

/** A document's description, never its bytes. */
const documentMeta = {
  id: kybDocuments.id,
  userId: kybDocuments.userId,
  fileName: kybDocuments.fileName,
  contentType: kybDocuments.contentType,
  size: kybDocuments.size,
  createdAt: kybDocuments.createdAt,
};
export interface KybDocumentMeta {
  id: string;
  userId: string;
  fileName: string;
  contentType: string;
  size: number;
  createdAt: Date;
}

export interface NewKybDocument {
  id: string;
  userId: string;
  fileName: string;
  contentType: string;
  size: number;
  envelope: Envelope;
  createdAt: Date;
}

/**
 * KYB applications and their documents. Every read of a user's document names the user in its
 * WHERE clause; only the admin queue's reads (by id) do not.
 */
export class KybRepo {
  constructor(private readonly db: DbOrTx) {}

  with(tx: DbOrTx): KybRepo {
    return new KybRepo(tx);
  }

  async find(userId: string): Promise<KybApplicationRow | undefined> {
    const [row] = await this.db.select().from(kybApplications).where(eq(kybApplications.userId, userId));
    return row;
  }

  /** Creates the user's application (pending) unless there is one, then locks it for the transaction. */
  async openAndLock(userId: string, now: Date): Promise<KybApplicationRow> {
    await this.db
      .insert(kybApplications)
      .values({ userId, status: 'pending', submittedAt: now })
      .onConflictDoNothing({ target: kybApplications.userId });
    const [row] = await this.db
      .select()
      .from(kybApplications)
      .where(eq(kybApplications.userId, userId))
      .for('update');
    return row!;
  }

  async lock(userId: string): Promise<KybApplicationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(kybApplications)
      .where(eq(kybApplications.userId, userId))
      .for('update');
    return row;
  }

  /** A rejected application submitted again: pending, with the last decision cleared. */
  async reopen(userId: string, now: Date): Promise<void> {
    await this.db
      .update(kybApplications)
      .set({ status: 'pending', reason: null, submittedAt: now, decidedAt: null, decidedBy: null })
      .where(eq(kybApplications.userId, userId));
  }

  async decide(
    userId: string,
    decision: { status: 'approved' | 'rejected'; reason: string | null; decidedBy: string; decidedAt: Date },
  ): Promise<void> {
    await this.db.update(kybApplications).set(decision).where(eq(kybApplications.userId, userId));
  }

  async withdraw(userId: string): Promise<void> {
    await this.db.delete(kybApplications).where(eq(kybApplications.userId, userId));
  }

  async countDocuments(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(kybDocuments)
      .where(eq(kybDocuments.userId, userId));
    return Number(row?.n ?? 0);
  }

  async insertDocument(document: NewKybDocument): Promise<void> {
    await this.db.insert(kybDocuments).values(document);
  }

  /** The documents of these users, oldest first, without their bytes. */
  async documents(userIds: string[]): Promise<KybDocumentMeta[]> {
    if (userIds.length === 0) return [];
    return this.db
      .select(documentMeta)
      .from(kybDocuments)
      .where(inArray(kybDocuments.userId, userIds))
      .orderBy(asc(kybDocuments.createdAt), asc(kybDocuments.id));
  }

  /** One of the user's own documents with its envelope: another user's id finds nothing. */
  async findOwnDocument(userId: string, documentId: string) {
    const [row] = await this.db
      .select()
      .from(kybDocuments)
      .where(and(eq(kybDocuments.id, documentId), eq(kybDocuments.userId, userId)));
    return row;
  }

  /** Whether the user has this document (its description only). */
  async findOwnDocumentMeta(userId: string, documentId: string): Promise<KybDocumentMeta | undefined> {
    const [row] = await this.db
      .select(documentMeta)
      .from(kybDocuments)
      .where(and(eq(kybDocuments.id, documentId), eq(kybDocuments.userId, userId)));
    return row;
  }

  /** The user's documents with their envelopes, oldest first ('Download my data'). */
  ownDocuments(userId: string) {
    return this.db
      .select()
      .from(kybDocuments)
      .where(eq(kybDocuments.userId, userId))
      .orderBy(asc(kybDocuments.createdAt), asc(kybDocuments.id));
  }

  /** Any user's document, for a reviewer. */
  async findDocument(documentId: string) {
    const [row] = await this.db.select().from(kybDocuments).where(eq(kybDocuments.id, documentId));
    return row;
  }

  /** Deletes one of the user's own documents; false when there is no such document of theirs. */
  async deleteOwnDocument(userId: string, documentId: string): Promise<boolean> {
    const deleted = await this.db
      .delete(kybDocuments)
      .where(and(eq(kybDocuments.id, documentId), eq(kybDocuments.userId, userId)))
      .returning({ id: kybDocuments.id });
    return deleted.length > 0;
  }

  /**
   * The review queue: pending applications first (oldest submission first, as a queue), then
   * the decided ones, most recent decision first; with the user and the deciding admin.
   */
  applications(limit: number, userId?: string) {
    const decider = alias(users, 'decider');
    return this.db
      .select({
        userId: kybApplications.userId,
        status: kybApplications.status,
        reason: kybApplications.reason,
        submittedAt: kybApplications.submittedAt,
        decidedAt: kybApplications.decidedAt,
        name: users.name,
        email: users.email,
        decidedByEmail: decider.email,
      })
      .from(kybApplications)
      .innerJoin(users, eq(users.id, kybApplications.userId))
      .leftJoin(decider, eq(decider.id, kybApplications.decidedBy))
      .where(userId ? eq(kybApplications.userId, userId) : undefined)
      .orderBy(
        sql`case when ${kybApplications.status} = 'pending' then 0 else 1 end`,
        sql`case when ${kybApplications.status} = 'pending' then ${kybApplications.submittedAt} end asc`,
        desc(kybApplications.decidedAt),
        asc(kybApplications.userId),
      )
      .limit(limit);
  }
}
