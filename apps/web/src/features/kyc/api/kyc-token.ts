import type { KycTokenResponse } from '@portal/shared/kyc';
import { api } from '../../../lib/api-client';

/**
 * POST /kyc/token: an access token for the verification widget, the applicant id, and the
 * widget's base URL (null: this portal serves the embedded sandbox itself).
 */
export function requestKycToken(): Promise<KycTokenResponse> {
  return api.post<KycTokenResponse>('/kyc/token');
}
