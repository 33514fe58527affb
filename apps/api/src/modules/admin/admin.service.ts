import type {
  AdminAuditEntry,
  AdminChainResponse,
  AdminJob,
  AdminListing,
  AdminUser,
  JobStatus,
} from '@portal/shared/admin';
import { OUTSIDE_TEXT_MAX } from '@portal/shared/bounds';
import { messages } from '@portal/shared/messages';
import { formatUnits } from '@portal/shared/money';
import { displayRole } from '@portal/shared/roles';
import type { EventBus } from '../../events.js';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { DomainError } from '../../errors.js';
import type { JobQueue } from '../../jobs/queue.js';
import { logContext } from '../../logger.js';
import type { ChainPort } from '../../providers/chain/chain.js';
import type { SolanaPort } from '../../providers/solana/solana.js';
import type { AdminRepo, NewAudit } from './admin.repo.js';

type Row<K extends keyof AdminRepo> = AdminRepo[K] extends (...args: never[]) => Promise<infer R>
  ? R extends Array<infer E>
    ? E
    : NonNullable<R>
  : never;

export interface AdminDeps {
  db: Db;
  repo: AdminRepo;
  jobs: JobQueue;
  chain: ChainPort;
  solana: SolanaPort;
  clock: Clock;
  /** `listings.changed`: the marketplace forgets its cached pages (a suspended listing disappears at once). */
  events: Pick<EventBus, 'publish'>;
}

/** What an administrator reads and does in the console; every action is audited in its transaction. */
export class AdminService {
  constructor(private readonly deps: AdminDeps) {}

  /** Users newest first, or the one user named. */
  async users(search: string | undefined, limit: number, userId?: string): Promise<AdminUser[]> {
    const rows = await this.deps.repo.users(limit, search, userId);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      role: displayRole(row.role),
      kycStatus: row.kycStatus ?? 'not_started',
      vaultStatus: row.vaultStatus ?? 'none',
      walletCount: row.vaultStatus === 'active' ? Number(row.walletCount) : 0,
      deactivated: row.deactivatedAt !== null,
      accredited: row.accredited ?? false,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  async jobs(status: JobStatus, limit: number) {
    const [counts, rows] = await Promise.all([
      this.deps.repo.jobCounts(),
      this.deps.repo.jobs(status, limit),
    ]);
    return {
      counts: { queued: 0, running: 0, done: 0, failed: 0, ...counts },
      jobs: rows.map(jobView),
    };
  }

  /** A failed job runs again from its first attempt (its work is idempotent: jobs are crash-safe). */
  async retryJob(adminId: string, jobId: string): Promise<AdminJob> {
    const job = await this.deps.db.transaction(async (tx) => {
      const repo = this.deps.repo.with(tx);
      const current = await repo.findJob(jobId);
      if (!current) throw new DomainError('NOT_FOUND', messages.adminJobNotFound);
      const requeued = await repo.requeue(jobId, this.deps.clock.now());
      if (!requeued) throw new DomainError('CONFLICT', messages.adminJobNotFailed);
      await repo.audit(
        this.entry(adminId, 'job.retry', 'job', jobId, {
          queue: current.queue,
          lastError: current.lastError,
        }),
      );
      return requeued;
    });
    this.deps.jobs.notify();
    return jobView(job);
  }

  async listings(limit: number): Promise<AdminListing[]> {
    return (await this.deps.repo.listings(limit)).map(listingView);
  }

  async suspendListing(
    adminId: string,
    listingId: string,
    suspended: boolean,
    reason: string | undefined,
  ): Promise<AdminListing> {
    const listing = await this.deps.db.transaction(async (tx) => {
      const repo = this.deps.repo.with(tx);
      const found = await repo.setSuspended(
        listingId,
        suspended ? this.deps.clock.now() : null,
        reason || null,
      );
      if (!found) throw new DomainError('NOT_FOUND', messages.purchaseListingNotFound);
      await repo.audit(
        this.entry(adminId, suspended ? 'listing.suspend' : 'listing.resume', 'listing', listingId, {
          ...(reason ? { reason } : {}),
        }),
      );
      return (await repo.findListing(listingId))!;
    });
    void this.deps.events.publish('listings.changed', {});
    return listingView(listing);
  }

  /**
   * Records an action taken by another module (a KYC or KYB decision, an identity revocation);
   * given the module's transaction, the row is written in it, with the action or not at all.
   */
  async record(
    adminId: string,
    action: string,
    target: { type: string; id: string },
    detail: Record<string, unknown> = {},
    tx?: DbOrTx,
  ): Promise<void> {
    const repo = tx ? this.deps.repo.with(tx) : this.deps.repo;
    await repo.audit(this.entry(adminId, action, target.type, target.id, detail));
  }

  async auditLog(limit: number): Promise<AdminAuditEntry[]> {
    return (await this.deps.repo.auditLog(limit)).map((row) => ({
      id: row.id,
      adminEmail: row.adminEmail,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      detail: row.detail,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  async chainStatus(): Promise<Omit<AdminChainResponse, 'success'>> {
    const { chain, solana, repo } = this.deps;
    const chainId = chain.chain.id;
    const [height, balance, journalEntries, unsentTransactions, lamports] = await Promise.all([
      chain.publicClient.getBlockNumber({ cacheTime: 0 }),
      chain.publicClient.getBalance({ address: chain.platformAddress }),
      chain.kind === 'embedded' ? repo.journalEntries(chainId) : Promise.resolve(null),
      repo.unsentTransactions(chainId),
      solana.lamports(solana.feePayer),
    ]);
    return {
      evm: {
        kind: chain.kind,
        chainId,
        height: height.toString(),
        platformAddress: chain.platformAddress,
        platformBalanceWei: balance.toString(),
        journalEntries,
        unsentTransactions,
      },
      solana: { kind: solana.kind, feePayer: solana.feePayer, feePayerLamports: lamports.toString() },
    };
  }

  private entry(
    adminId: string,
    action: string,
    targetType: string,
    targetId: string,
    detail: Record<string, unknown>,
  ): NewAudit {
    return { adminId, action, targetType, targetId, detail, requestId: logContext.getStore()?.reqId };
  }
}

function jobView(row: Row<'findJob'>): AdminJob {
  return {
    id: row.id,
    queue: row.queue,
    status: row.status,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    // A node's error can quote a whole transaction; the console shows its head, the log all of it.
    lastError: row.lastError?.slice(0, OUTSIDE_TEXT_MAX) ?? null,
    requestId: row.requestId,
    runAt: row.runAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function listingView(row: Row<'findListing'>): AdminListing {
  return {
    id: row.id,
    tokenName: row.tokenName,
    tokenSymbol: row.tokenSymbol,
    blockchain: row.blockchain,
    issuerEmail: row.issuerEmail,
    kind: row.kind,
    status: row.status,
    tokenAmount: formatUnits(BigInt(row.tokenAmount), row.decimals),
    reserved: formatUnits(BigInt(row.reserved), row.decimals),
    sold: formatUnits(BigInt(row.sold), row.decimals),
    suspended: row.suspendedAt !== null,
    suspensionReason: row.suspensionReason,
    createdAt: row.createdAt.toISOString(),
  };
}
