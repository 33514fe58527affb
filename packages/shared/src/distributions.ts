import { z } from 'zod';
import {
  linkAnswer,
  timestampAnswer,
  txHashAnswer,
  textAnswer,
  LABEL_MAX,
  MESSAGE_MAX,
  TIMESTAMP_MAX,
} from './bounds.js';
import { unitsAnswer } from './holdings.js';
import { messages } from './messages.js';
import { DECIMAL, parseUnits } from './money.js';
import { WITHOUT_CONTROL_CHARACTERS } from './text.js';

/**
 * Distributions: dividends, coupons and yield an issuer pays to a token's holders (ADR 71). The
 * currency is ETH or the test stablecoin on Ethereum; the amount is a total shared pro rata or a
 * rate per whole token held.
 */
export const DISTRIBUTION_CURRENCIES = ['ETH', 'tUSD'] as const;
export type DistributionCurrency = (typeof DISTRIBUTION_CURRENCIES)[number];
export const CURRENCY_DECIMALS: Record<DistributionCurrency, number> = { ETH: 18, tUSD: 6 };
export const DISTRIBUTION_BASES = ['total', 'rate'] as const;
export type DistributionBasis = (typeof DISTRIBUTION_BASES)[number];
export const DISTRIBUTION_STATUSES = [
  'declared',
  'snapshot',
  'paying',
  'paid',
  'failed',
  'cancelled',
] as const;
export type DistributionStatus = (typeof DISTRIBUTION_STATUSES)[number];
/** Holders one payment transaction pays (ADR 71: gas per transaction stays far below the cap). */
export const DISTRIBUTION_BATCH_SIZE = 200;
export const DISTRIBUTION_MEMO_MAX = 200;
/** The distributions a token's list answers, newest first. */
export const DISTRIBUTIONS_LISTED = 100;
/** The income rows an answer holds, newest first. */
export const INCOME_LISTED = 500;

/**
 * What each holder is owed (ADR 71), in currency base units, with exact integer arithmetic:
 * 'total' shares `amount` pro rata to the balances, 'rate' pays `amount` per whole token
 * (10^decimals base units of the asset). Each share is rounded down; what the floors leave
 * (the remainder) stays with the issuer. A zero balance is owed nothing.
 */
export function allocate(
  balances: readonly bigint[],
  basis: DistributionBasis,
  amount: bigint,
  tokenDecimals: number,
): { shares: bigint[]; total: bigint; paid: bigint; remainder: bigint } {
  const held = balances.reduce((sum, balance) => sum + (balance > 0n ? balance : 0n), 0n);
  const unit = 10n ** BigInt(tokenDecimals);
  const total = basis === 'total' ? amount : (held * amount) / unit;
  const shares = balances.map((balance) => {
    if (balance <= 0n || held === 0n) return 0n;
    return basis === 'total' ? (amount * balance) / held : (balance * amount) / unit;
  });
  const paid = shares.reduce((sum, share) => sum + share, 0n);
  return { shares, total, paid, remainder: total - paid };
}

const isoDate = (message: string) =>
  z.iso.datetime({ offset: true, error: message }).max(TIMESTAMP_MAX, message);

export const DistributionParamsSchema = z.object({ id: z.uuid(messages.issuerTokenNotFound) });
export const DistributionIdParamsSchema = z.object({ id: z.uuid(messages.distributionNotFound) });

