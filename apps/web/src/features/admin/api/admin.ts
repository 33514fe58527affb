import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminAuditResponseSchema,
  AdminChainResponseSchema,
  AdminJobResponseSchema,
  AdminJobsResponseSchema,
  AdminListingResponseSchema,
  AdminListingsResponseSchema,
  AdminUserResponseSchema,
  AdminUsersResponseSchema,
  OutboxResponseSchema,
  type JobStatus,
} from '@portal/shared/admin';
import { IssuerApplicationsResponseSchema, IssuerDecisionResponseSchema } from '@portal/shared/issuer';
import type { Role } from '@portal/shared/roles';
import { KycDecisionResponseSchema, KycPendingResponseSchema } from '@portal/shared/kyc';
import { api } from '../../../lib/api-client';

/** The admin console's calls (docs/product.md §2.16): each read is one query, each action refreshes what it changed. */
const admin = ['admin'] as const;
const keys = {
  users: (search: string) => [...admin, 'users', search] as const,
  kyc: [...admin, 'kyc'] as const,
  issuers: [...admin, 'issuers'] as const,
  listings: [...admin, 'listings'] as const,
  jobs: (status: JobStatus) => [...admin, 'jobs', status] as const,
  chain: [...admin, 'chain'] as const,
  outbox: [...admin, 'outbox'] as const,
  audit: [...admin, 'audit'] as const,
};

export function useAdminUsers(search: string) {
  return useQuery({
    queryKey: keys.users(search),
    queryFn: async () =>
      AdminUsersResponseSchema.parse(
        await api.get(`/admin/users?limit=200${search ? `&q=${encodeURIComponent(search)}` : ''}`),
      ).users,
    placeholderData: keepPreviousData,
  });
}

/** The embedded KYC service's review queue; with another provider the route does not exist. */
export function useKycQueue() {
  return useQuery({
    queryKey: keys.kyc,
    queryFn: async () =>
      KycPendingResponseSchema.parse(await api.get('/admin/kyc/pending?limit=200')).applicants,
    retry: false,
  });
}

export function fetchKycDocument(applicantId: string): Promise<Blob> {
  return api.file(`/admin/kyc/${applicantId}/document`);
}

/** Every action changes the audit log and perhaps the lists: refresh the whole console. */
function useAdminAction<I, O>(action: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: admin }),
  });
}

export function useKycDecision() {
  return useAdminAction(
    async (
      input: { applicantId: string } & (
        { approve: true } | { approve: false; reason: string; final: boolean }
      ),
    ) =>
      KycDecisionResponseSchema.parse(
        input.approve
          ? await api.post(`/admin/kyc/${input.applicantId}/approve`)
          : await api.post(`/admin/kyc/${input.applicantId}/reject`, {
              reason: input.reason,
              final: input.final,
            }),
      ),
  );
}

export function useAdminListings() {
  return useQuery({
    queryKey: keys.listings,
    queryFn: async () =>
      AdminListingsResponseSchema.parse(await api.get('/admin/listings?limit=200')).listings,
  });
}

export function useSuspendListing() {
  return useAdminAction(
    async (input: { listingId: string; suspended: boolean; reason?: string }) =>
      AdminListingResponseSchema.parse(
        await api.post(`/admin/listings/${input.listingId}/suspension`, {
          suspended: input.suspended,
          ...(input.reason ? { reason: input.reason } : {}),
        }),
      ).listing,
  );
}

export function useAdminJobs(status: JobStatus) {
  return useQuery({
    queryKey: keys.jobs(status),
    queryFn: async () =>
      AdminJobsResponseSchema.parse(await api.get(`/admin/jobs?status=${status}&limit=100`)),
    placeholderData: keepPreviousData,
  });
}

export function useRetryJob() {
  return useAdminAction(
    async (jobId: string) => AdminJobResponseSchema.parse(await api.post(`/admin/jobs/${jobId}/retry`)).job,
  );
}

export function useChainStatus() {
  return useQuery({
    queryKey: keys.chain,
    queryFn: async () => AdminChainResponseSchema.parse(await api.get('/admin/chain')),
  });
}

export function useOutbox() {
  return useQuery({
    queryKey: keys.outbox,
    queryFn: async () => OutboxResponseSchema.parse(await api.get('/admin/outbox?limit=100')).messages,
  });
}

export function useAuditLog() {
  return useQuery({
    queryKey: keys.audit,
    queryFn: async () => AdminAuditResponseSchema.parse(await api.get('/admin/audit?limit=200')).entries,
  });
}

/** Issuer applications, pending first, with what each still needs (ADR 55). */
export function useIssuerApplications() {
  return useQuery({
    queryKey: keys.issuers,
    queryFn: async () =>
      IssuerApplicationsResponseSchema.parse(await api.get('/admin/issuers?limit=200')).applications,
  });
}

export function useIssuerDecision() {
  return useAdminAction(
    async (input: { userId: string } & ({ approve: true } | { approve: false; reason: string })) =>
      IssuerDecisionResponseSchema.parse(
        input.approve
          ? await api.post(`/admin/issuers/${input.userId}/approve`)
          : await api.post(`/admin/issuers/${input.userId}/reject`, { reason: input.reason }),
      ).application,
  );
}

/** Grants a role or takes it back (granting issuer approves the account); audited. */
export function useSetRole() {
  return useAdminAction(
    async (input: { userId: string; role: Role }) =>
      AdminUserResponseSchema.parse(await api.post(`/admin/users/${input.userId}/role`, { role: input.role }))
        .user,
  );
}

/** Marks a verified investor accredited or not (a rule tokens may require); audited with its reason. */
export function useSetAccreditation() {
  return useAdminAction(async (input: { userId: string; accredited: boolean; reason: string }) => {
    await api.post(`/admin/users/${input.userId}/accreditation`, {
      accredited: input.accredited,
      reason: input.reason,
    });
  });
}
