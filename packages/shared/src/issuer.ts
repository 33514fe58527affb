import { z } from 'zod';
import {
  addressAnswer,
  decimalAnswer,
  emailAnswer,
  LABEL_MAX,
  linkAnswer,
  MESSAGE_MAX,
  PAGE_LIMIT_MAX,
  PERSON_NAME_MAX,
  REASON_MAX,
  textAnswer,
  timestampAnswer,
  txHashAnswer,
  UNPAGED_LIST_MAX,
} from './bounds.js';
import { CHAIN_FAMILIES, TOKEN_TYPE_MAX_DECIMALS, TOKEN_TYPES, type TokenType } from './chain-families.js';
import { parseUnits } from './money.js';
import { ORGANISATION_NAME_MAX, organisationNameField } from './fields.js';
import { messages } from './messages.js';
import { isDisplayName } from './text.js';

/** The issuer console (ISSUER and ADMIN): tokens deployed on real chains and escrow listings. */

export const TOKEN_STATUSES = ['CREATING', 'DEPLOYING', 'DEPLOYED', 'FAILED'] as const;
export type TokenStatus = (typeof TOKEN_STATUSES)[number];

/** Listing statuses (docs/product.md §4.9); a listing is DEPLOYED once its tokens sit in escrow. */
export const LISTING_STATUSES = ['PENDING', 'DEPLOYING', 'DEPLOYED', 'FAILED', 'CLOSED'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export const LISTING_KINDS = ['escrow', 'direct'] as const;
export type ListingKind = (typeof LISTING_KINDS)[number];

export const ASSET_CATEGORIES = [
  'Real Estate',
  'Equity',
  'Debt',
  'Commodity',
  'Art & Collectibles',
  'Fund',
  'Other',
] as const;

/** Largest supply in whole tokens / items (ERC-721 items are minted one by one at deploy). */
export const MAX_ITEM_SUPPLY = 1000;
export const MAX_FUNGIBLE_SUPPLY = 10n ** 15n;
/** Stellar amounts are int64 in units of 10^-7 (about 922 billion whole tokens at most). */
export const STELLAR_MAX_STROOPS = 2n ** 63n - 1n;

/** A token's name, symbol and description, as the create request bounds them. */
export const TOKEN_NAME_MAX = 64;
export const TOKEN_SYMBOL_MAX = 11;
export const TOKEN_DESCRIPTION_MAX = 2000;
/** Public attributes of a token: up to 20 pairs of a 40-character name and a 200-character value. */
export const METADATA_KEY_MAX = 40;
const METADATA_VALUE_MAX = 200;

const text = (max: number, required: string) =>
  z.string({ error: required }).trim().min(1, required).max(max);
/** Decimal amounts: 40 characters hold any amount the portal can carry (18 decimals, 10^24 wei). */
const decimalString = z.union([z.string().max(40), z.number()]).transform((value) => String(value).trim());

export const CreateTokenRequestSchema = z
  .strictObject({
    name: text(TOKEN_NAME_MAX, messages.issuerTokenNameRequired).refine(
      isDisplayName,
      messages.displayNameInvisible,
    ),
    symbol: z
      .string({ error: messages.issuerTokenSymbolInvalid })
      .trim()
      .max(TOKEN_SYMBOL_MAX, messages.issuerTokenSymbolInvalid)
      .regex(/^[A-Za-z0-9]{1,11}$/, messages.issuerTokenSymbolInvalid)
      .transform((symbol) => symbol.toUpperCase()),
    description: z.string().trim().max(TOKEN_DESCRIPTION_MAX).default(''),
    tokenType: z.enum(TOKEN_TYPES, { error: messages.issuerTokenTypeInvalid }),
    /** Optional: the chain follows from the token type; naming another one is refused. */
    blockchain: z.enum(CHAIN_FAMILIES, { error: messages.issuerChainUnsupported }).optional(),
    assetCategory: z.enum(ASSET_CATEGORIES, { error: messages.issuerAssetCategoryInvalid }),
    decimals: z.coerce.number().int().min(0).max(18).default(0),
    /** Whole tokens (a decimal string for fungible tokens, a count for items). */
    totalSupply: decimalString,
    /** Public attributes shown with the token (no personal data): up to 20 short text pairs. */
    metadata: z
      .record(z.string().trim().min(1).max(METADATA_KEY_MAX), z.string().trim().max(METADATA_VALUE_MAX))
      .refine((record) => Object.keys(record).length <= 20, messages.validationFailed)
      .default({}),
  })
  .superRefine((token, ctx) => {
    if (token.decimals > TOKEN_TYPE_MAX_DECIMALS[token.tokenType]) {
      ctx.addIssue({ code: 'custom', path: ['decimals'], message: messages.issuerDecimalsTooMany });
    }
    // Runs even when a field failed its own check (decimals -1 made `10n ** -1n` throw, a 500).
    const decimalsValid = Number.isInteger(token.decimals) && token.decimals >= 0 && token.decimals <= 18;
    if (typeof token.totalSupply !== 'string' || !decimalsValid) return;
    const supply = parseUnits(token.totalSupply, token.decimals);
    const max = isItemToken(token.tokenType) ? BigInt(MAX_ITEM_SUPPLY) : MAX_FUNGIBLE_SUPPLY;
    if (
      supply === undefined ||
      supply <= 0n ||
      supply > max * 10n ** BigInt(token.decimals) ||
      // A Stellar amount is a signed 64-bit count of 10^-7 units, whatever the token's decimals.
      (token.tokenType === 'STELLAR' &&
        token.decimals <= 7 &&
        supply * 10n ** BigInt(7 - token.decimals) > STELLAR_MAX_STROOPS)
    ) {
      ctx.addIssue({ code: 'custom', path: ['totalSupply'], message: messages.issuerSupplyInvalid });
    }
  })
  .meta({ id: 'CreateTokenRequest' });
export type CreateTokenRequest = z.infer<typeof CreateTokenRequestSchema>;

export function isItemToken(type: TokenType): boolean {
  return type === 'ERC721';
}

/** A token's public attributes as stored (the create request's bounds). */
const TokenMetadataSchema = z.record(textAnswer(METADATA_KEY_MAX), textAnswer(METADATA_VALUE_MAX));

export const IssuerTokenSchema = z
  .object({
    id: z.uuid(),
    name: textAnswer(TOKEN_NAME_MAX),
    symbol: textAnswer(TOKEN_SYMBOL_MAX),
    description: textAnswer(TOKEN_DESCRIPTION_MAX),
    tokenType: z.enum(TOKEN_TYPES),
    assetCategory: textAnswer(LABEL_MAX),
    decimals: z.number().int(),
    totalSupply: decimalAnswer(),
    /** Whole tokens still in the issuer's treasury (not in escrow, not sold). */
    treasuryAmount: decimalAnswer(),
    blockchain: textAnswer(LABEL_MAX),
    network: textAnswer(LABEL_MAX),
    environment: textAnswer(LABEL_MAX),
    metadata: TokenMetadataSchema,
    status: z.enum(TOKEN_STATUSES),
    contractAddress: addressAnswer().nullable(),
    deployTxHash: txHashAnswer().nullable(),
    explorerUrl: linkAnswer().nullable(),
    /** One of messages.ts (the deploy job records no outside text). */
    error: textAnswer(MESSAGE_MAX).nullable(),
    createdAt: timestampAnswer,
  })
  .meta({ id: 'IssuerToken' });
export type IssuerToken = z.infer<typeof IssuerTokenSchema>;

export const CreateListingRequestSchema = z
  .strictObject({
    tokenId: z.uuid({ error: messages.issuerTokenNotFound }),
    kind: z.enum(LISTING_KINDS).default('escrow'),
    /** Whole tokens offered. */
    tokenAmount: decimalString,
    priceETH: decimalString.refine((price) => {
      const wei = parseUnits(price, 18);
      return wei !== undefined && wei > 0n && wei <= 10n ** 24n;
    }, messages.issuerPriceInvalid),
    deadline: z.iso
      .datetime({ offset: true, error: messages.issuerDeadlineInvalid })
      .max(40, messages.issuerDeadlineInvalid),
  })
  .meta({ id: 'CreateListingRequest' });
export type CreateListingRequest = z.infer<typeof CreateListingRequestSchema>;

export const IssuerListingSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(LISTING_KINDS),
    tokenId: z.uuid(),
    tokenName: textAnswer(TOKEN_NAME_MAX),
    tokenSymbol: textAnswer(TOKEN_SYMBOL_MAX),
    tokenType: z.enum(TOKEN_TYPES),
    tokenAmount: decimalAnswer(),
    soldAmount: decimalAnswer(),
    /** ETH the issuer received for what was sold. */
    proceedsETH: decimalAnswer(),
    reservedAmount: decimalAnswer(),
    priceETH: decimalAnswer(),
    deadline: timestampAnswer,
    status: z.enum(LISTING_STATUSES),
    available: z.boolean(),
    txHash: txHashAnswer().nullable(),
    /** One of messages.ts (the listing job records no outside text). */
    error: textAnswer(MESSAGE_MAX).nullable(),
    /** An administrator suspended it: nothing sells and it cannot be cancelled until lifted. */
    suspended: z.boolean(),
    suspensionReason: textAnswer(REASON_MAX).nullable(),
    createdAt: timestampAnswer,
  })
  .meta({ id: 'IssuerListing' });
