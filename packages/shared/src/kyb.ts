import { z } from 'zod';
import {
  emailAnswer,
  MESSAGE_MAX,
  PAGE_LIMIT_MAX,
  PERSON_NAME_MAX,
  REASON_MAX,
  textAnswer,
  timestampAnswer,
} from './bounds.js';
import { base64UploadLength } from './fields.js';
import { messages } from './messages.js';

/**
 * Know Your Business (docs/product.md §2.12, §4.8; ADR 0046). A company investor
 * uploads business documents; the first upload opens an application that stays 'pending' until an
 * administrator approves or rejects it. Uploading again after a rejection reopens it.
 */

export const KYB_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type KybStatus = (typeof KYB_STATUSES)[number];
/** What the user sees: 'not_submitted' until their first document. */
export const KYB_VIEW_STATUSES = ['not_submitted', ...KYB_STATUSES] as const;
export type KybViewStatus = (typeof KYB_VIEW_STATUSES)[number];

export const KYB_DOCUMENT_CONTENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type KybDocumentContentType = (typeof KYB_DOCUMENT_CONTENT_TYPES)[number];
/** Per file; a scanned certificate or articles of association fit comfortably. */
export const KYB_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Per application: incorporation, articles, registers, proof of address, signatories, one spare. */
export const KYB_MAX_DOCUMENTS = 6;
export const KYB_FILE_NAME_MAX = 200;
export const KYB_REASON_MAX = REASON_MAX;

/** Base64 in JSON, as the avatar and the KYC document uploads: JSON is the API's only body format. */
export const KybUploadSchema = z
  .strictObject({
    fileName: z
      .string({ error: messages.kybFileNameRequired })
      .trim()
      .min(1, messages.kybFileNameRequired)
      .max(KYB_FILE_NAME_MAX, messages.kybFileNameTooLong),
    contentType: z.enum(KYB_DOCUMENT_CONTENT_TYPES, { error: messages.kycDocumentUnsupported }),
    data: z
      .string({ error: messages.kybDocumentRequired })
      .min(1, messages.kybDocumentRequired)
      // The size is checked once decoded (413).
      .max(base64UploadLength(KYB_DOCUMENT_MAX_BYTES), messages.kybDocumentTooLarge)
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, messages.kycDocumentUnreadable),
  })
  .meta({ id: 'KybUpload' });
export type KybUpload = z.infer<typeof KybUploadSchema>;

export const KybDocumentParamsSchema = z.strictObject({
  documentId: z.uuid(messages.kybDocumentNotFound),
});

export const KybDocumentSchema = z
  .object({
    id: z.uuid(),
    fileName: textAnswer(KYB_FILE_NAME_MAX),
    contentType: z.enum(KYB_DOCUMENT_CONTENT_TYPES),
    size: z.number().int().nonnegative(),
    createdAt: timestampAnswer,
  })
  .meta({ id: 'KybDocument' });
export type KybDocument = z.infer<typeof KybDocumentSchema>;

/** The user's own view of their application (the Compliance tab). */
export const KybApplicationSchema = z
  .object({
    status: z.enum(KYB_VIEW_STATUSES),
    /** The reviewer's reason, on a rejection. */
    reason: textAnswer(KYB_REASON_MAX).nullable(),
    submittedAt: timestampAnswer.nullable(),
    decidedAt: timestampAnswer.nullable(),
    documents: z.array(KybDocumentSchema).max(KYB_MAX_DOCUMENTS),
  })
  .meta({ id: 'KybApplication' });
export type KybApplication = z.infer<typeof KybApplicationSchema>;

export const KybResponseSchema = z
  .object({
    success: z.literal(true),
    message: textAnswer(MESSAGE_MAX).optional(),
    kyb: KybApplicationSchema,
  })
  .meta({ id: 'KybResponse' });
export type KybResponse = z.infer<typeof KybResponseSchema>;

// ----- the admin console's review queue -----

export const KybUserParamsSchema = z.strictObject({ userId: z.uuid(messages.notFound) });

export const AdminKybQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(50),
});

export const KybReviewItemSchema = z
  .object({
    userId: z.uuid(),
    name: textAnswer(PERSON_NAME_MAX),
    email: emailAnswer(),
    status: z.enum(KYB_STATUSES),
    reason: textAnswer(KYB_REASON_MAX).nullable(),
    submittedAt: timestampAnswer,
    decidedAt: timestampAnswer.nullable(),
    decidedByEmail: emailAnswer().nullable(),
    documents: z.array(KybDocumentSchema).max(KYB_MAX_DOCUMENTS),
  })
  .meta({ id: 'KybReviewItem' });
export type KybReviewItem = z.infer<typeof KybReviewItemSchema>;

export const KybApplicationsResponseSchema = z
  .object({ success: z.literal(true), applications: z.array(KybReviewItemSchema).max(PAGE_LIMIT_MAX) })
  .meta({ id: 'KybApplicationsResponse' });

export const KybRejectRequestSchema = z
  .strictObject({
    reason: z
      .string({ error: messages.kycReasonRequired })
      .trim()
      .min(1, messages.kycReasonRequired)
      .max(KYB_REASON_MAX, messages.kycReasonTooLong),
  })
  .meta({ id: 'KybRejectRequest' });
export type KybRejectRequest = z.infer<typeof KybRejectRequestSchema>;

export const KybDecisionResponseSchema = z
  .object({ success: z.literal(true), application: KybReviewItemSchema })
  .meta({ id: 'KybDecisionResponse' });
