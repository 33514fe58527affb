import { z } from 'zod';
import { LABEL_MAX, linkAnswer, REASON_MAX, textAnswer, timestampAnswer, txHashAnswer } from './bounds.js';
import { unitsAnswer } from './holdings.js';
import { messages } from './messages.js';

/**
 * The secondary market (ADR 75): a holder posts a sell order on a token (whole tokens, a price in
 * wei per whole token, an expiry); the tokens are locked on chain in the secondary market's escrow
 * when it is posted; an eligible investor takes all or part of it, and tokens and ETH swap in one
 * transaction of that escrow (both legs or neither). Sellers are anonymous to other investors: an
 * order says only whether it is the caller's own (`isMine`).
 *
 * Amounts (`amount`, `remaining`, a fill's `amount`) count WHOLE tokens as decimal integer strings
 * (an ERC-1155 token's base unit is a whole token; an ERC-20 order moves amount × 10^decimals base
 * units). Prices and totals are wei, decimal integer strings.
 */

/**
 * PENDING: posted, its tokens being locked on chain; OPEN: locked and takeable; FILLED: nothing
 * remains; CANCELLED: the seller cancelled, unsold tokens returned; EXPIRED: the expiry passed,
 * unsold tokens returned; FAILED: the chain refused the lock (nothing was locked).
 */
export const SECONDARY_ORDER_STATUSES = [
  'PENDING',
  'OPEN',
  'FILLED',
  'CANCELLED',
  'EXPIRED',
  'FAILED',
] as const;
export type SecondaryOrderStatus = (typeof SECONDARY_ORDER_STATUSES)[number];

/** PENDING: reserved, the swap being sent; SETTLED: swapped on chain; FAILED: not swapped (nothing moved). */
export const SECONDARY_FILL_STATUSES = ['PENDING', 'SETTLED', 'FAILED'] as const;
export type SecondaryFillStatus = (typeof SECONDARY_FILL_STATUSES)[number];

/** The most whole tokens one order sells, and the highest price per token (wei). */
export const SECONDARY_AMOUNT_MAX = 10n ** 30n;
export const SECONDARY_PRICE_MAX = 10n ** 30n;
/** Lists answer at most this many rows (newest first; the book cheapest first). */
export const SECONDARY_LISTED = 200;
/** An order may expire at most this long after it is posted. */
export const SECONDARY_EXPIRY_MAX_DAYS = 365;

const positiveInteger = (message: string, max: bigint) =>
  z
    .union([z.string().max(40), z.number()], { error: message })
    .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
    .refine((value) => /^\d{1,31}$/.test(value) && BigInt(value) > 0n && BigInt(value) <= max, message);

// ---------------------------------------------------------------------------------- requests

export const SecondaryTokenParamsSchema = z.object({
  id: z.uuid({ error: messages.issuerTokenNotFound }),
});
export const SecondaryOrderParamsSchema = z.object({
  orderId: z.uuid({ error: messages.secondaryOrderNotFound }),
});

/** POST /api/secondary/tokens/:id/orders (Idempotency-Key). */
export const PostSecondaryOrderBodySchema = z
  .strictObject({
    /** Whole tokens to sell. */
    amount: positiveInteger(messages.secondaryAmountInvalid, SECONDARY_AMOUNT_MAX),
    /** Wei per whole token. */
    pricePerTokenWei: positiveInteger(messages.secondaryPriceInvalid, SECONDARY_PRICE_MAX),
    expiresAt: z.iso
      .datetime({ offset: true, error: messages.secondaryExpiryInvalid })
      .max(40, messages.secondaryExpiryInvalid),
  })
  .meta({ id: 'PostSecondaryOrderBody' });
export type PostSecondaryOrderBody = z.input<typeof PostSecondaryOrderBodySchema>;

/** POST /api/secondary/orders/:orderId/take (Idempotency-Key): whole tokens to buy, ≤ remaining. */
export const TakeSecondaryOrderBodySchema = z
  .strictObject({ amount: positiveInteger(messages.secondaryAmountInvalid, SECONDARY_AMOUNT_MAX) })
  .meta({ id: 'TakeSecondaryOrderBody' });
export type TakeSecondaryOrderBody = z.input<typeof TakeSecondaryOrderBodySchema>;

// ----------------------------------------------------------------------------------- answers

const txAnswer = {
  txHash: txHashAnswer().nullable(),
  explorerUrl: linkAnswer().nullable(),
};

export const SecondaryOrderSchema = z
  .object({
    id: z.uuid(),
    tokenId: z.uuid(),
    symbol: textAnswer(LABEL_MAX),
    side: z.literal('sell'),
    /** Whole tokens posted and still for sale. */
    amount: unitsAnswer(),
    remaining: unitsAnswer(),
    pricePerTokenWei: unitsAnswer(),
    expiresAt: timestampAnswer,
    status: z.enum(SECONDARY_ORDER_STATUSES),
    /** The caller posted it (the only thing anyone learns about the seller). */
    isMine: z.boolean(),
    postedAt: timestampAnswer,
    /** The lock on chain (null until it is sent). */
    lockTxHash: txHashAnswer().nullable(),
    lockExplorerUrl: linkAnswer().nullable(),
    /** The return of unsold tokens after a cancellation or expiry (null otherwise). */
    returnTxHash: txHashAnswer().nullable(),
  })
  .meta({ id: 'SecondaryOrder' });
