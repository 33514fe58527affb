import type { AdminUser } from '@portal/shared/admin';
import type { IssuerApplication, IssuerRequirement, IssuerReviewItem } from '@portal/shared/issuer';
import { messages } from '@portal/shared/messages';
import { displayRole, type Role } from '@portal/shared/roles';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { DomainError } from '../../errors.js';
import type { AdminService } from '../admin/admin.service.js';
import type { KybRepo } from '../kyb/kyb.repo.js';
import type { ApplicationFacts, OnboardingRepo } from './onboarding.repo.js';

export interface OnboardingDeps {
  db: Db;
  repo: OnboardingRepo;
  /** An approved issuer's pending business documents are approved with it (one review). */
  kyb: KybRepo;
  /** The admin audit log, written in the decision's transaction. */
  audit: Pick<AdminService, 'record' | 'users'>;
  clock: Clock;
}

function missing(facts: ApplicationFacts): IssuerRequirement[] {
  const needs: IssuerRequirement[] = [];
  if (!facts.organisationName) needs.push('organisationName');
  if (facts.documents === 0 || facts.kybStatus === 'rejected') needs.push('businessDocuments');
  if (facts.kycStatus !== 'verified') needs.push('identityVerified');
  return needs;
}

function applicationView(facts: ApplicationFacts): IssuerApplication {
  return {
    status: facts.status ?? 'pending',
    organisationName: facts.organisationName,
    reason: facts.status === 'rejected' ? facts.reason : null,
    missing: missing(facts),
    kycStatus: facts.kycStatus ?? 'not_started',
    kybStatus: facts.kybStatus ?? 'not_submitted',
    businessDocuments: facts.documents,
    submittedAt: (facts.submittedAt ?? facts.createdAt).toISOString(),
    decidedAt: facts.decidedAt?.toISOString() ?? null,
  };
}

function reviewView(facts: ApplicationFacts): IssuerReviewItem {
  return {
    ...applicationView(facts),
    userId: facts.userId,
    name: facts.name,
    email: facts.email,
    role: displayRole(facts.role),
    decidedByEmail: facts.decidedByEmail,
  };
}

/**
 * Who may issue (ADR 55). A self-registered issuer applies: an organisation name, business
 * documents (KYB) and a verified identity (KYC); it may use the console but deploys and lists
 * nothing until an administrator approves. Administrators also grant and take back roles.
 * Every decision and its audit row are one transaction.
 */
export class OnboardingService {
  constructor(private readonly deps: OnboardingDeps) {}

  /** At registration: the application, named when the form gave the organisation. */
  open(userId: string, organisationName: string | undefined): Promise<void> {
    return this.deps.repo.open(userId, organisationName ?? null);
  }

  async view(userId: string): Promise<IssuerApplication> {
    return applicationView(await this.facts(userId));
  }

  async name(userId: string, organisationName: string): Promise<IssuerApplication> {
    await this.deps.repo.name(userId, organisationName, this.deps.clock.now());
    return this.view(userId);
  }

  /** The admin console's queue. */
  async applications(limit: number): Promise<IssuerReviewItem[]> {
    return (await this.deps.repo.facts(limit)).map(reviewView);
  }

  /** Approval needs a complete application; pending business documents are approved with it. */
  async approve(adminId: string, userId: string): Promise<IssuerReviewItem> {
    await this.decide(adminId, userId, async (tx, facts) => {
      if (missing(facts).length > 0) throw new DomainError('CONFLICT', messages.issuerApplicationIncomplete);
      const now = this.deps.clock.now();
      await this.deps.repo.with(tx).approve(userId, adminId, now);
      if (facts.kybStatus === 'pending') {
        await this.deps.kyb
          .with(tx)
          .decide(userId, { status: 'approved', reason: null, decidedBy: adminId, decidedAt: now });
        await this.deps.audit.record(
          adminId,
          'kyb.approve',
          { type: 'kyb-application', id: userId },
          { documents: facts.documents, with: 'issuer.approve' },
          tx,
        );
      }
      await this.deps.audit.record(
        adminId,
        'issuer.approve',
        { type: 'issuer-application', id: userId },
        { organisationName: facts.organisationName },
        tx,
      );
    });
    return reviewView(await this.facts(userId));
  }

  async reject(adminId: string, userId: string, reason: string): Promise<IssuerReviewItem> {
    await this.decide(adminId, userId, async (tx, facts) => {
      await this.deps.repo.with(tx).reject(userId, reason, adminId, this.deps.clock.now());
      await this.deps.audit.record(
        adminId,
        'issuer.reject',
        { type: 'issuer-application', id: userId },
        { organisationName: facts.organisationName, reason },
        tx,
      );
    });
    return reviewView(await this.facts(userId));
  }

  /**
   * An administrator gives a user a role or takes it back. Granting issuer is the administrator's
   * approval; an administrator never changes their own role (the last admin cannot lock the
   * console). The user's sessions carry the new role from their next request (ADR 36).
   */
  async setRole(adminId: string, userId: string, role: Role): Promise<AdminUser> {
    if (userId === adminId) throw new DomainError('FORBIDDEN', messages.adminOwnRole);
    await this.deps.db.transaction(async (tx) => {
      const repo = this.deps.repo.with(tx);
      const from = await repo.lockRole(userId);
      if (!from) throw new DomainError('NOT_FOUND', messages.notFound);
      if (from === role) return;
      await repo.setRole(userId, role);
      if (role === 'issuer') await repo.approve(userId, adminId, this.deps.clock.now());
      await this.deps.audit.record(
        adminId,
        'user.role',
        { type: 'user', id: userId },
        { from, to: role },
        tx,
      );
    });
    const [user] = await this.deps.audit.users(undefined, 1, userId);
    if (!user) throw new DomainError('NOT_FOUND', messages.notFound);
    return user;
  }

  /** An issuer the platform vouches for (the demo issuer, `admin:create --role issuer`). */
  preApprove(userId: string, tx?: DbOrTx): Promise<void> {
    return this.deps.repo.with(tx ?? this.deps.db).approve(userId, null, this.deps.clock.now());
  }

  private async facts(userId: string): Promise<ApplicationFacts> {
    const [facts] = await this.deps.repo.facts(1, userId);
    if (!facts) throw new DomainError('NOT_FOUND', messages.issuerApplicationNotFound);
    return facts;
  }

  /** A decision on a pending application of a current issuer, by someone else. */
  private async decide(
    adminId: string,
    userId: string,
    apply: (tx: DbOrTx, facts: ApplicationFacts) => Promise<void>,
  ): Promise<void> {
    if (userId === adminId) throw new DomainError('FORBIDDEN', messages.kybOwnApplication);
    await this.deps.db.transaction(async (tx) => {
      const row = await this.deps.repo.with(tx).lock(userId);
      const [facts] = await this.deps.repo.with(tx).facts(1, userId);
      if (!row || !facts || facts.role !== 'issuer') {
        throw new DomainError('NOT_FOUND', messages.issuerApplicationNotFound);
      }
      if (row.status !== 'pending') throw new DomainError('CONFLICT', messages.kybNotAwaitingReview);
      await apply(tx, facts);
    });
  }
}