export type IssuerListing = z.infer<typeof IssuerListingSchema>;

export const IssuerTokensResponseSchema = z
  // Not paged: an issuer's own tokens and listings, far fewer than this.
  .object({ success: z.literal(true), tokens: z.array(IssuerTokenSchema).max(UNPAGED_LIST_MAX) })
  .meta({ id: 'IssuerTokensResponse' });
export const IssuerTokenResponseSchema = z
  .object({ success: z.literal(true), token: IssuerTokenSchema })
  .meta({ id: 'IssuerTokenResponse' });
export const IssuerListingsResponseSchema = z
  .object({ success: z.literal(true), listings: z.array(IssuerListingSchema).max(UNPAGED_LIST_MAX) })
  .meta({ id: 'IssuerListingsResponse' });
export const IssuerListingResponseSchema = z
  .object({ success: z.literal(true), listing: IssuerListingSchema })
  .meta({ id: 'IssuerListingResponse' });

export const IdParamsSchema = z.object({ id: z.uuid({ error: messages.notFound }) });

// ----- onboarding (ADR 55): an issuer applies, an administrator approves -----

export const ISSUER_APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type IssuerApplicationStatus = (typeof ISSUER_APPLICATION_STATUSES)[number];

/** What an application still needs before an administrator can approve it. */
export const ISSUER_REQUIREMENTS = ['organisationName', 'businessDocuments', 'identityVerified'] as const;
export type IssuerRequirement = (typeof ISSUER_REQUIREMENTS)[number];

