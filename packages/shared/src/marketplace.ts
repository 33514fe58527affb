import { z } from 'zod';
import {
  addressAnswer,
  CURSOR_MAX,
  cursorAnswer,
  decimalAnswer,
  emailAnswer,
  LABEL_MAX,
  linkAnswer,
  textAnswer,
  timestampAnswer,
} from './bounds.js';
import { TOKEN_TYPES } from './chain-families.js';
import { EligibilitySchema } from './compliance.js';
import {
  LISTING_KINDS,
  LISTING_STATUSES,
  METADATA_KEY_MAX,
  TOKEN_DESCRIPTION_MAX,
  TOKEN_NAME_MAX,
  TOKEN_SYMBOL_MAX,
} from './issuer.js';

/** docs/product.md §2.8 and §3.4. */

export const MARKETPLACE_SORTS = ['newest', 'oldest', 'name', 'symbol'] as const;
export type MarketplaceSort = (typeof MARKETPLACE_SORTS)[number];

/** The Status filter of docs/product.md §2.8 (a listing's status). */
export const MARKETPLACE_STATUS_FILTERS = ['DEPLOYED', 'DEPLOYING', 'FAILED'] as const;

/** The most listings one page of the marketplace holds. */
const MARKETPLACE_PAGE_MAX = 100;

export const MarketplaceQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  tokenType: z.enum(TOKEN_TYPES).optional(),
  status: z.enum(MARKETPLACE_STATUS_FILTERS).optional(),
  sort: z.enum(MARKETPLACE_SORTS).default('newest'),
  limit: z.coerce.number().int().min(1).max(MARKETPLACE_PAGE_MAX).default(50),
  cursor: z.string().max(CURSOR_MAX).optional(),
});
export type MarketplaceQuery = z.infer<typeof MarketplaceQuerySchema>;

export const MarketplaceTokenSchema = z
  .object({
    id: z.uuid(),
    name: textAnswer(TOKEN_NAME_MAX),
    symbol: textAnswer(TOKEN_SYMBOL_MAX),
    description: textAnswer(TOKEN_DESCRIPTION_MAX),
    tokenType: z.enum(TOKEN_TYPES),
    assetCategory: textAnswer(LABEL_MAX),
    contractAddress: addressAnswer().nullable(),
    /** Whole tokens. */
    totalSupply: decimalAnswer(),
    decimals: z.number().int(),
    metadata: z.record(textAnswer(METADATA_KEY_MAX), z.unknown()),
    blockchain: textAnswer(LABEL_MAX),
  })
  .meta({ id: 'MarketplaceToken' });

export const MarketplaceListingSchema = z
  .object({
    /** The listing id; null for a direct sale from the issuer's treasury (bought by tokenId). */
    escrowId: z.uuid().nullable(),
    listingId: z.uuid(),
    kind: z.enum(LISTING_KINDS),
    token: MarketplaceTokenSchema,
    blockchain: textAnswer(LABEL_MAX),
    network: textAnswer(LABEL_MAX),
    environment: textAnswer(LABEL_MAX),
    /** Whole tokens still available. */
    tokenAmount: decimalAnswer(),
    priceETH: decimalAnswer(),
    deadline: timestampAnswer,
    issuer: z.object({ email: emailAnswer().nullable() }),
    userId: z.uuid(),
    status: z.enum(LISTING_STATUSES),
    available: z.boolean(),
    explorerUrl: linkAnswer().nullable(),
    createdAt: timestampAnswer,
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
      listings: z.array(MarketplaceListingSchema).max(MARKETPLACE_PAGE_MAX),
      /** Listings matching the filters (the '{n} tokens found' count); the summary is of the same set. */
      total: z.number().int(),
      summary: MarketplaceSummarySchema,
      nextCursor: cursorAnswer.nullable(),
    }),
  })
  .meta({ id: 'MarketplaceResponse' });
export type MarketplaceResponse = z.infer<typeof MarketplaceResponseSchema>;

/**
 * The demo issuer the embedded defaults seed (docs/product.md, demo market): its listings carry a
 * "Demo" mark in the marketplace so nobody mistakes them for a real offer.
 */
export const DEMO_ISSUER_EMAIL = 'demo-issuer@portal.localhost';
