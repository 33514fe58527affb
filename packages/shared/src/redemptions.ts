import { z } from 'zod';
import { addressAnswer, LABEL_MAX, linkAnswer, textAnswer, timestampAnswer, txHashAnswer } from './bounds.js';
import { unitsAnswer } from './holdings.js';
import { messages } from './messages.js';
import { parseUnits } from './money.js';

/**
 * Redemption windows (ADR 72): an issuer buys its token back at a price per whole token, up to a
 * cap, from holders who ask while the window is open; one settlement at the close cuts requests
 * back pro rata when they exceed the cap. Amounts asked and accepted are whole tokens; prices and
 * payments are the currency's base units (wei, micro-tUSD).
 */
export const REDEMPTION_CURRENCIES = ['ETH', 'tUSD'] as const;
export type RedemptionCurrency = (typeof REDEMPTION_CURRENCIES)[number];
export const CURRENCY_DECIMALS: Record<RedemptionCurrency, number> = { ETH: 18, tUSD: 6 };

/** The highest price per token and cap a window takes (bounded like listings' prices). */
const PRICE_MAX = 10n ** 30n;
const CAP_MAX = 10n ** 30n;

export const WINDOW_STATUSES = ['SCHEDULED', 'OPEN', 'CLOSED', 'SETTLING', 'SETTLED'] as const;
export type WindowStatus = (typeof WINDOW_STATUSES)[number];
export const REQUEST_STATUSES = [
  'LOCKING',
  'LOCKED',
  'CANCELLING',
  'CANCELLED',
  'SETTLING',
  'SETTLED',
  'FAILED',
] as const;
export type RedemptionRequestStatus = (typeof REQUEST_STATUSES)[number];

/**
 * The pro-rata cut-back (ADR 72): when the requests exceed `cap`, each gets
 * floor(requested × cap / total); the units left over go one each to the largest fractional parts
 * (the largest-remainder rule), ties to the earlier request (lower index). Every share stays at
 * most what was asked, the shares add up to exactly min(cap, total), and each is within one unit
 * of its exact pro-rata share.
 */
export function allocateRedemptions(requested: readonly bigint[], cap: bigint): bigint[] {
  if (cap < 0n) throw new RangeError('cap must not be negative');
  if (requested.some((amount) => amount < 0n)) throw new RangeError('requests must not be negative');
  const total = requested.reduce((sum, amount) => sum + amount, 0n);
  if (total <= cap) return [...requested];
  const shares = requested.map((amount) => (amount * cap) / total);
  const fractions = requested.map((amount) => (amount * cap) % total);
  let left = cap - shares.reduce((sum, share) => sum + share, 0n);
  const order = requested
    .map((_, index) => index)
    .sort((a, b) => (fractions[b]! > fractions[a]! ? 1 : fractions[b]! < fractions[a]! ? -1 : a - b));
  for (const index of order) {
    if (left === 0n) break;
    if (fractions[index]! === 0n) continue;
    shares[index]! += 1n;
    left -= 1n;
  }
  return shares;
}

/** A price in the currency's decimal notation ("0.01" ETH) → base units, or undefined. */
export function redemptionPriceUnits(price: string, currency: RedemptionCurrency): bigint | undefined {
  const units = parseUnits(price, CURRENCY_DECIMALS[currency]);
  return units !== undefined && units > 0n && units <= PRICE_MAX ? units : undefined;
}

const wholeTokens = (message: string) =>
  z
    .union([z.string().max(40), z.number()], { error: message })
    .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
    .refine((value) => /^\d{1,31}$/.test(value) && BigInt(value) > 0n && BigInt(value) <= CAP_MAX, message);

const dateField = z.iso
  .datetime({ offset: true, error: messages.redemptionDateInvalid })
  .max(40, messages.redemptionDateInvalid);

export const OpenRedemptionWindowRequestSchema = z
  .strictObject({
    currency: z.enum(REDEMPTION_CURRENCIES, { error: messages.redemptionCurrencyInvalid }),
    /** Per whole token, in the currency's decimal notation. */
    price: z
      .string({ error: messages.redemptionPriceInvalid })
      .trim()
      .max(60, messages.redemptionPriceInvalid),
    /** The most whole tokens the window redeems. */
    cap: wholeTokens(messages.redemptionCapInvalid),
    opensAt: dateField,
    closesAt: dateField,
  })
  .superRefine((value, context) => {
    if (redemptionPriceUnits(value.price, value.currency) === undefined)
      context.addIssue({ code: 'custom', path: ['price'], message: messages.redemptionPriceInvalid });
    if (Date.parse(value.closesAt) <= Date.parse(value.opensAt))
      context.addIssue({ code: 'custom', path: ['closesAt'], message: messages.redemptionCloseBeforeOpen });
  })
  .meta({ id: 'OpenRedemptionWindowRequest' });