export const IssuerApplicationSchema = z
  .object({
    status: z.enum(ISSUER_APPLICATION_STATUSES),
    organisationName: textAnswer(ORGANISATION_NAME_MAX).nullable(),
    /** The reviewer's reason, on a rejection. */
    reason: textAnswer(REASON_MAX).nullable(),
    /** Empty once the application can be approved. */
    missing: z.array(z.enum(ISSUER_REQUIREMENTS)).max(ISSUER_REQUIREMENTS.length),
    kycStatus: z.enum(['not_started', 'pending', 'verified', 'rejected', 'rejected_final']),
    kybStatus: z.enum(['not_submitted', 'pending', 'approved', 'rejected']),
    businessDocuments: z.number().int().nonnegative(),
    submittedAt: timestampAnswer,
    decidedAt: timestampAnswer.nullable(),
  })
  .meta({ id: 'IssuerApplication' });
export type IssuerApplication = z.infer<typeof IssuerApplicationSchema>;

export const IssuerApplicationResponseSchema = z
  .object({
    success: z.literal(true),
    message: textAnswer(MESSAGE_MAX).optional(),
    application: IssuerApplicationSchema,
  })
  .meta({ id: 'IssuerApplicationResponse' });

export const IssuerApplicationUpdateSchema = z
  .strictObject({ organisationName: organisationNameField })
  .meta({ id: 'IssuerApplicationUpdate' });
export type IssuerApplicationUpdate = z.infer<typeof IssuerApplicationUpdateSchema>;

/** An application in the admin console's queue, with the person behind it. */
export const IssuerReviewItemSchema = IssuerApplicationSchema.extend({
  userId: z.uuid(),
  name: textAnswer(PERSON_NAME_MAX),
  email: emailAnswer(),
  role: z.enum(['ADMIN', 'ISSUER', 'INVESTOR']),
  decidedByEmail: emailAnswer().nullable(),
}).meta({ id: 'IssuerReviewItem' });
export type IssuerReviewItem = z.infer<typeof IssuerReviewItemSchema>;

export const IssuerApplicationsResponseSchema = z
  .object({ success: z.literal(true), applications: z.array(IssuerReviewItemSchema).max(PAGE_LIMIT_MAX) })
  .meta({ id: 'IssuerApplicationsResponse' });

export const IssuerDecisionResponseSchema = z
  .object({ success: z.literal(true), application: IssuerReviewItemSchema })
  .meta({ id: 'IssuerDecisionResponse' });

/**
 * GET /api/issuer/chains: the chains this deployment can issue on. Ethereum and Solana always;
 * Ripple and Stellar only where an operator configured a node (ADR 66).
 */
export const IssuerChainsResponseSchema = z
  .object({ success: z.literal(true), chains: z.array(z.enum(CHAIN_FAMILIES)).max(CHAIN_FAMILIES.length) })
  .meta({ id: 'IssuerChainsResponse' });
export type IssuerChainsResponse = z.infer<typeof IssuerChainsResponseSchema>;
