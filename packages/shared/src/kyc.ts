import { z } from 'zod';
import {
  COUNTRY_CODE,
  LABEL_MAX,
  linkAnswer,
  MESSAGE_MAX,
  outsideTextAnswer,
  PAGE_LIMIT_MAX,
  PERSON_NAME_MAX,
  textAnswer,
  timestampAnswer,
} from './bounds.js';
import { base64UploadLength } from './fields.js';
import { COUNTRIES } from './kyc-countries.js';
import { KycStatusSchema } from './kyc-status.js';
import { messages } from './messages.js';

// The status lives in its own module so the profile schema (first page) skips the country list.
export { KYC_STATUSES, KycStatusSchema, type KycStatus } from './kyc-status.js';

/**
 * Identity verification (docs/product.md §2.11, §4.6, §7). The portal keeps its own state machine over
 * the provider's review: not started → pending → verified, rejected (may retry) or rejected_final.
 */

/** An applicant id: Sumsub's are 24 hex digits; requests and webhooks accept up to 100. */
const APPLICANT_ID_MAX = 100;

export const KYC_PROVIDERS = ['sandbox', 'sumsub'] as const;
export type KycProviderName = (typeof KYC_PROVIDERS)[number];

/** Sumsub's review answers and rejection types, which the sandbox speaks too. */
export const ReviewAnswerSchema = z.enum(['GREEN', 'RED']);
export type ReviewAnswer = z.infer<typeof ReviewAnswerSchema>;
export const RejectTypeSchema = z.enum(['RETRY', 'FINAL']);
export type RejectType = z.infer<typeof RejectTypeSchema>;

export const KycTokenResponseSchema = z
  .object({
    success: z.literal(true),
    /** The provider's WebSDK access token (Sumsub's is a few hundred characters). */
    token: outsideTextAnswer(4096),
    applicantId: outsideTextAnswer(APPLICANT_ID_MAX),
    /** The WebSDK `baseUrl`: null means this portal itself (the embedded sandbox). */
    websdkUrl: linkAnswer().nullable(),
  })
  .meta({ id: 'KycTokenResponse' });
export type KycTokenResponse = z.infer<typeof KycTokenResponseSchema>;

export const KycVerificationStatusResponseSchema = z
  .object({
    success: z.literal(true),
    /** The portal's state, never the provider's reviewStatus ('completed' also follows a rejection). */
    status: KycStatusSchema,
    data: z.object({
      isVerified: z.boolean(),
      applicantId: outsideTextAnswer(APPLICANT_ID_MAX).nullable(),
      // Sumsub's word (init, pending, queued, onHold, completed…), as its webhooks bound it.
      reviewStatus: textAnswer(LABEL_MAX).nullable(),
      reviewAnswer: ReviewAnswerSchema.nullable(),
      rejectType: RejectTypeSchema.nullable(),
      /** The reviewer's comment meant for the applicant (Sumsub `moderationComment`). */
      moderationComment: outsideTextAnswer().nullable(),
    }),
  })
  .meta({ id: 'KycVerificationStatusResponse' });
export type KycVerificationStatusResponse = z.infer<typeof KycVerificationStatusResponseSchema>;

export const KycStoreDataRequestSchema = z
  .strictObject({
    applicantId: z
      .string({ error: messages.kycApplicantIdRequired })
      .trim()
      .min(1, messages.kycApplicantIdRequired)
      .max(APPLICANT_ID_MAX),
  })
  .meta({ id: 'KycStoreDataRequest' });
export type KycStoreDataRequest = z.input<typeof KycStoreDataRequestSchema>;

/** Answer of both sync calls (store-data and enhanced-storage). */
export const KycSyncResponseSchema = z
  .object({ success: z.literal(true), message: textAnswer(MESSAGE_MAX), status: KycStatusSchema })
  .meta({ id: 'KycSyncResponse' });
export type KycSyncResponse = z.infer<typeof KycSyncResponseSchema>;

