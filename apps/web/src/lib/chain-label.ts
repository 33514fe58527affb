import { blockchainLabel } from '@portal/shared/chain-families';

export type ChainLabelKey = 'ethereum' | 'solana' | 'ripple' | 'stellar' | 'unknown';

/** docs/product.md §4.9 chain label as a `chains.<key>` catalogue key, so it reads in the user's language. */
export function chainLabelKey(chain: string | null | undefined): ChainLabelKey {
  return blockchainLabel(chain).toLowerCase() as ChainLabelKey;
}
