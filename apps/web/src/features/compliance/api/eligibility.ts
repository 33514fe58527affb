import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  ELIGIBILITY_REASONS,
  TokenEligibilityResponseSchema,
  type Eligibility,
  type TokenEligibilityResponse,
} from '@portal/shared/compliance';
import { ApiError, api } from '../../../lib/api-client';

export type TokenEligibility = TokenEligibilityResponse['data'];

/** GET /api/tokens/:tokenId/eligibility: may the signed-in investor buy `amount` whole tokens (any, when left out). */
export async function fetchEligibility(tokenId: string, amount?: string): Promise<TokenEligibility> {
  const query = amount ? `?${new URLSearchParams({ amount })}` : '';
  return TokenEligibilityResponseSchema.parse(await api.get(`/tokens/${tokenId}/eligibility${query}`)).data;
}

/** How long typing pauses before the amount is checked. */
export const ELIGIBILITY_DEBOUNCE_MS = 400;

/**
 * The answer for an amount being typed, asked once typing pauses. The last answer
 * stays on screen while the next one is asked, so the reason does not flicker away.
 */
export function useEligibility(tokenId: string, amount: string | undefined, enabled: boolean) {
  const [settled, setSettled] = useState(amount);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(amount), ELIGIBILITY_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [amount]);
  return useQuery({
    queryKey: ['eligibility', tokenId, settled ?? ''],
    queryFn: () => fetchEligibility(tokenId, settled),
    enabled,
    placeholderData: keepPreviousData,
    // A refusal is an answer, not a failure; a failed call is not retried in a loop while typing.
    retry: 1,
  });
}

/** A purchase the server refused with 403 NOT_ELIGIBLE, as the same answer the check gives. */
export function refusalOf(error: unknown): Eligibility | undefined {
  if (!(error instanceof ApiError) || error.status !== 403) return undefined;
  const body = error.body as { code?: unknown; reason?: unknown; params?: unknown } | undefined;
  if (body?.code !== 'NOT_ELIGIBLE') return undefined;
  const reason = ELIGIBILITY_REASONS.find((known) => known === body.reason) ?? null;
  const params =
    typeof body.params === 'object' && body.params !== null ? (body.params as Record<string, string>) : {};
  return { eligible: false, reason, message: error.message, params };
}
