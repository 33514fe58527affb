import { z } from 'zod';
import { LABEL_MAX, requestIdAnswer, textAnswer } from './bounds.js';

/** Stable machine-readable error codes; the HTTP status for each lives here too, in one place. */
export const errorStatus = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  /** The token's rules refuse the investor (the body names the reason). */
  NOT_ELIGIBLE: 403,
  CSRF_REJECTED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A purchase of a token whose current offering documents the buyer has not acknowledged (ADR 73). */
  TERMS_NOT_ACKNOWLEDGED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  BAD_GATEWAY: 502,
  /** A stored offering document no longer hashes to its recorded hash: never served (ADR 73). */
  DOCUMENT_HASH_MISMATCH: 502,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/**
 * The envelope's bounds. The longest message the portal writes is a NOT_ELIGIBLE refusal naming
 * every allowed country (250, of at most 44 characters each); a validator's text may quote the
 * request, so the error handler cuts messages and field names to these.
 */
export const ERROR_MESSAGE_MAX = 12_000;
export const ERROR_FIELD_MAX = 200;
/** A refusal's parameters: the longest is the allowed countries' codes, 250 × 3 with commas. */
const ERROR_PARAM_MAX = 1000;

export const ErrorResponseSchema = z
  .object({
    success: z.literal(false),
    error: textAnswer(ERROR_MESSAGE_MAX),
    /** An ErrorCode (apps/api/src/errors.ts): capitals and underscores. */
    code: z
      .string()
      .max(LABEL_MAX)
      .regex(/^[A-Z][A-Z0-9_]*$/),
    fields: z.record(textAnswer(ERROR_FIELD_MAX), textAnswer(ERROR_MESSAGE_MAX)).optional(),
    /** NOT_ELIGIBLE: which of the token's rules refused, and what its message names. */
    reason: textAnswer(LABEL_MAX).optional(),
    params: z.record(textAnswer(LABEL_MAX), textAnswer(ERROR_PARAM_MAX)).optional(),
    requestId: requestIdAnswer.optional(),
  })
  .meta({ id: 'ErrorResponse' });

export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