export type OpenRedemptionWindowRequest = z.input<typeof OpenRedemptionWindowRequestSchema>;

export const RedemptionRequestBodySchema = z
  .strictObject({ amount: wholeTokens(messages.redemptionAmountInvalid) })
  .meta({ id: 'RedemptionRequestBody' });
export type RedemptionRequestBody = z.input<typeof RedemptionRequestBodySchema>;

export const RedemptionWindowParamsSchema = z.object({
  windowId: z.uuid({ error: messages.redemptionWindowNotFound }),
});
export const RedemptionRequestParamsSchema = z.object({
  requestId: z.uuid({ error: messages.redemptionRequestNotFound }),
});

export const RedemptionWindowSchema = z
  .object({
    id: z.uuid(),
    tokenId: z.uuid(),
    tokenName: textAnswer(LABEL_MAX),
    symbol: textAnswer(LABEL_MAX),
    currency: z.enum(REDEMPTION_CURRENCIES),
    /** Currency base units per whole token. */
    price: unitsAnswer(),
    currencyDecimals: z.number().int().min(0).max(18),
    /** Whole tokens. */
    cap: unitsAnswer(),
    opensAt: timestampAnswer,
    closesAt: timestampAnswer,
    status: z.enum(WINDOW_STATUSES),
    /** Whole tokens locked by requests that are not cancelled. */
    requested: unitsAnswer(),
    /** Whole tokens taken at settlement (null before). */
    accepted: unitsAnswer().nullable(),
    createdAt: timestampAnswer,
  })
  .meta({ id: 'RedemptionWindow' });
export type RedemptionWindow = z.infer<typeof RedemptionWindowSchema>;

export const REDEMPTION_TX_KINDS = ['lock', 'return', 'redeem', 'payment'] as const;

export const RedemptionRequestSchema = z
  .object({
    id: z.uuid(),
    windowId: z.uuid(),
    tokenId: z.uuid(),
    symbol: textAnswer(LABEL_MAX),
    address: addressAnswer(),
    currency: z.enum(REDEMPTION_CURRENCIES),
    currencyDecimals: z.number().int().min(0).max(18),
    /** Whole tokens asked for, accepted (after any cut-back) and the payment in currency base units. */
    amount: unitsAnswer(),
    accepted: unitsAnswer().nullable(),
    payment: unitsAnswer().nullable(),
    status: z.enum(REQUEST_STATUSES),
    closesAt: timestampAnswer,
    transactions: z
      .array(
        z.object({
          kind: z.enum(REDEMPTION_TX_KINDS),
          hash: txHashAnswer(),
          explorerUrl: linkAnswer().nullable(),
        }),
      )
      .max(REDEMPTION_TX_KINDS.length),
    createdAt: timestampAnswer,
  })
  .meta({ id: 'RedemptionRequest' });
export type RedemptionRequest = z.infer<typeof RedemptionRequestSchema>;

/** A list of at most this many windows or requests is answered (the newest first). */
export const REDEMPTIONS_LISTED = 200;

export const RedemptionWindowResponseSchema = z
  .object({ success: z.literal(true), window: RedemptionWindowSchema })
  .meta({ id: 'RedemptionWindowResponse' });
export const RedemptionWindowsResponseSchema = z
  .object({ success: z.literal(true), windows: z.array(RedemptionWindowSchema).max(REDEMPTIONS_LISTED) })
  .meta({ id: 'RedemptionWindowsResponse' });
export const RedemptionRequestResponseSchema = z
  .object({ success: z.literal(true), request: RedemptionRequestSchema })
  .meta({ id: 'RedemptionRequestResponse' });
/** The caller's view: windows open now on tokens they hold, and their own requests. */
export const MyRedemptionsResponseSchema = z
  .object({
    success: z.literal(true),
    windows: z.array(RedemptionWindowSchema).max(REDEMPTIONS_LISTED),
    requests: z.array(RedemptionRequestSchema).max(REDEMPTIONS_LISTED),
  })
  .meta({ id: 'MyRedemptionsResponse' });
export type MyRedemptionsResponse = z.infer<typeof MyRedemptionsResponseSchema>;
