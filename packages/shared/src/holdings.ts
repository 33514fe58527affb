import { z } from 'zod';
import {
  addressAnswer,
  decimalAnswer,
  emailAnswer,
  LABEL_MAX,
  linkAnswer,
  textAnswer,
  timestampAnswer,
  txHashAnswer,
  UNPAGED_LIST_MAX,
} from './bounds.js';
import { CHAIN_FAMILIES, TOKEN_TYPES } from './chain-families.js';
import { ERROR_MESSAGE_MAX } from './errors.js';
import { TOKEN_NAME_MAX, TOKEN_SYMBOL_MAX } from './issuer.js';
import { WALLETS_MAX } from './vault.js';

/**
 * What an investor holds after buying (docs/product.md §2.10, ADR 68): one entry per token, its
 * balance read from the chain now and compared with the portal's books, what the purchases that
 * made it cost, and its value at the last price. Amounts are base units (integers as strings);
 * the token's `decimals` says where the point goes.
 */

/** Base units: NUMERIC(78,0) has at most 78 digits. */
export const UNITS_MAX = 78;
export const unitsAnswer = () => z.string().max(UNITS_MAX).regex(/^\d+$/);

/** Why a balance could not be read from its chain: no engine here, the node failed, or it was too slow. */
export const CHAIN_READ_ERRORS = ['not-connected', 'unavailable', 'timeout'] as const;
export type ChainReadError = (typeof CHAIN_READ_ERRORS)[number];

