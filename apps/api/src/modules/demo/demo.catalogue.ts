import type { TokenRules } from '@portal/shared/compliance';
import type { CreateListingRequest, CreateTokenRequest } from '@portal/shared/issuer';

/**
 * The sample market seeded on an empty DATA_DIR (SEED_DEMO). Prices are small enough that a new
 * investor's auto-fuelled vault (0.1 test ETH) can buy dozens of tokens.
 */
export interface DemoToken {
  token: CreateTokenRequest;
  /** Transfer rules set once the token is deployed (the rest stay open). */
  rules?: Partial<TokenRules>;
  listings: Array<Omit<CreateListingRequest, 'tokenId' | 'deadline'> & { days: number }>;
}

const note = 'Sample data seeded by the portal for demonstration; not a real offering.';

export const DEMO_TOKENS: DemoToken[] = [
  {
    token: {
      name: 'Harbour View Apartments',
      symbol: 'HVAPT',
      description: `Fractional shares of a residential building. ${note}`,
      tokenType: 'ERC20',
      assetCategory: 'Real Estate',
      decimals: 18,
      metadata: { 'Sample data': 'Seeded for demonstration' },
      totalSupply: '1000000',
    },
    rules: { maxBalance: '2000', lockupDays: 30 },
    listings: [
      { kind: 'escrow', tokenAmount: '5000', priceETH: '0.001', days: 90 },
      { kind: 'direct', tokenAmount: '20000', priceETH: '0.0012', days: 180 },
    ],
  },
  {
    token: {
      name: 'Green Bond 2030',
      symbol: 'GRB30',
      description: `A tokenized green bond maturing in 2030. ${note}`,
      tokenType: 'ERC20',
      assetCategory: 'Debt',
      decimals: 6,
      metadata: { 'Sample data': 'Seeded for demonstration' },
      totalSupply: '250000',
    },
    // Offered in three countries only: most newcomers meet "offered only to investors resident in …".
    rules: { allowedCountries: ['CHE', 'LIE', 'LUX'] },
    listings: [{ kind: 'escrow', tokenAmount: '10000', priceETH: '0.0005', days: 60 }],
  },
  {
    token: {
      name: 'Gallery Editions',
      symbol: 'GALED',
      description: `Numbered digital editions of a contemporary art series. ${note}`,
      tokenType: 'ERC721',
      assetCategory: 'Art & Collectibles',
      decimals: 0,
      metadata: { 'Sample data': 'Seeded for demonstration' },
      totalSupply: '100',
    },
    listings: [{ kind: 'escrow', tokenAmount: '40', priceETH: '0.002', days: 30 }],
  },
  {
    token: {
      name: 'Vineyard Harvest Units',
      symbol: 'VINE',
      description: `Units of a vineyard's annual harvest. ${note}`,
      tokenType: 'ERC1155',
      assetCategory: 'Commodity',
      decimals: 0,
      metadata: { 'Sample data': 'Seeded for demonstration' },
      totalSupply: '10000',
    },
    listings: [
      { kind: 'escrow', tokenAmount: '2000', priceETH: '0.0008', days: 45 },
      { kind: 'direct', tokenAmount: '1000', priceETH: '0.001', days: 120 },
    ],
  },
  {
    token: {
      name: 'Solar Farm Fund',
      symbol: 'SOLAR',
      description: `A fund holding utility-scale solar farms, issued on Solana. ${note}`,
      tokenType: 'SPL',
      assetCategory: 'Fund',
      decimals: 6,
      metadata: { 'Sample data': 'Seeded for demonstration' },
      totalSupply: '500000',
    },
    listings: [
      { kind: 'escrow', tokenAmount: '10000', priceETH: '0.0006', days: 90 },
      { kind: 'direct', tokenAmount: '5000', priceETH: '0.0007', days: 90 },
    ],
  },
  {
    token: {
      name: 'Startup Equity Pool',
      symbol: 'SEQP',
      description: `Equity in a pool of early-stage companies, issued on Solana. ${note}`,
      tokenType: 'SPL',
      assetCategory: 'Equity',
      decimals: 2,
      metadata: { 'Sample data': 'Seeded for demonstration' },
      totalSupply: '100000',
    },
    rules: { accreditedOnly: true, minPurchase: '10' },
    listings: [{ kind: 'escrow', tokenAmount: '3000', priceETH: '0.0015', days: 60 }],
  },
];
