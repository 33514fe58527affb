import { z } from 'zod';
import { DidMetadataSchema } from './auth.js';
import { didAnswer, LABEL_MAX, linkAnswer, MESSAGE_MAX, textAnswer } from './bounds.js';
import { messages } from './messages.js';

/**
 * Decentralized identifiers (docs/product.md §2.6, §4.4, §7). Every DID here is a did:key over an
 * Ed25519 public key in its Multikey form: multicodec 0xed01 in base58btc, which reads 'z6Mk…'.
 */
export const ED25519_DID_KEY_PATTERN = /^did:key:z6Mk[1-9A-HJ-NP-Za-km-z]+$/;

/** The start call takes no body; an empty JSON object is accepted too. */
export const DidStartRequestSchema = z.strictObject({}).meta({ id: 'DidStartRequest' });

export const DidStartResponseSchema = z
  .object({ success: z.literal(true), didMetadata: DidMetadataSchema, message: textAnswer(MESSAGE_MAX) })
  .meta({ id: 'DidStartResponse' });
export type DidStartResponse = z.infer<typeof DidStartResponseSchema>;

/** `didMetadata` is null until the user starts a DID. */
export const DidInfoResponseSchema = z
  .object({ success: z.literal(true), didMetadata: DidMetadataSchema.nullable() })
  .meta({ id: 'DidInfoResponse' });
export type DidInfoResponse = z.infer<typeof DidInfoResponseSchema>;

export const DidResolveParamsSchema = z.object({
  did: z.string().max(120, messages.didKeyOnly).regex(ED25519_DID_KEY_PATTERN, messages.didKeyOnly),
});

/** A did:key document has one key and a context or two; a few more leave room for other methods. */
const DID_DOCUMENT_ENTRIES_MAX = 20;

export const VerificationMethodSchema = z.looseObject({
  id: didAnswer,
  type: textAnswer(LABEL_MAX),
  controller: didAnswer,
  // An Ed25519 key in Multikey form is 48 characters.
  publicKeyMultibase: textAnswer(LABEL_MAX),
});

export const DidDocumentSchema = z
  .looseObject({
    '@context': z.array(linkAnswer()).max(DID_DOCUMENT_ENTRIES_MAX),
    id: didAnswer,
    verificationMethod: z.array(VerificationMethodSchema).max(DID_DOCUMENT_ENTRIES_MAX),
    authentication: z.array(didAnswer).max(DID_DOCUMENT_ENTRIES_MAX),
    assertionMethod: z.array(didAnswer).max(DID_DOCUMENT_ENTRIES_MAX),
  })
  .meta({ id: 'DidDocument' });
export type DidDocument = z.infer<typeof DidDocumentSchema>;

export const DidResolveResponseSchema = z
  .object({ success: z.literal(true), didDocument: DidDocumentSchema })
  .meta({ id: 'DidResolveResponse' });
export type DidResolveResponse = z.infer<typeof DidResolveResponseSchema>;
