import { z } from 'zod';
import {
  addressAnswer,
  CURSOR_MAX,
  cursorAnswer,
  emailAnswer,
  LABEL_MAX,
  PAGE_LIMIT_MAX,
  PERSON_NAME_MAX,
  textAnswer,
  timestampAnswer,
} from './bounds.js';

export const WalletSchema = z
  .object({ assetId: textAnswer(LABEL_MAX), address: addressAnswer() })
  .meta({ id: 'Wallet' });
export type Wallet = z.infer<typeof WalletSchema>;

/** The test-network assets every vault holds (docs/product.md §2.5: vault assets are test networks only). */
export const CUSTODY_ASSET_IDS = ['ETH_TEST5', 'BTC_TEST', 'SOL_TEST', 'XRP_TEST', 'XLM_TEST'] as const;
export const CustodyAssetIdSchema = z.enum(CUSTODY_ASSET_IDS);
/**
 * The wallets a user's answers list: one per asset of their vault (five), with room for the
 * assets a custody provider may add.
 */
export const WALLETS_MAX = 50;
export type CustodyAssetId = z.infer<typeof CustodyAssetIdSchema>;

export const CUSTODY_PROVIDERS = ['local', 'fireblocks'] as const;
export const CustodyProviderSchema = z.enum(CUSTODY_PROVIDERS);
export type CustodyProvider = z.infer<typeof CustodyProviderSchema>;
/** A vault's id: our UUID, or the custody provider's account id (Fireblocks: a short number). */
const VAULT_ID_MAX = 100;

export type WalletChain = 'ethereum' | 'bitcoin' | 'solana' | 'ripple' | 'stellar';

/** Asset ids the product recognizes per chain (docs/product.md §3.2), test networks and main networks alike. */
const CHAIN_BY_PREFIX: Record<string, WalletChain> = {
  ETH: 'ethereum',
  BTC: 'bitcoin',
  SOL: 'solana',
  XRP: 'ripple',
  XLM: 'stellar',
};

export function assetChain(assetId: string): WalletChain | undefined {
  const match = /^(ETH|BTC|SOL|XRP|XLM)(_TEST\d*)?$/.exec(assetId);
  return match?.[1] ? CHAIN_BY_PREFIX[match[1]] : undefined;
}

/** The per-chain wallet fields of docs/product.md §3.2 that userData carries, so older clients find them. */
export const WALLET_PROFILE_FIELDS = {
  ethereum: ['ethereumWallet', 'ethWallet', 'ethereum_address', 'eth_address', 'wallet'],
  bitcoin: ['bitcoinWallet'],
  solana: ['solanaWallet', 'solWallet', 'solana_address', 'sol_address'],
  ripple: ['rippleWallet', 'xrpWallet', 'ripple_address', 'xrp_address'],
  stellar: ['stellarWallet', 'xlmWallet', 'stellar_address', 'xlm_address'],
} as const satisfies Record<WalletChain, readonly string[]>;

export type WalletProfileField = (typeof WALLET_PROFILE_FIELDS)[WalletChain][number];
export const WALLET_PROFILE_FIELD_NAMES = Object.values(WALLET_PROFILE_FIELDS).flat() as WalletProfileField[];

/** The per-chain fields as optional strings, for the profile schema. */
export const WalletProfileFieldsSchema = z.object(
  Object.fromEntries(WALLET_PROFILE_FIELD_NAMES.map((field) => [field, addressAnswer().optional()])) as {
    [K in WalletProfileField]: z.ZodOptional<z.ZodString>;
  },
);

/** Fills every per-chain field from the first wallet of that chain. */
export function walletProfileFields(wallets: readonly Wallet[]): Partial<Record<WalletProfileField, string>> {
  const fields: Partial<Record<WalletProfileField, string>> = {};
  for (const wallet of wallets) {
    const chain = assetChain(wallet.assetId);
    if (!chain) continue;
    for (const field of WALLET_PROFILE_FIELDS[chain]) fields[field] ??= wallet.address;
  }
  return fields;
}

