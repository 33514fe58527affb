import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { escapeLike } from '../../db/like.js';
import {
  accreditations,
  adminAudit,
  chainJournal,
  chainSends,
  issuerTokens,
  jobs,
  kycApplicants,
  listings,
  users,
  vaults,
  vaultWallets,
} from '../../db/schema/index.js';

export type AuditRow = typeof adminAudit.$inferSelect;
export interface NewAudit {
  adminId: string;
  action: string;
  targetType: string;
  targetId: string;
  detail?: Record<string, unknown>;
  requestId?: string | undefined;
}

/** The admin console's reads across users, and its few writes (each with its audit row). */
export class AdminRepo {
  constructor(private readonly db: DbOrTx) {}

  with(tx: DbOrTx): AdminRepo {
    return new AdminRepo(tx);
  }

  /** Users newest first with their KYC state and vault, in one query. */
  users(limit: number, search: string | undefined, userId?: string) {
    const walletCount = sql<number>`(select count(*)::int from ${vaultWallets}
      where ${vaultWallets.vaultId} = ${vaults.id})`;
    return this.db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        createdAt: users.createdAt,
        deactivatedAt: users.deactivatedAt,
        kycStatus: kycApplicants.status,
        vaultStatus: vaults.status,
        walletCount,
        accredited: accreditations.accredited,
      })
      .from(users)
      .leftJoin(kycApplicants, eq(kycApplicants.userId, users.id))
      .leftJoin(accreditations, eq(accreditations.userId, users.id))
      .leftJoin(vaults, eq(vaults.userId, users.id))
      .where(
        and(
          search ? ilike(users.email, `%${escapeLike(search.toLowerCase())}%`) : undefined,
          userId ? eq(users.id, userId) : undefined,
        ),
      )
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(limit);
  }

  async jobCounts(): Promise<Record<string, number>> {
    const rows = await this.db.select({ status: jobs.status, n: count() }).from(jobs).groupBy(jobs.status);
    return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
  }

  jobs(status: (typeof jobs.$inferSelect)['status'], limit: number) {
    return this.db
      .select()
      .from(jobs)
      .where(eq(jobs.status, status))
      .orderBy(desc(jobs.updatedAt), desc(jobs.id))
      .limit(limit);
  }

  async findJob(id: string) {
    const [row] = await this.db.select().from(jobs).where(eq(jobs.id, id));
    return row;
  }

  /** A failed job runs again from its first attempt; undefined unless it was failed. */
  async requeue(id: string, now: Date) {
    const [row] = await this.db
      .update(jobs)
      .set({ status: 'queued', attempts: 0, runAt: now, lockedUntil: null, updatedAt: now })
      .where(and(eq(jobs.id, id), eq(jobs.status, 'failed')))
      .returning();
    return row;
  }

  private listingQuery() {
    return this.db
      .select({
        id: listings.id,
        tokenName: issuerTokens.name,
        tokenSymbol: issuerTokens.symbol,
        decimals: issuerTokens.decimals,
        blockchain: issuerTokens.blockchain,
        issuerEmail: users.email,
        kind: listings.kind,
        status: listings.status,
        tokenAmount: listings.tokenAmount,
        reserved: listings.reserved,
        sold: listings.sold,
        suspendedAt: listings.suspendedAt,
        suspensionReason: listings.suspensionReason,
        createdAt: listings.createdAt,
      })
      .from(listings)
      .innerJoin(issuerTokens, eq(issuerTokens.id, listings.tokenId))
      .innerJoin(users, eq(users.id, listings.issuerId));
  }

  listings(limit: number) {
    return this.listingQuery().orderBy(desc(listings.createdAt), desc(listings.id)).limit(limit);
  }

  async findListing(id: string) {
    const [row] = await this.listingQuery().where(eq(listings.id, id));
    return row;
  }

  /** Suspends (a time, and the reason the issuer is shown) or lifts (null) a listing's suspension. */
  async setSuspended(id: string, suspendedAt: Date | null, reason: string | null): Promise<boolean> {
    const rows = await this.db
      .update(listings)
      .set({ suspendedAt, suspensionReason: suspendedAt ? reason : null })
      .where(eq(listings.id, id))
      .returning({ id: listings.id });
    return rows.length === 1;
  }

  async journalEntries(chainId: number): Promise<number> {
    return this.db.$count(chainJournal, eq(chainJournal.chainId, chainId));
  }

  async unsentTransactions(chainId: number): Promise<number> {
    return this.db.$count(chainSends, and(eq(chainSends.chainId, chainId), eq(chainSends.status, 'signed')));
  }

  /** Appends to the audit log; the admin's email is copied so the entry outlives the account. */
  async audit(entry: NewAudit): Promise<void> {
    await this.db.insert(adminAudit).values({
      ...entry,
      adminEmail: sql`(select ${users.email} from ${users} where ${users.id} = ${entry.adminId})`,
    });
  }

  auditLog(limit: number) {
    return this.db
      .select()
      .from(adminAudit)
      .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
      .limit(limit);
  }
}
