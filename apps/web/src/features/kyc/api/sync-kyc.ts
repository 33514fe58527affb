import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KycSyncResponse } from '@portal/shared/kyc';
import { api } from '../../../lib/api-client';
import { profileQueryKey } from '../../auth';

/** POST /kyc/enhanced-storage (no body): stores the verified data of the caller's applicant. */
export function enhancedStorage(): Promise<KycSyncResponse> {
  return api.post<KycSyncResponse>('/kyc/enhanced-storage');
}

/** POST /kyc/store-data: the basic storage call, for a known applicant id. */
export function storeKycData(applicantId: string): Promise<KycSyncResponse> {
  return api.post<KycSyncResponse>('/kyc/store-data', { applicantId });
}

/** docs/product.md §4.6: the enhanced storage call; if it fails and the applicant is known, basic storage. */
export async function syncKycData(applicantId?: string): Promise<KycSyncResponse> {
  try {
    return await enhancedStorage();
  } catch (error) {
    if (!applicantId) throw error;
    return storeKycData(applicantId);
  }
}

/** A sync that refreshes the profile afterwards: the menu and overview read the KYC status there. */
export function useSyncKycData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (applicantId?: string) => syncKycData(applicantId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}