/** The vault info of docs/product.md §2.5: both spellings of the id and the name are sent. */
export const VaultSchema = z
  .object({
    vaultId: textAnswer(VAULT_ID_MAX),
    id: textAnswer(VAULT_ID_MAX),
    vaultName: textAnswer(LABEL_MAX),
    name: textAnswer(LABEL_MAX),
    autoFuel: z.boolean(),
    provider: CustodyProviderSchema,
    createdAt: timestampAnswer,
  })
  .meta({ id: 'Vault' });
export type Vault = z.infer<typeof VaultSchema>;

export const CreateVaultRequestSchema = z
  .strictObject({ autoFuel: z.boolean().optional() })
  .meta({ id: 'CreateVaultRequest' });
export type CreateVaultRequest = z.input<typeof CreateVaultRequestSchema>;

export const CreateVaultResponseSchema = z
  .object({ success: z.literal(true), vault: VaultSchema, wallets: z.array(WalletSchema).max(WALLETS_MAX) })
  .meta({ id: 'CreateVaultResponse' });
export type CreateVaultResponse = z.infer<typeof CreateVaultResponseSchema>;

/**
 * A user without a vault gets `vault: null`: the page then offers 'Create Vault'. `provider` is the
 * custody provider a new vault would be created at, so the confirmation can name it beforehand.
 */
export const VaultInfoResponseSchema = z
  .object({
    success: z.literal(true),
    vault: VaultSchema.nullable(),
    wallets: z.array(WalletSchema).max(WALLETS_MAX),
    provider: CustodyProviderSchema,
  })
  .meta({ id: 'VaultInfoResponse' });
export type VaultInfoResponse = z.infer<typeof VaultInfoResponseSchema>;

export const VaultWalletsResponseSchema = z
  .object({ success: z.literal(true), wallets: z.array(WalletSchema).max(WALLETS_MAX) })
  .meta({ id: 'VaultWalletsResponse' });
export type VaultWalletsResponse = z.infer<typeof VaultWalletsResponseSchema>;

export const VaultConnectionResponseSchema = z
  .object({
    success: z.literal(true),
    vaultCount: z.number().int().nonnegative(),
    provider: CustodyProviderSchema,
  })
  .meta({ id: 'VaultConnectionResponse' });
export type VaultConnectionResponse = z.infer<typeof VaultConnectionResponseSchema>;

// No component id: OpenAPI needs query parameters inline.
export const VaultUsersQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(50),
  cursor: z.string().max(CURSOR_MAX).optional(),
});

export const VaultUserStatusSchema = z
  .object({
    id: z.uuid(),
    name: textAnswer(PERSON_NAME_MAX),
    email: emailAnswer(),
    role: z.enum(['ADMIN', 'ISSUER', 'INVESTOR']),
    hasVault: z.boolean(),
    vaultStatus: z.enum(['active', 'creating', 'none']),
    vaultId: textAnswer(VAULT_ID_MAX).nullable(),
    walletCount: z.number().int().nonnegative(),
  })
  .meta({ id: 'VaultUserStatus' });
export type VaultUserStatus = z.infer<typeof VaultUserStatusSchema>;

export const VaultUsersResponseSchema = z
  .object({
    success: z.literal(true),
    users: z.array(VaultUserStatusSchema).max(PAGE_LIMIT_MAX),
    nextCursor: cursorAnswer.nullable(),
  })
  .meta({ id: 'VaultUsersResponse' });
export type VaultUsersResponse = z.infer<typeof VaultUsersResponseSchema>;

export const WebhookAckSchema = z
  .object({ success: z.literal(true), duplicate: z.boolean() })
  .meta({ id: 'WebhookAck' });

/** Fireblocks webhooks v2 notification (developers.fireblocks.com, "Webhook notification structure"). */
export const FireblocksWebhookEventSchema = z
  .looseObject({
    id: z.string().min(1).max(200),
    eventType: z.string().min(1).max(200),
    resourceId: z.string().max(200).optional(),
    data: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'FireblocksWebhookEvent' });
