import { z } from 'zod';
import { cidAnswer, linkAnswer, textAnswer, timestampAnswer, txHashAnswer } from './bounds.js';
import { base64UploadLength } from './fields.js';
import { messages } from './messages.js';

/**
 * A token's offering documents and the buyer's acknowledgement of its terms (docs/product.md,
 * ADR 73). The issuer attaches PDFs (stored content-addressed, recorded on chain as ERC-1643 on
 * the EVM); investors read them from the listing and acknowledge the current versions before
 * their first purchase of the token.
 */

/** One IPFS block (the embedded store's and the kubo/Pinata CID agree up to this size). */
export const OFFERING_DOCUMENT_MAX_BYTES = 256 * 1024;
/** ERC-1643 names a document with a bytes32: at most 32 bytes of UTF-8. */
export const OFFERING_DOCUMENT_NAME_MAX_BYTES = 32;
/** A token's documents at one time; acknowledgements name at most this many hashes. */
export const OFFERING_DOCUMENTS_MAX = 20;

export const OFFERING_DOCUMENT_STATUSES = [
  'PENDING',
  'CURRENT',
  'SUPERSEDED',
  'REMOVING',
  'REMOVED',
  'FAILED',
] as const;
export type OfferingDocumentStatus = (typeof OFFERING_DOCUMENT_STATUSES)[number];

/** Bytes of `text` in UTF-8 (a lone surrogate counts as the 3 bytes of its replacement character). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const point = char.codePointAt(0)!;
    bytes += point < 0x80 ? 1 : point < 0x800 ? 2 : point < 0x10000 ? 3 : 4;
  }
  return bytes;
}
/** sha256 as the chain records it: 0x and 64 lower-case hex digits. */
const DOCUMENT_HASH = /^0x[0-9a-f]{64}$/;
const documentHash = (message?: string) => z.string().max(66, message).regex(DOCUMENT_HASH, message);

export const OfferingDocumentUploadSchema = z
  .strictObject({
    name: z
      .string({ error: messages.offeringDocumentNameRequired })
      .trim()
      .min(1, messages.offeringDocumentNameRequired)
      // Bytes are at least characters: the bound the OpenAPI document states, before the exact one.
      .max(OFFERING_DOCUMENT_NAME_MAX_BYTES, messages.offeringDocumentNameTooLong)
      .refine(
        (name) => utf8Length(name) <= OFFERING_DOCUMENT_NAME_MAX_BYTES,
        messages.offeringDocumentNameTooLong,
      )
      .refine((name) => !/\p{Cc}/u.test(name), messages.offeringDocumentNameRequired),
    contentType: z.literal('application/pdf', { error: messages.offeringDocumentNotPdf }),
    data: z
      .string({ error: messages.offeringDocumentRequired })
      .min(1, messages.offeringDocumentRequired)
      // The size is checked once decoded (413).
      .max(base64UploadLength(OFFERING_DOCUMENT_MAX_BYTES), messages.offeringDocumentTooLarge)
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, messages.offeringDocumentNotPdf),
  })
  .meta({ id: 'OfferingDocumentUpload' });
export type OfferingDocumentUpload = z.infer<typeof OfferingDocumentUploadSchema>;

export const OfferingDocumentParamsSchema = z.object({
  id: z.uuid({ error: messages.notFound }),
  documentId: z.uuid({ error: messages.offeringDocumentNotFound }),
});

export const OfferingDocumentSchema = z
  .object({
    id: z.uuid(),
    tokenId: z.uuid(),
    name: textAnswer(100),
    version: z.number().int(),
    status: z.enum(OFFERING_DOCUMENT_STATUSES),
    /** sha256 of the exact bytes, as recorded (ERC-1643's documentHash). */
    documentHash: documentHash(),
    cid: cidAnswer,
    size: z.number().int(),
    /** The portal's download link: it serves the bytes only when they still hash to documentHash. */
    downloadUrl: linkAnswer(),
    /** Whether the token's chain records the document (ERC-1643 on the EVM; ADR 73). */
    onChain: z.boolean(),
    txHash: txHashAnswer().nullable(),
    explorerUrl: linkAnswer().nullable(),
    error: textAnswer(500).nullable(),
    createdAt: timestampAnswer,
    /** When it became the current version (null while pending). */
    recordedAt: timestampAnswer.nullable(),
  })
  .meta({ id: 'OfferingDocument' });
export type OfferingDocument = z.infer<typeof OfferingDocumentSchema>;

export const OfferingDocumentResponseSchema = z
  .object({ success: z.literal(true), data: OfferingDocumentSchema })
  .meta({ id: 'OfferingDocumentResponse' });

/** The issuer's view: every version, newest first. */
export const IssuerOfferingDocumentsResponseSchema = z
  .object({
    success: z.literal(true),
    data: z.object({ documents: z.array(OfferingDocumentSchema).max(1000) }),
  })
  .meta({ id: 'IssuerOfferingDocumentsResponse' });

export const AcknowledgementSchema = z
  .object({
    tokenId: z.uuid(),
    documentHashes: z.array(documentHash()).max(OFFERING_DOCUMENTS_MAX),
    acknowledgedAt: timestampAnswer,
  })
  .meta({ id: 'OfferingAcknowledgement' });
export type Acknowledgement = z.infer<typeof AcknowledgementSchema>;

/** The investor's view: the current documents and whether the caller's acknowledgement covers them. */
export const OfferingDocumentsResponseSchema = z
  .object({
    success: z.literal(true),
    data: z.object({
      documents: z.array(OfferingDocumentSchema).max(OFFERING_DOCUMENTS_MAX),
      /** False when the token has documents the caller has not acknowledged in their current version. */
      acknowledged: z.boolean(),
      acknowledgedAt: timestampAnswer.nullable(),
    }),
  })
  .meta({ id: 'OfferingDocumentsResponse' });
export type OfferingDocumentsView = z.infer<typeof OfferingDocumentsResponseSchema>['data'];

export const AcknowledgementRequestSchema = z
  .strictObject({
    documentHashes: z
      .array(documentHash(messages.offeringDocumentsChanged), {
        error: messages.offeringAcknowledgementRequired,
      })
      .min(1, messages.offeringAcknowledgementRequired)
      .max(OFFERING_DOCUMENTS_MAX, messages.offeringDocumentsChanged),
  })
  .meta({ id: 'OfferingAcknowledgementRequest' });
export type AcknowledgementRequest = z.infer<typeof AcknowledgementRequestSchema>;

export const AcknowledgementResponseSchema = z
  .object({ success: z.literal(true), data: AcknowledgementSchema })
  .meta({ id: 'OfferingAcknowledgementResponse' });
