import { z } from 'zod';
import {
  AMOUNT_MAX,
  LABEL_MAX,
  addressAnswer,
  linkAnswer,
  textAnswer,
  timestampAnswer,
  txHashAnswer,
} from './bounds.js';
import { EligibilitySchema } from './compliance.js';
import { unitsAnswer } from './holdings.js';
import { messages } from './messages.js';

/**
 * Transfers between investors and withdrawals to one's own linked wallet (ADR 76). A sender names
 * the receiver by the transfer handle the receiver gave them (never an e-mail, never a list) or by
 * one of their own linked wallets; amounts travel in the token's decimal notation and come back in
 * base units.
 */

/** Crockford's base32 (no I, L, O, U: nothing to misread when it is read out or typed). */
export const HANDLE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const HANDLE_LENGTH = 10;
const HANDLE = new RegExp(`^[${HANDLE_ALPHABET}]{${HANDLE_LENGTH}}$`);

/** The most transfers a history answers (newest first). */
export const TRANSFERS_LISTED = 100;

/**
 * A handle as people type it: any case, grouped with spaces or dashes ("k7qm-2x9p-ab"); normalised
 * to its ten characters.
 */
export const TransferHandleSchema = z
  .string({ error: messages.transferHandleInvalid })
  .max(40, messages.transferHandleInvalid)
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .refine((value) => HANDLE.test(value), messages.transferHandleInvalid);

/** Groups a handle for reading: "K7QM2-X9PAB". */
export const formatHandle = (handle: string) => `${handle.slice(0, 5)}-${handle.slice(5)}`;

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export const TransferTargetSchema = z.union(
  [
    z.strictObject({ handle: TransferHandleSchema }),
    z.strictObject({
      wallet: z
        .string({ error: messages.transferWalletInvalid })
        .trim()
        .max(42, messages.transferWalletInvalid)
        .regex(EVM_ADDRESS, messages.transferWalletInvalid),
    }),
  ],
  { error: messages.transferTargetRequired },
);
export type TransferTarget = z.infer<typeof TransferTargetSchema>;

export const TransferRequestSchema = z
  .strictObject({
    tokenId: z.uuid({ error: messages.transferTokenInvalid }),
    /** In the token's decimal notation ('2', '0.5'); whole items for ERC-721 and ERC-1155. */
    amount: z
      .string({ error: messages.transferAmountInvalid })
      .trim()
      .max(AMOUNT_MAX, messages.transferAmountInvalid)
      .regex(/^\d+(\.\d+)?$/, messages.transferAmountInvalid)
      .refine((value) => /[1-9]/.test(value), messages.transferAmountInvalid),
    to: TransferTargetSchema,
  })
  .meta({ id: 'TransferRequest' });
export type TransferRequest = z.input<typeof TransferRequestSchema>;

export const TRANSFER_STATUSES = ['PENDING', 'COMPLETED', 'FAILED'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
/** To another investor, or out of custody to the sender's own linked wallet. */
export const TRANSFER_KINDS = ['peer', 'withdrawal'] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

export const TransferSchema = z
  .object({
    id: z.uuid(),
    /** Seen from the caller: 'out' they sent it, 'in' they received it. */
    direction: z.enum(['in', 'out']),
    kind: z.enum(TRANSFER_KINDS),
    tokenId: z.uuid(),
    tokenName: textAnswer(LABEL_MAX),
    symbol: textAnswer(LABEL_MAX),
    decimals: z.number().int().min(0).max(36),
    /** Base units. */
    amount: unitsAnswer(),
    /**
     * Who is on the other side, as the caller may see it: the handle they sent to, their own
     * wallet's address, or null for a receiver (the sender is "a verified investor").
     */
    counterparty: textAnswer(LABEL_MAX).nullable(),
    status: z.enum(TRANSFER_STATUSES),
    txHash: txHashAnswer().nullable(),
    explorerUrl: linkAnswer().nullable(),
    /** Why the chain refused it (FAILED), in English; the tokens are back in the books. */
    error: textAnswer(LABEL_MAX).nullable(),
    createdAt: timestampAnswer,
    completedAt: timestampAnswer.nullable(),
  })
  .meta({ id: 'Transfer' });
export type Transfer = z.infer<typeof TransferSchema>;

export const TransferResponseSchema = z
  .object({ success: z.literal(true), transfer: TransferSchema })
  .meta({ id: 'TransferResponse' });

export const TransfersResponseSchema = z
  .object({ success: z.literal(true), transfers: z.array(TransferSchema).max(TRANSFERS_LISTED) })
  .meta({ id: 'TransfersResponse' });
export type TransfersResponse = z.infer<typeof TransfersResponseSchema>;

export const TransferHandleResponseSchema = z
  .object({
    success: z.literal(true),
    handle: z.string().length(HANDLE_LENGTH).regex(HANDLE),
  })
  .meta({ id: 'TransferHandleResponse' });

/**
 * "May I send this, and if not why" before anything is signed: the receiver is only ever "a
 * verified investor" (or the caller's own wallet), with the token's answer for this amount.
 */
export const TransferCheckResponseSchema = z
  .object({
    success: z.literal(true),
    recipient: z.object({
      kind: z.enum(TRANSFER_KINDS),
      /** The caller's own wallet for a withdrawal; null for another investor. */
      address: addressAnswer().nullable(),
    }),
    eligibility: EligibilitySchema,
  })
  .meta({ id: 'TransferCheckResponse' });
export type TransferCheckResponse = z.infer<typeof TransferCheckResponseSchema>;
