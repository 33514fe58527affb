import { z } from 'zod';
import { TOKEN_TYPES } from './chain-families.js';
import { EligibilitySchema } from './compliance.js';
import { LISTING_KINDS, LISTING_STATUSES } from './issuer.js';

/** docs/product.md §2.8 and §3.4. */

export const MARKETPLACE_SORTS = ['newest', 'oldest', 'name', 'symbol'] as const;
export type MarketplaceSort = (typeof MARKETPLACE_SORTS)[number];

/** The Status filter of docs/product.md §2.8 (a listing's status). */
export const MARKETPLACE_STATUS_FILTERS = ['DEPLOYED', 'DEPLOYING', 'FAILED'] as const;

export const MarketplaceQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  tokenType: z.enum(TOKEN_TYPES).optional(),
  status: z.enum(MARKETPLACE_STATUS_FILTERS).optional(),
  sort: z.enum(MARKETPLACE_SORTS).default('newest'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(300).optional(),
});
export type MarketplaceQuery = z.infer<typeof MarketplaceQuerySchema>;

export const MarketplaceTokenSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    symbol: z.string(),
    description: z.string(),
    tokenType: z.enum(TOKEN_TYPES),
    assetCategory: z.string(),
    contractAddress: z.string().nullable(),
    /** Whole tokens. */
    totalSupply: z.string(),
    decimals: z.number().int(),
    metadata: z.record(z.string(), z.unknown()),
    blockchain: z.string(),
  })
  .meta({ id: 'MarketplaceToken' });

export const MarketplaceListingSchema = z
  .object({
    /** The listing id; null for a direct sale from the issuer's treasury (bought by tokenId). */
    escrowId: z.uuid().nullable(),
    listingId: z.uuid(),
    kind: z.enum(LISTING_KINDS),
    token: MarketplaceTokenSchema,
    blockchain: z.string(),
    network: z.string(),
    environment: z.string(),
    /** Whole tokens still available. */
    tokenAmount: z.string(),
    priceETH: z.string(),
    deadline: z.string(),
    issuer: z.object({ email: z.string().nullable() }),
    userId: z.uuid(),
    status: z.enum(LISTING_STATUSES),
    available: z.boolean(),
    explorerUrl: z.string().nullable(),
    createdAt: z.string(),
    /** Whether the signed-in investor may buy, and if not why; null for issuers and administrators. */
    eligibility: EligibilitySchema.nullable(),
  })
  .meta({ id: 'MarketplaceListing' });
export type MarketplaceListing = z.infer<typeof MarketplaceListingSchema>;

export const MarketplaceSummarySchema = z
  .object({
    totalTokens: z.number().int(),
    availableForInvestment: z.number().int(),
    activeIssuers: z.number().int(),
    /** docs/product.md §2.8: fixed '$0'. */
    totalValue: z.literal('$0'),
  })
  .meta({ id: 'MarketplaceSummary' });

export const MarketplaceResponseSchema = z
  .object({
    success: z.literal(true),
    data: z.object({
      listings: z.array(MarketplaceListingSchema),
      /** Listings matching the filters (the '{n} tokens found' count); the summary is of the same set. */
      total: z.number().int(),
      summary: MarketplaceSummarySchema,
      nextCursor: z.string().nullable(),
    }),
  })
  .meta({ id: 'MarketplaceResponse' });
export type MarketplaceResponse = z.infer<typeof MarketplaceResponseSchema>;

/**
 * The demo issuer the embedded defaults seed (docs/product.md, demo market): its listings carry a
 * "Demo" mark in the marketplace so nobody mistakes them for a real offer.
 */
export const DEMO_ISSUER_EMAIL = 'demo-issuer@portal.localhost';
