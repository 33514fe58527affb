import { z } from 'zod';
import {
  decimalAnswer,
  DID_MAX,
  emailAnswer,
  LABEL_MAX,
  linkAnswer,
  textAnswer,
  timestampAnswer,
  txHashAnswer,
  UNPAGED_LIST_MAX,
} from './bounds.js';
import { TOKEN_TYPES } from './chain-families.js';
import { HoldingStateSchema } from './compliance.js';
import { ERROR_MESSAGE_MAX } from './errors.js';
import { TOKEN_NAME_MAX, TOKEN_SYMBOL_MAX } from './issuer.js';
import { messages } from './messages.js';

/** docs/product.md §2.9, §2.10, §3.4, §5, §7. */

export const PURCHASE_STATUSES = ['PENDING', 'SETTLING', 'COMPLETED', 'FAILED'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

/**
 * Whole tokens, as the dialog sends them (a number or a decimal string). Left out, it is missing
 * information like the DID and wallet; of another type (true, null, a list), a wrong amount.
 */
const amountField = z
  .union([z.number(), z.string().max(40)], {
    error: (issue) =>
      issue.input === undefined ? messages.purchaseMissingInfo : messages.purchaseAmountPositive,
  })
  .transform((value) => (typeof value === 'number' ? value.toFixed(18).replace(/\.?0+$/, '') : value.trim()))
  .refine((value) => /^\d+(\.\d+)?$/.test(value) && /[1-9]/.test(value), messages.purchaseAmountPositive);

const didField = z
  .string({ error: messages.purchaseMissingInfo })
  .trim()
  .min(1, messages.purchaseMissingInfo)
  .max(DID_MAX);
const walletField = z
  .string({ error: messages.purchaseMissingInfo })
  .trim()
  .min(1, messages.purchaseMissingInfo)
  .max(200);

export const EscrowPurchaseParamsSchema = z.object({
  escrowId: z.uuid({ error: messages.purchaseListingNotFound }),
});

export const EscrowPurchaseRequestSchema = z
  .strictObject({
    escrowId: z.uuid({ error: messages.purchaseListingNotFound }).optional(),
    amount: amountField,
    investorDid: didField,
    investorWallet: walletField,
  })
  .meta({ id: 'EscrowPurchaseRequest' });
export type EscrowPurchaseRequest = z.infer<typeof EscrowPurchaseRequestSchema>;

export const DirectPurchaseRequestSchema = z
  .strictObject({
    tokenId: z.uuid({ error: messages.purchaseListingNotFound }),
    amount: amountField,
    investorDid: didField,
    investorWallet: walletField,
    /** Sent null by the client (docs/product.md §7): the offer's price applies. */
    purchasePrice: z.null().optional(),
  })
  .meta({ id: 'DirectPurchaseRequest' });
export type DirectPurchaseRequest = z.infer<typeof DirectPurchaseRequestSchema>;

/** docs/product.md §4.7: the Idempotency-Key header of money-moving POSTs. */
export const IdempotencyKeySchema = z
  .string()
  .max(128, messages.idempotencyKeyInvalid)
  .regex(/^[A-Za-z0-9_.:-]{8,128}$/, messages.idempotencyKeyInvalid)
  .optional();

export const PurchaseSchema = z
  .object({
    id: z.uuid(),
    listingId: z.uuid(),
    tokenId: z.uuid(),
    tokenName: textAnswer(TOKEN_NAME_MAX),
    tokenSymbol: textAnswer(TOKEN_SYMBOL_MAX),
    tokenType: z.enum(TOKEN_TYPES),
    blockchain: textAnswer(LABEL_MAX),
    status: z.enum(PURCHASE_STATUSES),
    /** Whole tokens. */
    amount: decimalAnswer(),
    costETH: decimalAnswer(),
    percent: decimalAnswer(),
    paymentTxHash: txHashAnswer().nullable(),
    deliveryTxHash: txHashAnswer().nullable(),
    /** Why it failed: one of messages.ts, or the token's rules refusing (an error message). */
    error: textAnswer(ERROR_MESSAGE_MAX).nullable(),
    vcUrl: linkAnswer().nullable(),
    createdAt: timestampAnswer,
    completedAt: timestampAnswer.nullable(),
  })
  .meta({ id: 'Purchase' });
export type Purchase = z.infer<typeof PurchaseSchema>;

export const PurchaseResponseSchema = z
  .object({
    success: z.literal(true),
    data: z.object({
      purchase: PurchaseSchema,
      ownershipRecord: z.object({
        amount: decimalAnswer(),
        percent: decimalAnswer(),
        /** Null until the delivery transaction exists (the dialog shows 'Pending...'). */
        transactionHash: txHashAnswer().nullable(),
        /** The delivery transaction's explorer page, on the token's chain. */
        explorerUrl: linkAnswer().nullable(),
      }),
      vcData: z.object({ ipfsUrl: linkAnswer().nullable() }),
    }),
  })
  .meta({ id: 'PurchaseResponse' });
export type PurchaseResponse = z.infer<typeof PurchaseResponseSchema>;

export const PurchaseIdParamsSchema = z.object({ id: z.uuid({ error: messages.notFound }) });

export const InvestorAssetSchema = z
  .object({
    id: z.uuid(),
    tokenName: textAnswer(TOKEN_NAME_MAX),
    tokenSymbol: textAnswer(TOKEN_SYMBOL_MAX),
    tokenType: z.enum(TOKEN_TYPES),
    blockchain: textAnswer(LABEL_MAX),
    status: z.enum(PURCHASE_STATUSES),
    amount: decimalAnswer(),
    percent: decimalAnswer(),
    /** What the purchase cost in ETH (exact decimal): the portfolio's value at purchase price. */
    costETH: decimalAnswer(),
    issuer: z.object({ email: emailAnswer().nullable() }),
    purchasedAt: timestampAnswer,
    transactionHash: txHashAnswer().nullable(),
    /** The delivery transaction's explorer page, on the token's chain. */
    explorerUrl: linkAnswer().nullable(),
    vcUrl: linkAnswer().nullable(),
    tokenId: z.uuid(),
    /** What the token's rules hold of the buyer's balance now (frozen, locked up); null until delivered. */
    holding: HoldingStateSchema.nullable(),
  })
  .meta({ id: 'InvestorAsset' });
export type InvestorAsset = z.infer<typeof InvestorAssetSchema>;

export const MyAssetsResponseSchema = z
  // Every purchase of the investor, not paged: the product caps no count, this is far above any.
  .object({ success: z.literal(true), assets: z.array(InvestorAssetSchema).max(UNPAGED_LIST_MAX) })
  .meta({ id: 'MyAssetsResponse' });
export type MyAssetsResponse = z.infer<typeof MyAssetsResponseSchema>;
