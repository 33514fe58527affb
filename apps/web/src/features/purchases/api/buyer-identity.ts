import type { ChainFamily } from '@portal/shared/chain-families';
import type { User } from '@portal/shared/auth';
import { assetChain, WALLET_PROFILE_FIELDS, type Wallet } from '@portal/shared/vault';
import type { StoredUser } from '../../../lib/auth-storage';
import { chainLabelKey } from '../../../lib/chain-label';

export interface BuyerIdentity {
  did: string;
  wallet: string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The token's chain family (docs/product.md §4.7: matching covers Ethereum, Solana, Ripple and Stellar). */
export function chainFamily(blockchain: string): ChainFamily | undefined {
  const key = chainLabelKey(blockchain);
  return key === 'unknown' ? undefined : key;
}

function didOf(user: Partial<User> | StoredUser | null | undefined): string {
  return text(user?.did) || text(user?.didMetadata?.did);
}

/** The per-chain wallet fields of stored user data (docs/product.md §3.2), e.g. ethereumWallet or sol_address. */
function storedWallet(stored: StoredUser | null, family: ChainFamily | undefined): string {
  if (!stored || !family) return '';
  for (const field of WALLET_PROFILE_FIELDS[family]) {
    const value = text(stored[field]);
    if (value) return value;
  }
  return '';
}

/**
 * docs/product.md §4.7: the buyer's DID and wallet come from the profile; as fallback (no profile, or the
 * profile lacks them) from stored user data according to the token's chain. Wallets match the
 * chain by custody asset id (ETH…, SOL…, XRP…, XLM…) and fall back to the first wallet.
 */
export function buyerIdentity(
  profile: User | undefined,
  stored: StoredUser | null,
  blockchain: string,
): BuyerIdentity {
  const family = chainFamily(blockchain);
  const profileWallets = profile?.wallets ?? [];
  const storedWallets = Array.isArray(stored?.wallets) ? (stored.wallets as Wallet[]) : [];
  const onChain = (wallets: readonly Wallet[]) =>
    family ? text(wallets.find((wallet) => assetChain(wallet.assetId) === family)?.address) : '';
  const wallet =
    onChain(profileWallets) ||
    storedWallet(stored, family) ||
    onChain(storedWallets) ||
    text((profileWallets.length ? profileWallets : storedWallets)[0]?.address);
  return { did: didOf(profile) || didOf(stored), wallet };
}