// ---------------------------------------------------------------------------------------------
// The embedded sandbox: what its verification page (apps/web/public/websdk) collects.

export const KYC_DOCUMENT_TYPES = ['PASSPORT', 'ID_CARD', 'DRIVERS', 'RESIDENCE_PERMIT'] as const;
export const KycDocumentTypeSchema = z.enum(KYC_DOCUMENT_TYPES, { error: messages.kycDocumentTypeRequired });
export const KYC_DOCUMENT_LABELS: Record<(typeof KYC_DOCUMENT_TYPES)[number], string> = {
  PASSPORT: 'Passport',
  ID_CARD: 'ID card',
  DRIVERS: "Driver's licence",
  RESIDENCE_PERMIT: 'Residence permit',
};

export const KYC_DOCUMENT_CONTENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type KycDocumentContentType = (typeof KYC_DOCUMENT_CONTENT_TYPES)[number];
export const KYC_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
/** The minimum age to open an investor account. */
export const KYC_MINIMUM_AGE = 18;

const personName = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(100, messages.kycNameTooLong)
    .regex(/^[\p{L}\p{M}' .-]+$/u, messages.kycNameInvalid);

/** Age in whole years on `today` of someone born on the ISO date `dob`. */
export function ageOn(dob: string, today: Date): number {
  const [year, month, day] = dob.split('-').map(Number) as [number, number, number];
  const age = today.getUTCFullYear() - year;
  const hadBirthday =
    today.getUTCMonth() + 1 > month || (today.getUTCMonth() + 1 === month && today.getUTCDate() >= day);
  return hadBirthday ? age : age - 1;
}

const isoDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};

/** A date of birth as the sandbox form takes it. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** An identity document's number as the sandbox form takes it (trimmed). */
const DOCUMENT_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;

export const SandboxApplicantInfoSchema = z
  .strictObject({
    firstName: personName(messages.kycFirstNameRequired),
    lastName: personName(messages.kycLastNameRequired),
    dob: z
      .string({ error: messages.kycDobRequired })
      .min(1, messages.kycDobRequired)
      .max(10, messages.kycDobInvalid)
      .regex(ISO_DATE, messages.kycDobInvalid)
      .refine(isoDate, messages.kycDobInvalid)
      .refine(
        (dob) => dob >= '1900-01-01' && dob <= new Date().toISOString().slice(0, 10),
        messages.kycDobInvalid,
      )
      .refine((dob) => ageOn(dob, new Date()) >= KYC_MINIMUM_AGE, messages.kycTooYoung),
    country: z
      .string({ error: messages.kycCountryRequired })
      .min(1, messages.kycCountryRequired)
      .max(3, messages.kycCountryInvalid)
      .refine((code) => Object.hasOwn(COUNTRIES, code), messages.kycCountryInvalid),
    idDocType: KycDocumentTypeSchema,
    number: z
      .string({ error: messages.kycDocumentNumberRequired })
      .trim()
      .min(1, messages.kycDocumentNumberRequired)
      .max(40, messages.kycDocumentNumberInvalid)
      .regex(DOCUMENT_NUMBER, messages.kycDocumentNumberInvalid),
  })
  .meta({ id: 'SandboxApplicantInfo' });
export type SandboxApplicantInfo = z.infer<typeof SandboxApplicantInfoSchema>;

export const SandboxDocumentUploadSchema = z
  .strictObject({
    contentType: z.enum(KYC_DOCUMENT_CONTENT_TYPES, { error: messages.kycDocumentUnsupported }),
    data: z
      .string({ error: messages.kycDocumentRequired })
      .min(1, messages.kycDocumentRequired)
      // The size is checked once decoded (413).
      .max(base64UploadLength(KYC_DOCUMENT_MAX_BYTES), messages.kycDocumentTooLarge)
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, messages.kycDocumentUnreadable),
  })
  .meta({ id: 'SandboxDocumentUpload' });

