import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MyRedemptionsResponseSchema,
  RedemptionRequestResponseSchema,
  RedemptionWindowResponseSchema,
  RedemptionWindowsResponseSchema,
  type MyRedemptionsResponse,
  type OpenRedemptionWindowRequest,
  type RedemptionRequest,
  type RedemptionWindow,
} from '@portal/shared/redemptions';
import { api } from '../../../lib/api-client';
import { assetsQueryKey } from '../../../lib/query-keys';

/** Under the assets key: a request or a settlement changes the holdings too. */
export const myRedemptionsKey = [...assetsQueryKey, 'redemptions'] as const;
const windowsKey = (tokenId: string) => ['issuer', 'redemption-windows', tokenId] as const;

const parsed = <T>(result: { success: true; data: T } | { success: false }): T => {
  if (!result.success) throw new Error('Unexpected answer from the server');
  return result.data;
};

/** GET /api/redemptions: windows open on what I hold, and my requests (ADR 72). */
export async function fetchMyRedemptions(): Promise<MyRedemptionsResponse> {
  return parsed(MyRedemptionsResponseSchema.safeParse(await api.get('/redemptions')));
}

export function useMyRedemptions() {
  return useQuery({ queryKey: myRedemptionsKey, queryFn: fetchMyRedemptions });
}

/** POST a request with the dialog's Idempotency-Key: a retried click locks once. */
export async function requestRedemption(input: {
  windowId: string;
  amount: string;
  idempotencyKey: string;
}): Promise<RedemptionRequest> {
  const answer = await api.post(
    `/redemptions/windows/${input.windowId}/requests`,
    { amount: input.amount },
    { headers: { 'Idempotency-Key': input.idempotencyKey } },
  );
  return parsed(RedemptionRequestResponseSchema.safeParse(answer)).request;
}

export async function cancelRedemption(input: { requestId: string; idempotencyKey: string }) {
  const answer = await api.post(`/redemptions/requests/${input.requestId}/cancel`, undefined, {
    headers: { 'Idempotency-Key': input.idempotencyKey },
  });
  return parsed(RedemptionRequestResponseSchema.safeParse(answer)).request;
}

function useAssetsMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: assetsQueryKey }),
  });
}

export const useRequestRedemption = () => useAssetsMutation(requestRedemption);
export const useCancelRedemption = () => useAssetsMutation(cancelRedemption);

/** GET the issuer's windows on one token. */
export async function fetchWindows(tokenId: string): Promise<RedemptionWindow[]> {
  const answer = await api.get(`/issuer/tokens/${tokenId}/redemption-windows`);
  return parsed(RedemptionWindowsResponseSchema.safeParse(answer)).windows;
}

export function useWindows(tokenId: string) {
  return useQuery({ queryKey: windowsKey(tokenId), queryFn: () => fetchWindows(tokenId) });
}

export async function openWindow(input: {
  tokenId: string;
  body: OpenRedemptionWindowRequest;
  idempotencyKey: string;
}): Promise<RedemptionWindow> {
  const answer = await api.post(`/issuer/tokens/${input.tokenId}/redemption-windows`, input.body, {
    headers: { 'Idempotency-Key': input.idempotencyKey },
  });
  return parsed(RedemptionWindowResponseSchema.safeParse(answer)).window;
}

export function useOpenWindow(tokenId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openWindow,
    onSettled: () => queryClient.invalidateQueries({ queryKey: windowsKey(tokenId) }),
  });
}
