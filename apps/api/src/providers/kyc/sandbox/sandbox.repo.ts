import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { kycSandboxApplicants, kycSandboxDocuments, kycSandboxTokens } from '../../../db/schema/index.js';
import type { Envelope } from '../../../secrets/envelope.js';

export type SandboxApplicantRow = typeof kycSandboxApplicants.$inferSelect;
export type SandboxDocumentMeta = { contentType: string; size: number };

/** The embedded verification service's own tables (its "provider side"). */
export class SandboxRepo {
  constructor(private readonly db: DbOrTx) {}

  with(tx: DbOrTx): SandboxRepo {
    return new SandboxRepo(tx);
  }

  async findById(id: string): Promise<SandboxApplicantRow | undefined> {
    const [row] = await this.db.select().from(kycSandboxApplicants).where(eq(kycSandboxApplicants.id, id));
    return row;
  }

  async lock(id: string): Promise<SandboxApplicantRow | undefined> {
    const [row] = await this.db
      .select()
      .from(kycSandboxApplicants)
      .where(eq(kycSandboxApplicants.id, id))
      .for('update');
    return row;
  }

  async findByExternalUserId(externalUserId: string): Promise<SandboxApplicantRow | undefined> {
    const [row] = await this.db
      .select()
      .from(kycSandboxApplicants)
      .where(eq(kycSandboxApplicants.externalUserId, externalUserId));
    return row;
  }

  /** One applicant per external user: a concurrent second insert is a no-op. */
  async insertApplicant(values: typeof kycSandboxApplicants.$inferInsert): Promise<void> {
    await this.db.insert(kycSandboxApplicants).values(values).onConflictDoNothing();
  }

  async update(
    id: string,
    values: Partial<typeof kycSandboxApplicants.$inferInsert>,
  ): Promise<SandboxApplicantRow> {
    const [row] = await this.db
      .update(kycSandboxApplicants)
      .set(values)
      .where(eq(kycSandboxApplicants.id, id))
      .returning();
    if (!row) throw new Error(`Sandbox applicant ${id} vanished`);
    return row;
  }

  /** The review queue, oldest submission first. */
  async listPending(limit: number): Promise<SandboxApplicantRow[]> {
    return this.db
      .select()
      .from(kycSandboxApplicants)
      .where(eq(kycSandboxApplicants.reviewStatus, 'pending'))
      .orderBy(asc(kycSandboxApplicants.submittedAt), asc(kycSandboxApplicants.id))
      .limit(limit);
  }

  async insertToken(tokenHash: string, applicantId: string, expiresAt: Date, now: Date): Promise<void> {
    // Housekeeping: the applicant's expired tokens go when a new one is made.
    await this.db
      .delete(kycSandboxTokens)
      .where(and(eq(kycSandboxTokens.applicantId, applicantId), lt(kycSandboxTokens.expiresAt, now)));
    await this.db.insert(kycSandboxTokens).values({ tokenHash, applicantId, expiresAt });
  }

  async findByToken(tokenHash: string, now: Date): Promise<SandboxApplicantRow | undefined> {
    const [row] = await this.db
      .select({ applicant: kycSandboxApplicants })
      .from(kycSandboxTokens)
      .innerJoin(kycSandboxApplicants, eq(kycSandboxApplicants.id, kycSandboxTokens.applicantId))
      .where(and(eq(kycSandboxTokens.tokenHash, tokenHash), gt(kycSandboxTokens.expiresAt, now)));
    return row?.applicant;
  }

  async putDocument(applicantId: string, meta: SandboxDocumentMeta, envelope: Envelope): Promise<void> {
    await this.db
      .insert(kycSandboxDocuments)
      .values({ applicantId, ...meta, envelope })
      .onConflictDoUpdate({ target: kycSandboxDocuments.applicantId, set: { ...meta, envelope } });
  }

  async documentMeta(applicantIds: string[]): Promise<Map<string, SandboxDocumentMeta>> {
    if (!applicantIds.length) return new Map();
    const rows = await this.db
      .select({
        applicantId: kycSandboxDocuments.applicantId,
        contentType: kycSandboxDocuments.contentType,
        size: kycSandboxDocuments.size,
      })
      .from(kycSandboxDocuments)
      .where(inArray(kycSandboxDocuments.applicantId, applicantIds));
    return new Map(rows.map(({ applicantId, ...meta }) => [applicantId, meta]));
  }

  async readDocument(applicantId: string) {
    const [row] = await this.db
      .select()
      .from(kycSandboxDocuments)
      .where(eq(kycSandboxDocuments.applicantId, applicantId));
    return row;
  }

  async deleteDocument(applicantId: string): Promise<void> {
    await this.db.delete(kycSandboxDocuments).where(eq(kycSandboxDocuments.applicantId, applicantId));
  }
}
