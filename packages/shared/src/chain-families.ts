/**
 * Chain families the product knows (docs/product.md §1, §4.9) and which of them can carry a token. Ethereum
 * and Solana have engines (embedded and RPC); Ripple and Stellar have one when a node is configured
 * (ADR 66), so nobody can list a token on a chain the portal cannot settle (docs/architecture.md,
 * "Chains").
 */
export const CHAIN_FAMILIES = ['ethereum', 'solana', 'ripple', 'stellar'] as const;
export type ChainFamily = (typeof CHAIN_FAMILIES)[number];

export const TOKEN_TYPES = ['ERC20', 'ERC721', 'ERC1155', 'SPL', 'MPT', 'STELLAR'] as const;
export type TokenType = (typeof TOKEN_TYPES)[number];

/** The chain each token standard lives on. */
export const TOKEN_TYPE_CHAIN: Record<TokenType, ChainFamily> = {
  ERC20: 'ethereum',
  ERC721: 'ethereum',
  ERC1155: 'ethereum',
  SPL: 'solana',
  // XRP Ledger Multi-Purpose Token (XLS-33).
  MPT: 'ripple',
  // A Stellar classic asset (code = the symbol, issuer = the issuer's vault account).
  STELLAR: 'stellar',
};

/** Largest number of decimals each standard allows; item tokens are indivisible. */
export const TOKEN_TYPE_MAX_DECIMALS: Record<TokenType, number> = {
  ERC20: 18,
  ERC721: 0,
  ERC1155: 0,
  SPL: 9,
  // AssetScale; the whole supply must fit MaximumAmount's 63 bits, so scales stay like SPL's.
  MPT: 9,
  // Stellar amounts have 7 decimal places.
  STELLAR: 7,
};

/** docs/product.md §4.9: 'Ethereum' (ethereum or sepolia), 'Solana', 'Ripple', 'Stellar', else 'Unknown'. */
export function blockchainLabel(chain: string | null | undefined): string {
  switch (chain?.trim().toLowerCase() ?? '') {
    case 'ethereum':
    case 'sepolia':
      return 'Ethereum';
    case 'solana':
      return 'Solana';
    case 'ripple':
      return 'Ripple';
    case 'stellar':
      return 'Stellar';
    default:
      return 'Unknown';
  }
}

/** The custody asset id prefix of each family, to find the buyer's wallet on a token's chain. */
export const CHAIN_ASSET_PREFIX: Record<ChainFamily, string> = {
  ethereum: 'ETH',
  solana: 'SOL',
  ripple: 'XRP',
  stellar: 'XLM',
};
