import { z } from 'zod';
import {
  addressAnswer,
  decimalAnswer,
  emailAnswer,
  LABEL_MAX,
  MESSAGE_MAX,
  outsideTextAnswer,
  PAGE_LIMIT_MAX,
  PERSON_NAME_MAX,
  REASON_MAX,
  requestIdAnswer,
  textAnswer,
  timestampAnswer,
} from './bounds.js';
import { roleField } from './fields.js';
import { TOKEN_NAME_MAX, TOKEN_SYMBOL_MAX } from './issuer.js';
import { messages } from './messages.js';

/** The admin console's reads and actions (docs/product.md §2.16). Every action is written to the audit log. */

const limit = (fallback: number) => z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(fallback);

export const AdminUsersQuerySchema = z.strictObject({
  q: z.string().trim().max(200).optional(),
  limit: limit(50),
});

export const AdminUserSchema = z
  .object({
    id: z.uuid(),
    name: textAnswer(PERSON_NAME_MAX),
    email: emailAnswer(),
    role: z.enum(['ADMIN', 'ISSUER', 'INVESTOR']),
    kycStatus: z.enum(['not_started', 'pending', 'verified', 'rejected', 'rejected_final']),
    vaultStatus: z.enum(['active', 'creating', 'none']),
    walletCount: z.number().int().nonnegative(),
    deactivated: z.boolean(),
    /** Marked accredited by an administrator (a rule tokens may require). */
    accredited: z.boolean(),
    createdAt: timestampAnswer,
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUsersResponseSchema = z
  .object({ success: z.literal(true), users: z.array(AdminUserSchema).max(PAGE_LIMIT_MAX) })
  .meta({ id: 'AdminUsersResponse' });

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const AdminJobsQuerySchema = z.strictObject({
  status: z.enum(JOB_STATUSES).default('failed'),
  limit: limit(50),
});

export const AdminJobSchema = z
  .object({
    id: z.uuid(),
    queue: textAnswer(LABEL_MAX),
    status: z.enum(JOB_STATUSES),
    attempts: z.number().int(),
    maxAttempts: z.number().int(),
    /** A node's or provider's error; the admin service cuts it to this. */
    lastError: outsideTextAnswer().nullable(),
    requestId: requestIdAnswer.nullable(),
    runAt: timestampAnswer,
    updatedAt: timestampAnswer,
  })
  .meta({ id: 'AdminJob' });
export type AdminJob = z.infer<typeof AdminJobSchema>;

export const AdminJobsResponseSchema = z
  .object({
    success: z.literal(true),
    counts: z.object({ queued: z.number(), running: z.number(), done: z.number(), failed: z.number() }),
    jobs: z.array(AdminJobSchema).max(PAGE_LIMIT_MAX),
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
      height: decimalAnswer(),
      platformAddress: addressAnswer(),
      platformBalanceWei: decimalAnswer(),
      /** Transactions the embedded chain replays at boot; null on a remote node. */
      journalEntries: z.number().int().nullable(),
      /** Signed transactions not yet accepted by the node. */
      unsentTransactions: z.number().int(),
    }),
    solana: z.object({
      kind: z.enum(['embedded', 'rpc']),
      feePayer: addressAnswer(),
      feePayerLamports: decimalAnswer(),
    }),
  })
  .meta({ id: 'AdminChainResponse' });
export type AdminChainResponse = z.infer<typeof AdminChainResponseSchema>;

export const AdminListingSchema = z
  .object({
    id: z.uuid(),
    tokenName: textAnswer(TOKEN_NAME_MAX),
    tokenSymbol: textAnswer(TOKEN_SYMBOL_MAX),
    blockchain: textAnswer(LABEL_MAX),
    issuerEmail: emailAnswer(),
    kind: z.enum(['escrow', 'direct']),
    status: z.enum(['PENDING', 'DEPLOYING', 'DEPLOYED', 'FAILED', 'CLOSED']),
    /** Whole tokens (decimal strings in the token's own units), never base units. */
    tokenAmount: decimalAnswer(),
    reserved: decimalAnswer(),
    sold: decimalAnswer(),
    suspended: z.boolean(),
    suspensionReason: textAnswer(REASON_MAX).nullable(),
    createdAt: timestampAnswer,
  })
  .meta({ id: 'AdminListing' });
export type AdminListing = z.infer<typeof AdminListingSchema>;

export const AdminListingsResponseSchema = z
  .object({ success: z.literal(true), listings: z.array(AdminListingSchema).max(PAGE_LIMIT_MAX) })
  .meta({ id: 'AdminListingsResponse' });

export const AdminListingParamsSchema = z.object({ listingId: z.uuid(messages.purchaseListingNotFound) });

export const AdminSuspendRequestSchema = z
  .strictObject({
    suspended: z.boolean({ error: messages.adminSuspendedRequired }),
    reason: z.string().trim().max(REASON_MAX, messages.kycReasonTooLong).optional(),
  })
  .meta({ id: 'AdminSuspendRequest' });

export const AdminListingResponseSchema = z
  .object({ success: z.literal(true), listing: AdminListingSchema })
  .meta({ id: 'AdminListingResponse' });

export const AdminAuditEntrySchema = z
  .object({
    id: z.uuid(),
    /** 'system' for what the portal records itself (a guessing alarm). */
    adminEmail: z.union([emailAnswer(), z.literal('system')]),
    action: textAnswer(LABEL_MAX),
    targetType: textAnswer(LABEL_MAX),
    /** A UUID, or the KYC provider's applicant id. */
    targetId: textAnswer(LABEL_MAX),
    detail: z.record(textAnswer(LABEL_MAX), z.unknown()),
    createdAt: timestampAnswer,
  })
  .meta({ id: 'AdminAuditEntry' });
export type AdminAuditEntry = z.infer<typeof AdminAuditEntrySchema>;

export const AdminAuditResponseSchema = z
  .object({ success: z.literal(true), entries: z.array(AdminAuditEntrySchema).max(PAGE_LIMIT_MAX) })
  .meta({ id: 'AdminAuditResponse' });

export const AdminLimitQuerySchema = z.strictObject({ limit: limit(50) });

export const OutboxMessageSchema = z
  .object({
    id: z.uuid(),
    to: emailAnswer(),
    subject: textAnswer(MESSAGE_MAX),
    transport: textAnswer(LABEL_MAX),
    createdAt: timestampAnswer,
  })
  .meta({ id: 'OutboxMessage' });
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

/** What the portal mailed, as metadata: never a message's body. */
export const OutboxResponseSchema = z
  .object({ success: z.literal(true), messages: z.array(OutboxMessageSchema).max(PAGE_LIMIT_MAX) })
  .meta({ id: 'OutboxResponse' });

export const AdminUserParamsSchema = z.strictObject({ userId: z.uuid(messages.notFound) });

/** Grants a role (issuer: approved at once) or takes it back (investor); audited. */
export const AdminRoleRequestSchema = z.strictObject({ role: roleField }).meta({ id: 'AdminRoleRequest' });

export const AdminUserResponseSchema = z
  .object({ success: z.literal(true), user: AdminUserSchema })
  .meta({ id: 'AdminUserResponse' });