/** Where a holding's price comes from (ADR 68): the last completed sale, else the open listing. */
export const PRICE_SOURCES = ['last-sale', 'listing'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

export const HoldingTokenSchema = z
  .object({
    id: z.uuid(),
    name: textAnswer(TOKEN_NAME_MAX),
    symbol: textAnswer(TOKEN_SYMBOL_MAX),
    tokenType: z.enum(TOKEN_TYPES),
    blockchain: z.enum(CHAIN_FAMILIES),
    decimals: z.number().int().min(0).max(18),
    totalSupply: unitsAnswer(),
    /** The contract, mint or issuance the token lives at; null before it was deployed. */
    contractAddress: addressAnswer().nullable(),
  })
  .meta({ id: 'HoldingToken' });
export type HoldingToken = z.infer<typeof HoldingTokenSchema>;

/** One purchase that made a holding. */
export const HoldingPurchaseSchema = z
  .object({
    id: z.uuid(),
    amount: unitsAnswer(),
    costWei: unitsAnswer(),
    purchasedAt: timestampAnswer,
    completedAt: timestampAnswer.nullable(),
    transactionHash: txHashAnswer().nullable(),
    /** The delivery transaction's explorer page, on the token's chain. */
    explorerUrl: linkAnswer().nullable(),
    vcUrl: linkAnswer().nullable(),
  })
  .meta({ id: 'HoldingPurchase' });
export type HoldingPurchase = z.infer<typeof HoldingPurchaseSchema>;

export const HoldingSchema = z
  .object({
    token: HoldingTokenSchema,
    issuer: z.object({ email: emailAnswer().nullable() }),
    /** The amount owned: the chain's balance when it was read, else the books'. */
    balance: unitsAnswer(),
    /** Read from the chain now (the vault addresses below); null with `chainError` when it could not be. */
    chainBalance: unitsAnswer().nullable(),
    chainError: z.enum(CHAIN_READ_ERRORS).nullable(),
    /** What the portal's books say the investor holds. */
    booked: unitsAnswer(),
    /** Whether the chain and the books agree; null when the chain was not read. */
    agrees: z.boolean().nullable(),
    /** Held but not movable now (an issuer's freeze, or a withdrawn verification). */
    frozen: unitsAnswer(),
    /** When the lock-up of the last acquisition ends; null when none applies now. */
    lockedUntil: timestampAnswer.nullable(),
    /** Of the total supply, in percent with 6 decimals (exact, from base units). */
    percent: decimalAnswer(),
    /** Wei per whole token (ADR 68); null when the token was never sold nor is listed. */
    priceWei: unitsAnswer().nullable(),
    priceSource: z.enum(PRICE_SOURCES).nullable(),
    /** balance × price, rounded down; null without a price. */
    valueWei: unitsAnswer().nullable(),
    /** The investor's vault addresses that hold it. */
    addresses: z.array(addressAnswer()).max(WALLETS_MAX),
    /** Oldest first. */
    purchases: z.array(HoldingPurchaseSchema).max(UNPAGED_LIST_MAX),
  })
  .meta({ id: 'Holding' });
export type Holding = z.infer<typeof HoldingSchema>;

export const ATTEMPT_STATUSES = ['PENDING', 'SETTLING', 'FAILED'] as const;

/** A purchase that did not (or not yet) deliver: never an amount owned. */
export const PurchaseAttemptSchema = z
  .object({
    id: z.uuid(),
    token: HoldingTokenSchema.pick({
      id: true,
      name: true,
      symbol: true,
      tokenType: true,
      blockchain: true,
      decimals: true,
    }),
    status: z.enum(ATTEMPT_STATUSES),
    /** What was asked for. */
    amount: unitsAnswer(),
    costWei: unitsAnswer(),
    /** Why it failed (one of messages.ts, or the token's rules refusing). */
    error: textAnswer(ERROR_MESSAGE_MAX).nullable(),
    createdAt: timestampAnswer,
  })
  .meta({ id: 'PurchaseAttempt' });
export type PurchaseAttempt = z.infer<typeof PurchaseAttemptSchema>;

export const AllocationSchema = z
  .object({
    tokenId: z.uuid(),
    symbol: textAnswer(TOKEN_SYMBOL_MAX),
    name: textAnswer(TOKEN_NAME_MAX),
    valueWei: unitsAnswer(),
    /** Share of the priced portfolio, percent with 6 decimals. */
    percent: decimalAnswer(),
  })
  .meta({ id: 'Allocation' });
export type Allocation = z.infer<typeof AllocationSchema>;

export const HoldingsResponseSchema = z
  .object({
    success: z.literal(true),
    holdings: z.array(HoldingSchema).max(UNPAGED_LIST_MAX),
    attempts: z.array(PurchaseAttemptSchema).max(UNPAGED_LIST_MAX),
    totals: z.object({
      /** The priced holdings' value, in wei. */
      valueWei: unitsAnswer(),
      /** Holdings without a price, left out of the value and the allocation. */
      unpriced: z.number().int().min(0).max(UNPAGED_LIST_MAX),
      /** Largest first. */
      allocation: z.array(AllocationSchema).max(UNPAGED_LIST_MAX),
    }),
  })
  .meta({ id: 'HoldingsResponse' });
export type HoldingsResponse = z.infer<typeof HoldingsResponseSchema>;

/** A native coin's or a token's balance at one vault address. */
export const NATIVE_SYMBOLS = ['ETH', 'SOL', 'XRP', 'BTC', 'XLM'] as const;

export const VaultTokenBalanceSchema = z
  .object({
    tokenId: z.uuid(),
    symbol: textAnswer(TOKEN_SYMBOL_MAX),
    decimals: z.number().int().min(0).max(18),
    balance: unitsAnswer().nullable(),
    error: z.enum(CHAIN_READ_ERRORS).nullable(),
  })
  .meta({ id: 'VaultTokenBalance' });
export type VaultTokenBalance = z.infer<typeof VaultTokenBalanceSchema>;

export const VaultAddressBalanceSchema = z
  .object({
    assetId: textAnswer(LABEL_MAX),
    address: addressAnswer(),
    native: z.object({
      symbol: z.enum(NATIVE_SYMBOLS),
      decimals: z.number().int().min(0).max(18),
      /** Base units (wei, lamports, drops); null with `error` when not read. */
      balance: unitsAnswer().nullable(),
      error: z.enum(CHAIN_READ_ERRORS).nullable(),
    }),
    tokens: z.array(VaultTokenBalanceSchema).max(UNPAGED_LIST_MAX),
    /**
     * The test stablecoin at this address (ADR 70): on Ethereum and Solana addresses only; null
     * there when the network has none (a remote chain without STABLECOIN_ADDRESS / _MINT).
     */
    stablecoin: z
      .object({
        symbol: textAnswer(TOKEN_SYMBOL_MAX),
        decimals: z.number().int().min(0).max(18),
        balance: unitsAnswer().nullable(),
        error: z.enum(CHAIN_READ_ERRORS).nullable(),
      })
      .nullable()
      .optional(),
  })
  .meta({ id: 'VaultAddressBalance' });
export type VaultAddressBalance = z.infer<typeof VaultAddressBalanceSchema>;

export const VaultBalancesResponseSchema = z
  .object({ success: z.literal(true), balances: z.array(VaultAddressBalanceSchema).max(WALLETS_MAX) })
  .meta({ id: 'VaultBalancesResponse' });
export type VaultBalancesResponse = z.infer<typeof VaultBalancesResponseSchema>;
