import { and, eq, ne, sql } from 'drizzle-orm';
import type { KycProviderName, KycStatus } from '@portal/shared/kyc';
import type { DbOrTx } from '../../db/client.js';
import { kycApplicants, kycEvents } from '../../db/schema/index.js';
import type { KycReview } from '../../providers/kyc/kyc.js';

export type KycApplicantRow = typeof kycApplicants.$inferSelect;
export type KycEventOutcome = (typeof kycEvents.$inferInsert)['outcome'];

export class KycRepo {
  constructor(private readonly db: DbOrTx) {}

  with(tx: DbOrTx): KycRepo {
    return new KycRepo(tx);
  }

  async findByUser(userId: string): Promise<KycApplicantRow | undefined> {
    const [row] = await this.db.select().from(kycApplicants).where(eq(kycApplicants.userId, userId));
    return row;
  }

  /** The caller's applicant with that id: another user's id finds nothing. */
  async findOwned(userId: string, applicantId: string): Promise<KycApplicantRow | undefined> {
    const [row] = await this.db
      .select()
      .from(kycApplicants)
      .where(and(eq(kycApplicants.userId, userId), eq(kycApplicants.applicantId, applicantId)));
    return row;
  }

  /** Locks the row until the transaction ends, so events for one applicant apply one at a time. */
  async lockByApplicant(
    provider: KycProviderName,
    applicantId: string,
  ): Promise<KycApplicantRow | undefined> {
    const [row] = await this.db
      .select()
      .from(kycApplicants)
      .where(and(eq(kycApplicants.provider, provider), eq(kycApplicants.applicantId, applicantId)))
      .for('update');
    return row;
  }

  /**
   * Records the user's applicant at a provider. An applicant at another provider (the setup
   * switched providers) is replaced and its state starts over; the same provider's row is kept.
   */
  async upsertApplicant(userId: string, provider: KycProviderName, applicantId: string, now: Date) {
    await this.db
      .insert(kycApplicants)
      .values({ userId, provider, applicantId })
      .onConflictDoUpdate({
        target: kycApplicants.userId,
        set: {
          provider,
          applicantId,
          status: 'not_started',
          reviewStatus: null,
          reviewAnswer: null,
          rejectType: null,
          moderationComment: null,
          lastEventAt: null,
          verifiedDataSealed: null,
          verifiedAt: null,
          updatedAt: now,
        },
        setWhere: ne(kycApplicants.provider, provider),
      });
  }

  /** Moves the state; leaving `verified` forgets the verified identity. */
  async applyStatus(userId: string, status: KycStatus, review: KycReview | undefined, at: Date, now: Date) {
    await this.db
      .update(kycApplicants)
      .set({
        status,
        ...(review
          ? {
              reviewStatus: review.reviewStatus,
              reviewAnswer: review.reviewAnswer ?? null,
              rejectType: review.rejectType ?? null,
              moderationComment: review.moderationComment ?? null,
            }
          : {}),
        lastEventAt: at,
        ...(status === 'verified' ? {} : { verifiedDataSealed: null, verifiedAt: null }),
        updatedAt: now,
      })
      .where(eq(kycApplicants.userId, userId));
  }

  /** Stores the verified identity only while the applicant is still verified. */
  async storeVerifiedData(userId: string, applicantId: string, sealed: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(kycApplicants)
      .set({
        verifiedDataSealed: sealed,
        verifiedAt: sql`coalesce(${kycApplicants.verifiedAt}, ${now.toISOString()}::timestamptz)`,
        updatedAt: now,
      })
      .where(
        and(
          eq(kycApplicants.userId, userId),
          eq(kycApplicants.applicantId, applicantId),
          eq(kycApplicants.status, 'verified'),
        ),
      )
      .returning({ userId: kycApplicants.userId });
    return rows.length > 0;
  }

  /** Returns false for a duplicate delivery (same provider, applicant and exact body). */
  async insertEvent(values: {
    provider: KycProviderName;
    applicantId: string;
    bodyDigest: string;
    type: string;
    review: KycReview | undefined;
    eventAt: Date;
    outcome: KycEventOutcome;
  }): Promise<boolean> {
    const { review, ...rest } = values;
    const rows = await this.db
      .insert(kycEvents)
      .values({
        ...rest,
        reviewStatus: review?.reviewStatus ?? null,
        reviewAnswer: review?.reviewAnswer ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: kycEvents.id });
    return rows.length > 0;
  }
}