export type SecondaryOrder = z.infer<typeof SecondaryOrderSchema>;

/** One fill: part or all of an order taken by a buyer, swapped in one transaction. */
export const SecondaryFillSchema = z
  .object({
    id: z.uuid(),
    orderId: z.uuid(),
    tokenId: z.uuid(),
    symbol: textAnswer(LABEL_MAX),
    /** Whole tokens. */
    amount: unitsAnswer(),
    pricePerTokenWei: unitsAnswer(),
    /** amount × price, wei. */
    totalWei: unitsAnswer(),
    at: timestampAnswer,
    status: z.enum(SECONDARY_FILL_STATUSES),
    ...txAnswer,
  })
  .meta({ id: 'SecondaryFill' });
export type SecondaryFill = z.infer<typeof SecondaryFillSchema>;

/** A fill the caller is part of: `buy` (they took it) or `sell` (their order was taken). */
export const MySecondaryFillSchema = SecondaryFillSchema.extend({ side: z.enum(['buy', 'sell']) }).meta({
  id: 'MySecondaryFill',
});
export type MySecondaryFill = z.infer<typeof MySecondaryFillSchema>;

/** One point of the price chart: a settled trade. */
export const SecondaryPricePointSchema = z
  .object({ at: timestampAnswer, pricePerTokenWei: unitsAnswer(), amount: unitsAnswer() })
  .meta({ id: 'SecondaryPricePoint' });
export type SecondaryPricePoint = z.infer<typeof SecondaryPricePointSchema>;

/** Whether the token trades here now, and why not (a pause shows its issuer's reason). */
const tradingAnswer = {
  tokenId: z.uuid(),
  symbol: textAnswer(LABEL_MAX),
  tokenName: textAnswer(LABEL_MAX),
  /** Trading is possible on this token's chain and it is not paused. */
  tradable: z.boolean(),
  paused: z.boolean(),
  /** The issuer's reason for the pause (null when not paused or none given). */
  pausedReason: textAnswer(REASON_MAX).nullable(),
  /** Why the token cannot trade here at all (its chain or kind), else null. */
  unsupportedReason: textAnswer(REASON_MAX).nullable(),
};

/** GET /api/secondary/tokens/:id/book: open orders, cheapest first, then the earliest. */
export const SecondaryOrderBookResponseSchema = z
  .object({
    success: z.literal(true),
    ...tradingAnswer,
    orders: z.array(SecondaryOrderSchema).max(SECONDARY_LISTED),
    /** The last settled trade's price per token (wei), null before any. */
    lastPriceWei: unitsAnswer().nullable(),
  })
  .meta({ id: 'SecondaryOrderBookResponse' });
export type SecondaryOrderBookResponse = z.infer<typeof SecondaryOrderBookResponseSchema>;

/** GET /api/secondary/tokens/:id/trades: the last settled trades (newest first) and the chart points (oldest first). */
export const SecondaryTradesResponseSchema = z
  .object({
    success: z.literal(true),
    trades: z.array(SecondaryFillSchema).max(SECONDARY_LISTED),
    priceHistory: z.array(SecondaryPricePointSchema).max(SECONDARY_LISTED),
  })
  .meta({ id: 'SecondaryTradesResponse' });
export type SecondaryTradesResponse = z.infer<typeof SecondaryTradesResponseSchema>;

export const SecondaryOrderResponseSchema = z
  .object({ success: z.literal(true), order: SecondaryOrderSchema })
  .meta({ id: 'SecondaryOrderResponse' });
export type SecondaryOrderResponse = z.infer<typeof SecondaryOrderResponseSchema>;

export const SecondaryFillResponseSchema = z
  .object({ success: z.literal(true), fill: MySecondaryFillSchema })
  .meta({ id: 'SecondaryFillResponse' });
export type SecondaryFillResponse = z.infer<typeof SecondaryFillResponseSchema>;

/** GET /api/secondary/mine: my orders and my fills (as buyer and as seller), newest first. */
export const MySecondaryResponseSchema = z
  .object({
    success: z.literal(true),
    orders: z.array(SecondaryOrderSchema).max(SECONDARY_LISTED),
    fills: z.array(MySecondaryFillSchema).max(SECONDARY_LISTED),
  })
  .meta({ id: 'MySecondaryResponse' });
export type MySecondaryResponse = z.infer<typeof MySecondaryResponseSchema>;

/** GET /api/issuer/tokens/:id/secondary: the issuer's view of trading in its token. */
export const IssuerSecondaryResponseSchema = z
  .object({
    success: z.literal(true),
    ...tradingAnswer,
    /** Whole tokens traded and wei paid in settled trades, all time. */
    volume: unitsAnswer(),
    valueWei: unitsAnswer(),
    trades: z.number().int().min(0),
    /** Open orders and the whole tokens they lock. */
    openOrders: z.number().int().min(0),
    locked: unitsAnswer(),
    /** Distinct investors who bought or sold in settled trades (the holder register's movement). */
    buyers: z.number().int().min(0),
    sellers: z.number().int().min(0),
    lastPriceWei: unitsAnswer().nullable(),
    recentTrades: z.array(SecondaryFillSchema).max(SECONDARY_LISTED),
  })
  .meta({ id: 'IssuerSecondaryResponse' });
export type IssuerSecondaryResponse = z.infer<typeof IssuerSecondaryResponseSchema>;
