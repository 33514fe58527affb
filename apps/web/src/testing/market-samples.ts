import type { MarketplaceListing, MarketplaceResponse } from '@portal/shared/marketplace';
import type { Holding, HoldingsResponse, PurchaseAttempt } from '@portal/shared/holdings';
import { messages } from '@portal/shared/messages';
import { ownershipPercent } from '@portal/shared/money';
import type { InvestorAsset, PurchaseResponse } from '@portal/shared/purchases';

/** A marketplace row as the API sends it; tests change what they need. */
export function sampleListing(change: Partial<MarketplaceListing> = {}): MarketplaceListing {
  const { token, ...rest } = change;
  return {
    escrowId: '0b4c1f6e-8d7a-4c2b-9e1f-1a2b3c4d5e6f',
    listingId: '0b4c1f6e-8d7a-4c2b-9e1f-1a2b3c4d5e6f',
    kind: 'escrow',
    token: {
      id: '7f0e2d1c-3b4a-4a59-8e7d-6c5b4a392817',
      name: 'Harbour Offices',
      symbol: 'HRBR',
      description: 'Office building by the harbour',
      tokenType: 'ERC20',
      assetCategory: 'Real Estate',
      contractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      totalSupply: '1000',
      decimals: 18,
      metadata: {},
      blockchain: 'ethereum',
      ...token,
    },
    blockchain: 'ethereum',
    network: 'sepolia',
    environment: 'embedded',
    tokenAmount: '400',
    priceETH: '0.002',
    deadline: '2027-01-31T12:00:00.000Z',
    eligibility: { eligible: true, reason: null, message: null, params: {} },
    issuer: { email: 'issuer@portal.test' },
    userId: '2c9d8e7f-6a5b-4c3d-8e2f-1a0b9c8d7e6f',
    status: 'DEPLOYED',
    available: true,
    explorerUrl: '/explorer/address/0x5FbDB2315678afecb367f032d93F642f64180aa3',
    createdAt: '2026-11-20T09:30:00.000Z',
    ...rest,
  };
}

export function marketplaceAnswer(
  listings: MarketplaceListing[],
  change: Partial<MarketplaceResponse['data']> = {},
): MarketplaceResponse {
  return {
    success: true,
    data: {
      listings,
      total: listings.length,
      summary: {
        totalTokens: listings.length,
        availableForInvestment: listings.filter((listing) => listing.status === 'DEPLOYED').length,
        activeIssuers: new Set(listings.map((listing) => listing.userId)).size,
        totalValue: '$0',
      },
      nextCursor: null,
      ...change,
    },
  };
}

export const BUYER_DID = 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK';
export const BUYER_ETH = '0x9a1B2c3D4e5F60718293a4B5c6D7e8F901234567';
export const BUYER_SOL = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';