export const DeclareDistributionSchema = z
  .strictObject({
    basis: z.enum(DISTRIBUTION_BASES, { error: messages.distributionBasisInvalid }),
    /** In whole currency units ("12.5" ETH); per whole token for a rate. */
    amount: z
      .string({ error: messages.distributionAmountInvalid })
      .max(100, messages.distributionAmountInvalid)
      .regex(DECIMAL, messages.distributionAmountInvalid),
    currency: z.enum(DISTRIBUTION_CURRENCIES, { error: messages.distributionCurrencyInvalid }),
    recordDate: isoDate(messages.distributionDateInvalid),
    paymentDate: isoDate(messages.distributionDateInvalid),
    memo: z
      .string()
      .max(DISTRIBUTION_MEMO_MAX, messages.distributionMemoTooLong)
      .regex(WITHOUT_CONTROL_CHARACTERS, messages.distributionMemoTooLong)
      .optional(),
  })
  .superRefine((value, ctx) => {
    const units = parseUnits(value.amount, CURRENCY_DECIMALS[value.currency] ?? 18);
    if (units === undefined || units <= 0n) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: messages.distributionAmountInvalid });
    }
    if (Date.parse(value.paymentDate) < Date.parse(value.recordDate)) {
      ctx.addIssue({
        code: 'custom',
        path: ['paymentDate'],
        message: messages.distributionPaymentBeforeRecord,
      });
    }
  })
  .meta({ id: 'DeclareDistributionRequest' });
export type DeclareDistributionRequest = z.infer<typeof DeclareDistributionSchema>;

export const DistributionSchema = z
  .object({
    id: z.uuid(),
    tokenId: z.uuid(),
    symbol: textAnswer(LABEL_MAX),
    currency: z.enum(DISTRIBUTION_CURRENCIES),
    /** The currency's decimals (18 for ETH, 6 for tUSD). */
    decimals: z.number().int().min(0).max(18),
    basis: z.enum(DISTRIBUTION_BASES),
    /** Base units: the total, or the rate per whole token. */
    amount: unitsAnswer(),
    recordDate: timestampAnswer,
    paymentDate: timestampAnswer,
    memo: textAnswer(DISTRIBUTION_MEMO_MAX),
    status: z.enum(DISTRIBUTION_STATUSES),
    failureReason: textAnswer(MESSAGE_MAX).nullable(),
    /** Fixed by the snapshot (null before it). */
    holderCount: z.number().int().min(0).nullable(),
    total: unitsAnswer().nullable(),
    paid: unitsAnswer(),
    remainder: unitsAnswer().nullable(),
    createdAt: timestampAnswer,
  })
  .meta({ id: 'Distribution' });
export type Distribution = z.infer<typeof DistributionSchema>;

export const DistributionResponseSchema = z
  .object({ success: z.literal(true), distribution: DistributionSchema })
  .meta({ id: 'DistributionResponse' });
export const DistributionsResponseSchema = z
  .object({ success: z.literal(true), distributions: z.array(DistributionSchema).max(DISTRIBUTIONS_LISTED) })
  .meta({ id: 'DistributionsResponse' });

export const IncomeSchema = z
  .object({
    distributionId: z.uuid(),
    tokenId: z.uuid(),
    tokenName: textAnswer(LABEL_MAX),
    symbol: textAnswer(LABEL_MAX),
    currency: z.enum(DISTRIBUTION_CURRENCIES),
    decimals: z.number().int().min(0).max(18),
    /** Base units of the currency received. */
    amount: unitsAnswer(),
    /** Base units of the token held at the record date. */
    balance: unitsAnswer(),
    recordDate: timestampAnswer,
    paidAt: timestampAnswer,
    memo: textAnswer(DISTRIBUTION_MEMO_MAX),
    transactionHash: txHashAnswer().nullable(),
    explorerUrl: linkAnswer().nullable(),
    credentialUrl: linkAnswer().nullable(),
  })
  .meta({ id: 'Income' });
export type Income = z.infer<typeof IncomeSchema>;

export const IncomeResponseSchema = z
  .object({
    success: z.literal(true),
    income: z.array(IncomeSchema).max(INCOME_LISTED),
    /** Everything received, per currency, in base units. */
    totals: z
      .array(
        z.object({
          currency: z.enum(DISTRIBUTION_CURRENCIES),
          decimals: z.number().int(),
          amount: unitsAnswer(),
        }),
      )
      .max(DISTRIBUTION_CURRENCIES.length),
  })
  .meta({ id: 'IncomeResponse' });
export type IncomeResponse = z.infer<typeof IncomeResponseSchema>;