const ReviewResultSchema = z.object({
  reviewAnswer: ReviewAnswerSchema,
  reviewRejectType: RejectTypeSchema.optional(),
  /** The provider's comment (its wire format reads up to 2,000), or the sandbox reviewer's reason. */
  moderationComment: outsideTextAnswer().optional(),
});

const UploadedDocumentSchema = z.object({
  contentType: textAnswer(LABEL_MAX),
  size: z.number().int(),
});

/** The applicant as the sandbox page sees it (Sumsub's review shape, plus the uploaded document). */
export const SandboxApplicantSchema = z
  .object({
    success: z.literal(true),
    applicant: z.object({
      id: outsideTextAnswer(APPLICANT_ID_MAX),
      levelName: textAnswer(LABEL_MAX),
      reviewStatus: z.enum(['init', 'pending', 'completed']),
      reviewResult: ReviewResultSchema.nullable(),
      createDate: timestampAnswer,
      reviewDate: timestampAnswer.nullable(),
      document: UploadedDocumentSchema.nullable(),
    }),
  })
  .meta({ id: 'SandboxApplicant' });
export type SandboxApplicant = z.infer<typeof SandboxApplicantSchema>['applicant'];

export const SandboxFormConfigSchema = z
  .object({
    success: z.literal(true),
    // The list of kyc-countries.ts (249) and the fixed types below.
    countries: z
      .array(z.object({ code: z.string().max(3).regex(COUNTRY_CODE), name: textAnswer(LABEL_MAX) }))
      .max(300),
    documentTypes: z
      .array(z.object({ code: KycDocumentTypeSchema, name: textAnswer(LABEL_MAX) }))
      .max(KYC_DOCUMENT_TYPES.length),
    contentTypes: z.array(textAnswer(LABEL_MAX)).max(KYC_DOCUMENT_CONTENT_TYPES.length),
    maxDocumentBytes: z.number().int(),
  })
  .meta({ id: 'SandboxFormConfig' });

// ---------------------------------------------------------------------------------------------
// The sandbox's reviewer queue (admins).

export const KycReviewItemSchema = z
  .object({
    // What the sandbox form accepted (SandboxApplicantInfoSchema's bounds).
    applicantId: outsideTextAnswer(APPLICANT_ID_MAX),
    externalUserId: textAnswer(APPLICANT_ID_MAX),
    firstName: textAnswer(PERSON_NAME_MAX),
    lastName: textAnswer(PERSON_NAME_MAX),
    dob: z.string().max(10).regex(ISO_DATE),
    country: z.string().max(3).regex(COUNTRY_CODE),
    idDocType: KycDocumentTypeSchema,
    number: z.string().max(40).regex(DOCUMENT_NUMBER),
    document: UploadedDocumentSchema.nullable(),
    submittedAt: timestampAnswer,
  })
  .meta({ id: 'KycReviewItem' });
export type KycReviewItem = z.infer<typeof KycReviewItemSchema>;

export const KycPendingResponseSchema = z
  .object({ success: z.literal(true), applicants: z.array(KycReviewItemSchema).max(PAGE_LIMIT_MAX) })
  .meta({ id: 'KycPendingResponse' });

export const KycRejectRequestSchema = z
  .strictObject({
    reason: z
      .string({ error: messages.kycReasonRequired })
      .trim()
      .min(1, messages.kycReasonRequired)
      .max(500, messages.kycReasonTooLong),
    final: z.boolean().optional().default(false),
  })
  .meta({ id: 'KycRejectRequest' });
export type KycRejectRequest = z.input<typeof KycRejectRequestSchema>;

export const KycDecisionResponseSchema = z
  .object({
    success: z.literal(true),
    applicantId: outsideTextAnswer(APPLICANT_ID_MAX),
    reviewStatus: z.literal('completed'),
    reviewResult: ReviewResultSchema,
  })
  .meta({ id: 'KycDecisionResponse' });