/** A profile answer (GET /auth/profile) for a buyer with a DID and a vault. */
export function profileAnswer(change: Record<string, unknown> = {}) {
  return {
    success: true,
    user: {
      id: '3d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b0a',
      name: 'Sofia Bauer',
      email: 'sofia@portal.test',
      role: 'INVESTOR',
      did: BUYER_DID,
      didMetadata: { did: BUYER_DID },
      wallets: [
        { assetId: 'BTC_TEST', address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx' },
        { assetId: 'ETH_TEST5', address: BUYER_ETH },
        { assetId: 'SOL_TEST', address: BUYER_SOL },
      ],
      kycStatus: 'verified',
      createdAt: '2026-11-01T10:00:00.000Z',
      ...change,
    },
  };
}

/** A purchase answer (POST purchase, GET /token-purchases/:id) in `status`. */
export function purchaseAnswer(
  status: PurchaseResponse['data']['purchase']['status'],
  change: Partial<PurchaseResponse['data']['purchase']> = {},
): PurchaseResponse {
  const done = status === 'COMPLETED';
  const hash = done ? `0x${'ab'.repeat(32)}` : null;
  const vcUrl = done ? 'http://127.0.0.1/ipfs/bafkreiexamplecid' : null;
  return {
    success: true,
    data: {
      purchase: {
        id: '5e4d3c2b-1a09-4f8e-9d7c-6b5a49382716',
        listingId: '0b4c1f6e-8d7a-4c2b-9e1f-1a2b3c4d5e6f',
        tokenId: '7f0e2d1c-3b4a-4a59-8e7d-6c5b4a392817',
        tokenName: 'Harbour Offices',
        tokenSymbol: 'HRBR',
        tokenType: 'ERC20',
        blockchain: 'ethereum',
        status,
        amount: '25',
        costETH: '0.05',
        percent: '2.500000',
        paymentTxHash: hash,
        deliveryTxHash: hash,
        error: null,
        vcUrl,
        createdAt: '2026-11-22T10:00:00.000Z',
        completedAt: done ? '2026-11-22T10:00:03.000Z' : null,
        ...change,
      },
      ownershipRecord: {
        amount: '25',
        percent: '2.500000',
        transactionHash: hash,
        explorerUrl: hash && `http://127.0.0.1/explorer/tx/${hash}`,
      },
      vcData: { ipfsUrl: vcUrl },
    },
  };
}

/** One of My Assets (GET /token-purchases/my-assets): a settled ERC-20 purchase. */
export function sampleAsset(change: Partial<InvestorAsset> = {}): InvestorAsset {
  const hash = `0x${'ab'.repeat(32)}`;
  return {
    id: '5e4d3c2b-1a09-4f8e-9d7c-6b5a49382716',
    tokenName: 'Harbour Offices',
    tokenSymbol: 'HRBR',
    tokenType: 'ERC20',
    blockchain: 'ethereum',
    status: 'COMPLETED',
    amount: '25',
    percent: '2.500000',
    costETH: '0.05',
    issuer: { email: 'issuer@portal.test' },
    purchasedAt: '2026-11-22T10:00:00.000Z',
    transactionHash: hash,
    explorerUrl: `http://127.0.0.1/explorer/tx/${hash}`,
    vcUrl: null,
    tokenId: '7f0e2d1c-3b4a-4a59-8e7d-6c5b4a392817',
    holding: { balance: '25', frozen: '0', lockedUntil: null },
    ...change,
  };
}

/** A holding as GET /api/holdings sends it (base units): 25 HRBR of 1000, at 0.002 ETH each. */
export function sampleHolding(change: Partial<Holding> = {}): Holding {
  const hash = `0x${'ab'.repeat(32)}`;
  return {
    token: {
      id: '7f0e2d1c-3b4a-4a59-8e7d-6c5b4a392817',
      name: 'Harbour Offices',
      symbol: 'HRBR',
      tokenType: 'ERC20',
      blockchain: 'ethereum',
      decimals: 2,
      totalSupply: '100000',
      contractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    },
    issuer: { email: 'issuer@portal.test' },
    balance: '2500',
    chainBalance: '2500',
    chainError: null,
    booked: '2500',
    agrees: true,
    frozen: '0',
    lockedUntil: null,
    percent: '2.500000',
    priceWei: '2000000000000000',
    priceSource: 'last-sale',
    valueWei: '50000000000000000',
    addresses: ['0x52908400098527886E0F7030069857D2E4169EE7'],
    purchases: [
      {
        id: '5e4d3c2b-1a09-4f8e-9d7c-6b5a49382716',
        amount: '2500',
        costWei: '50000000000000000',
        purchasedAt: '2026-11-22T10:00:00.000Z',
        completedAt: '2026-11-22T10:00:05.000Z',
        transactionHash: hash,
        explorerUrl: `http://127.0.0.1/explorer/tx/${hash}`,
        vcUrl: null,
      },
    ],
    ...change,
  };
}

/** GET /api/holdings's answer around the given holdings and attempts, totals computed as the API does. */
export function holdingsAnswer(holdings: Holding[], attempts: PurchaseAttempt[] = []): HoldingsResponse {
  const priced = holdings.filter((holding) => holding.valueWei !== null);
  const total = priced.reduce((sum, holding) => sum + BigInt(holding.valueWei!), 0n);
  return {
    success: true,
    holdings,
    attempts,
    totals: {
      valueWei: total.toString(),
      unpriced: holdings.length - priced.length,
      allocation: priced.map((holding) => ({
        tokenId: holding.token.id,
        symbol: holding.token.symbol,
        name: holding.token.name,
        valueWei: holding.valueWei!,
        percent: ownershipPercent(BigInt(holding.valueWei!), total),
      })),
    },
  };
}

export function sampleAttempt(change: Partial<PurchaseAttempt> = {}): PurchaseAttempt {
  return {
    id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    token: {
      id: '3c2b1a09-8f7e-4d6c-9b5a-4f3e2d1c0b9a',
      name: 'Solar Farm',
      symbol: 'SOLR',
      tokenType: 'SPL',
      blockchain: 'solana',
      decimals: 0,
    },
    status: 'FAILED',
    amount: '10',
    costWei: '10000000000000000',
    error: messages.purchaseInsufficientFunds,
    createdAt: '2026-11-23T09:00:00.000Z',
    ...change,
  };
}
