import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  TransferCheckResponseSchema,
  TransferHandleResponseSchema,
  TransferResponseSchema,
  TransfersResponseSchema,
  type Transfer,
  type TransferCheckResponse,
  type TransferRequest,
} from '@portal/shared/transfers';
import { api } from '../../../lib/api-client';
import { assetsQueryKey } from '../../../lib/query-keys';

/** Under the assets key: a transfer changes the holdings too. */
export const transfersKey = [...assetsQueryKey, 'transfers'] as const;
const handleKey = ['transfer-handle'] as const;

const parsed = <T>(result: { success: true; data: T } | { success: false }): T => {
  if (!result.success) throw new Error('Unexpected answer from the server');
  return result.data;
};

/** GET /api/transfers: my transfers out and in (ADR 76). */
export async function fetchTransfers(): Promise<Transfer[]> {
  return parsed(TransfersResponseSchema.safeParse(await api.get('/transfers'))).transfers;
}

export function useTransfers() {
  return useQuery({ queryKey: transfersKey, queryFn: fetchTransfers });
}

/** GET /api/transfers/handle: the handle I give to whoever sends me tokens. */
export async function fetchHandle(): Promise<string> {
  return parsed(TransferHandleResponseSchema.safeParse(await api.get('/transfers/handle'))).handle;
}

export function useTransferHandle() {
  return useQuery({ queryKey: handleKey, queryFn: fetchHandle });
}

/** POST /api/transfers/handle: a new handle; the old one stops working. */
export async function regenerateHandle(): Promise<string> {
  return parsed(TransferHandleResponseSchema.safeParse(await api.post('/transfers/handle'))).handle;
}

export function useRegenerateHandle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateHandle,
    onSuccess: (handle) => queryClient.setQueryData(handleKey, handle),
  });
}

/** POST /api/transfers/check: the token's answer for this amount and receiver, before sending. */
export async function checkTransfer(body: TransferRequest): Promise<TransferCheckResponse> {
  return parsed(TransferCheckResponseSchema.safeParse(await api.post('/transfers/check', body)));
}

/** POST /api/transfers with the dialog's Idempotency-Key: a retried click sends once. */
export async function sendTransfer(input: {
  body: TransferRequest;
  idempotencyKey: string;
}): Promise<Transfer> {
  const answer = await api.post('/transfers', input.body, {
    headers: { 'Idempotency-Key': input.idempotencyKey },
  });
  return parsed(TransferResponseSchema.safeParse(answer)).transfer;
}

export function useSendTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTransfer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: assetsQueryKey }),
  });
}
