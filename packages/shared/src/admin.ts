import { z } from 'zod';
import { roleField } from './fields.js';
import { messages } from './messages.js';

/** The admin console's reads and actions (docs/product.md §2.16). Every action is written to the audit log. */

const limit = (fallback: number) => z.coerce.number().int().min(1).max(200).default(fallback);

export const AdminUsersQuerySchema = z.strictObject({
  q: z.string().trim().max(200).optional(),
  limit: limit(50),
});

export const AdminUserSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(['ADMIN', 'ISSUER', 'INVESTOR']),
    kycStatus: z.enum(['not_started', 'pending', 'verified', 'rejected', 'rejected_final']),
    vaultStatus: z.enum(['active', 'creating', 'none']),
    walletCount: z.number().int().nonnegative(),
    deactivated: z.boolean(),
    /** Marked accredited by an administrator (a rule tokens may require). */
    accredited: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUsersResponseSchema = z
  .object({ success: z.literal(true), users: z.array(AdminUserSchema) })
  .meta({ id: 'AdminUsersResponse' });

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const AdminJobsQuerySchema = z.strictObject({
  status: z.enum(JOB_STATUSES).default('failed'),
  limit: limit(50),
});

export const AdminJobSchema = z
  .object({
    id: z.string(),
    queue: z.string(),
    status: z.enum(JOB_STATUSES),
    attempts: z.number().int(),
    maxAttempts: z.number().int(),
    lastError: z.string().nullable(),
    requestId: z.string().nullable(),
    runAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminJob' });
export type AdminJob = z.infer<typeof AdminJobSchema>;

export const AdminJobsResponseSchema = z
  .object({
    success: z.literal(true),
    counts: z.object({ queued: z.number(), running: z.number(), done: z.number(), failed: z.number() }),
    jobs: z.array(AdminJobSchema),
  })
  .meta({ id: 'AdminJobsResponse' });

export const AdminJobResponseSchema = z
  .object({ success: z.literal(true), job: AdminJobSchema })
  .meta({ id: 'AdminJobResponse' });

export const AdminJobParamsSchema = z.object({ jobId: z.uuid(messages.adminJobNotFound) });

export const AdminChainResponseSchema = z
  .object({
    success: z.literal(true),
    evm: z.object({
      kind: z.enum(['embedded', 'rpc']),
      chainId: z.number().int(),
      height: z.string(),
      platformAddress: z.string(),
      platformBalanceWei: z.string(),
      /** Transactions the embedded chain replays at boot; null on a remote node. */
      journalEntries: z.number().int().nullable(),
      /** Signed transactions not yet accepted by the node. */
      unsentTransactions: z.number().int(),
    }),
    solana: z.object({
      kind: z.enum(['embedded', 'rpc']),
      feePayer: z.string(),
      feePayerLamports: z.string(),
    }),
  })
  .meta({ id: 'AdminChainResponse' });
export type AdminChainResponse = z.infer<typeof AdminChainResponseSchema>;

export const AdminListingSchema = z
  .object({
    id: z.string(),
    tokenName: z.string(),
    tokenSymbol: z.string(),
    blockchain: z.string(),
    issuerEmail: z.string(),
    kind: z.enum(['escrow', 'direct']),
    status: z.enum(['PENDING', 'DEPLOYING', 'DEPLOYED', 'FAILED', 'CLOSED']),
    /** Whole tokens (decimal strings in the token's own units), never base units. */
    tokenAmount: z.string(),
    reserved: z.string(),
    sold: z.string(),
    suspended: z.boolean(),
    suspensionReason: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminListing' });
export type AdminListing = z.infer<typeof AdminListingSchema>;

export const AdminListingsResponseSchema = z
  .object({ success: z.literal(true), listings: z.array(AdminListingSchema) })
  .meta({ id: 'AdminListingsResponse' });

export const AdminListingParamsSchema = z.object({ listingId: z.uuid(messages.purchaseListingNotFound) });

export const AdminSuspendRequestSchema = z
  .strictObject({
    suspended: z.boolean({ error: messages.adminSuspendedRequired }),
    reason: z.string().trim().max(500, messages.kycReasonTooLong).optional(),
  })
  .meta({ id: 'AdminSuspendRequest' });

export const AdminListingResponseSchema = z
  .object({ success: z.literal(true), listing: AdminListingSchema })
  .meta({ id: 'AdminListingResponse' });

export const AdminAuditEntrySchema = z
  .object({
    id: z.string(),
    adminEmail: z.string(),
    action: z.string(),
    targetType: z.string(),
    targetId: z.string(),
    detail: z.record(z.string(), z.unknown()),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminAuditEntry' });
export type AdminAuditEntry = z.infer<typeof AdminAuditEntrySchema>;

export const AdminAuditResponseSchema = z
  .object({ success: z.literal(true), entries: z.array(AdminAuditEntrySchema) })
  .meta({ id: 'AdminAuditResponse' });

export const AdminLimitQuerySchema = z.strictObject({ limit: limit(50) });

export const OutboxMessageSchema = z
  .object({
    id: z.string(),
    to: z.string(),
    subject: z.string(),
    transport: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'OutboxMessage' });
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

/** What the portal mailed, as metadata: never a message's body. */
export const OutboxResponseSchema = z
  .object({ success: z.literal(true), messages: z.array(OutboxMessageSchema) })
  .meta({ id: 'OutboxResponse' });

export const AdminUserParamsSchema = z.strictObject({ userId: z.uuid(messages.notFound) });

/** Grants a role (issuer: approved at once) or takes it back (investor); audited. */
export const AdminRoleRequestSchema = z.strictObject({ role: roleField }).meta({ id: 'AdminRoleRequest' });

export const AdminUserResponseSchema = z
  .object({ success: z.literal(true), user: AdminUserSchema })
  .meta({ id: 'AdminUserResponse' });
