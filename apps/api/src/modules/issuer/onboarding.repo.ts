import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Role } from '@portal/shared/roles';
import type { DbOrTx } from '../../db/client.js';
import { issuerApplications, kybApplications, kycApplicants, users } from '../../db/schema/index.js';

export type IssuerApplicationRow = typeof issuerApplications.$inferSelect;

/** An application with what it is made of: the person's KYC and the business's documents. */
export type ApplicationFacts = Awaited<ReturnType<OnboardingRepo['facts']>>[number];

/**
 * Issuers' applications (ADR 55). A missing row reads as a pending application without an
 * organisation name: registration writes it, but an account is never left without one.
 */
export class OnboardingRepo {
  constructor(private readonly db: DbOrTx) {}

  with(tx: DbOrTx): OnboardingRepo {
    return new OnboardingRepo(tx);
  }

  /** Opens the application at registration; an existing one is kept as it is. */
  async open(userId: string, organisationName: string | null): Promise<void> {
    await this.db
      .insert(issuerApplications)
      .values({ userId, organisationName })
      .onConflictDoNothing({ target: issuerApplications.userId });
  }

  /** Names the organisation; a rejected application named again is submitted again. */
  async name(userId: string, organisationName: string, now: Date): Promise<void> {
    await this.db
      .insert(issuerApplications)
      .values({ userId, organisationName, submittedAt: now })
      .onConflictDoUpdate({
        target: issuerApplications.userId,
        set: {
          organisationName,
          status: sql`case when ${issuerApplications.status} = 'rejected' then 'pending' else ${issuerApplications.status} end`,
          reason: sql`case when ${issuerApplications.status} = 'rejected' then null else ${issuerApplications.reason} end`,
          submittedAt: sql`case when ${issuerApplications.status} = 'rejected' then ${now.toISOString()}::timestamptz else ${issuerApplications.submittedAt} end`,
        },
      });
  }

  /** Approved by an administrator's decision or grant (decidedBy), or by the platform (null). */
  async approve(userId: string, decidedBy: string | null, now: Date): Promise<void> {
    const decision = { status: 'approved' as const, reason: null, decidedAt: now, decidedBy };
    await this.db
      .insert(issuerApplications)
      .values({ userId, ...decision })
      .onConflictDoUpdate({ target: issuerApplications.userId, set: decision });
  }

  async reject(userId: string, reason: string, decidedBy: string, now: Date): Promise<void> {
    await this.db
      .update(issuerApplications)
      .set({ status: 'rejected', reason, decidedAt: now, decidedBy })
      .where(eq(issuerApplications.userId, userId));
  }

  /** The user's role, locked for a change. */
  async lockRole(userId: string): Promise<Role | undefined> {
    const [row] = await this.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    return row?.role;
  }

  async setRole(userId: string, role: Role): Promise<void> {
    await this.db
      .update(users)
      .set({ role, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
  }

  async lock(userId: string): Promise<IssuerApplicationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(issuerApplications)
      .where(eq(issuerApplications.userId, userId))
      .for('update');
    return row;
  }

  /**
   * Applications with their facts in one query: the user's own (userId), or the review queue
   * (pending first, oldest first; then decided ones, latest first).
   */
  facts(limit: number, userId?: string) {
    const decider = alias(users, 'decider');
    const documents = sql<number>`(select count(*)::int from kyb_documents d where d.user_id = ${users.id})`;
    return this.db
      .select({
        userId: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        createdAt: users.createdAt,
        organisationName: issuerApplications.organisationName,
        status: issuerApplications.status,
        reason: issuerApplications.reason,
        submittedAt: issuerApplications.submittedAt,
        decidedAt: issuerApplications.decidedAt,
        decidedByEmail: decider.email,
        kycStatus: kycApplicants.status,
        kybStatus: kybApplications.status,
        documents,
      })
      .from(users)
      .leftJoin(issuerApplications, eq(issuerApplications.userId, users.id))
      .leftJoin(decider, eq(decider.id, issuerApplications.decidedBy))
      .leftJoin(kycApplicants, eq(kycApplicants.userId, users.id))
      .leftJoin(kybApplications, eq(kybApplications.userId, users.id))
      .where(
        userId
          ? eq(users.id, userId)
          : and(sql`${issuerApplications.userId} is not null`, eq(users.role, 'issuer')),
      )
      .orderBy(
        sql`case when ${issuerApplications.status} = 'pending' then 0 else 1 end`,
        sql`case when ${issuerApplications.status} = 'pending' then ${issuerApplications.submittedAt} end asc`,
        desc(issuerApplications.decidedAt),
        desc(users.createdAt),
      )
      .limit(limit);
  }
}
