import { z } from 'zod';
import { addressAnswer, linkAnswer, timestampAnswer, txHashAnswer } from './bounds.js';
import { unitsAnswer } from './holdings.js';

/** What the faucet gives (ADR 70): test ETH and SOL, and the test stablecoin on either chain. */
export const FAUCET_ASSETS = ['ETH', 'SOL', 'tUSD'] as const;
export type FaucetAsset = (typeof FAUCET_ASSETS)[number];
export const FAUCET_CHAINS = ['ethereum', 'solana'] as const;
export type FaucetChain = (typeof FAUCET_CHAINS)[number];

/** The test stablecoin's symbol, name and decimals (USDC's six, so amounts read alike). */
export const STABLECOIN = { symbol: 'tUSD', name: 'Test USD', decimals: 6 } as const;

/** Grants per asset and account in any 24 hours (docs/product.md, "Test funds"). */
export const FAUCET_LIMIT_PER_DAY = 3;
export const FAUCET_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Fixed amounts in base units: 0.05 ETH, 1 SOL, 1,000 tUSD. */
export const FAUCET_AMOUNTS: Record<FaucetAsset, bigint> = {
  ETH: 5n * 10n ** 16n,
  SOL: 10n ** 9n,
  tUSD: 1000n * 10n ** 6n,
};
export const FAUCET_DECIMALS: Record<FaucetAsset, number> = { ETH: 18, SOL: 9, tUSD: 6 };
/** New vaults receive this much tUSD with the auto-fuel. */
export const VAULT_INITIAL_STABLECOIN = 1000n * 10n ** 6n;

/** The chain each asset is paid on; tUSD names its chain. */
export function faucetChainOf(asset: FaucetAsset, chain: FaucetChain | undefined): FaucetChain | undefined {
  if (asset === 'ETH') return chain === undefined || chain === 'ethereum' ? 'ethereum' : undefined;
  if (asset === 'SOL') return chain === undefined || chain === 'solana' ? 'solana' : undefined;
  return chain ?? 'ethereum';
}

export const FaucetRequestSchema = z
  .object({
    asset: z.enum(FAUCET_ASSETS, { error: 'asset must be ETH, SOL or tUSD' }),
    chain: z.enum(FAUCET_CHAINS, { error: 'chain must be ethereum or solana' }).optional(),
  })
  .strict()
  .meta({ id: 'FaucetRequest' });
export type FaucetRequest = z.infer<typeof FaucetRequestSchema>;

export const FaucetGrantSchema = z
  .object({
    id: z.uuid(),
    asset: z.enum(FAUCET_ASSETS),
    chain: z.enum(FAUCET_CHAINS),
    address: addressAnswer(),
    /** Base units. */
    amount: unitsAnswer(),
    decimals: z.number().int().min(0).max(18),
    status: z.enum(['pending', 'sent', 'failed']),
    transactionHash: txHashAnswer().nullable(),
    explorerUrl: linkAnswer().nullable(),
    createdAt: timestampAnswer,
  })
  .meta({ id: 'FaucetGrant' });
export type FaucetGrant = z.infer<typeof FaucetGrantSchema>;

export const FaucetAllowanceSchema = z
  .object({
    asset: z.enum(FAUCET_ASSETS),
    chain: z.enum(FAUCET_CHAINS),
    /** Base units per grant. */
    amount: unitsAnswer(),
    decimals: z.number().int().min(0).max(18),
    /** False on a remote chain (use `publicFaucetUrl`) or without a stablecoin there. */
    available: z.boolean(),
    remaining: z.number().int().min(0).max(FAUCET_LIMIT_PER_DAY),
    limit: z.number().int().min(0).max(FAUCET_LIMIT_PER_DAY),
    /** When the oldest grant of the window stops counting; null while none counts. */
    resetsAt: timestampAnswer.nullable(),
    publicFaucetUrl: linkAnswer().nullable(),
  })
  .meta({ id: 'FaucetAllowance' });
export type FaucetAllowance = z.infer<typeof FaucetAllowanceSchema>;

export const FaucetStatusResponseSchema = z
  .object({ success: z.literal(true), allowances: z.array(FaucetAllowanceSchema).max(4) })
  .meta({ id: 'FaucetStatusResponse' });
export type FaucetStatusResponse = z.infer<typeof FaucetStatusResponseSchema>;

export const FaucetResponseSchema = z
  .object({ success: z.literal(true), grant: FaucetGrantSchema, remaining: z.number().int().min(0) })
  .meta({ id: 'FaucetResponse' });
export type FaucetResponse = z.infer<typeof FaucetResponseSchema>;
