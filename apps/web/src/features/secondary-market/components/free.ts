import type { Holding } from '@portal/shared/holdings';

/**
 * Whole tokens a holder may put up for sale, as the books know them: held, less what is frozen,
 * cut to whole tokens (orders sell whole tokens, ADR 75). The server also refuses a lock-up and
 * what is already for sale.
 */
export function freeWholeTokens(
  holding: Pick<Holding, 'booked' | 'frozen'> & { token: { decimals: number } },
) {
  const free = BigInt(holding.booked) - BigInt(holding.frozen);
  return free > 0n ? free / 10n ** BigInt(holding.token.decimals) : 0n;
}
