import { z } from 'zod';
import { LABEL_MAX, REQUEST_ID_MAX } from './bounds.js';

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
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  BAD_GATEWAY: 502,
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
    error: z.string().max(ERROR_MESSAGE_MAX),
    code: z.string().max(LABEL_MAX),
    fields: z.record(z.string().max(ERROR_FIELD_MAX), z.string().max(ERROR_MESSAGE_MAX)).optional(),
    /** NOT_ELIGIBLE: which of the token's rules refused, and what its message names. */
    reason: z.string().max(LABEL_MAX).optional(),
    params: z.record(z.string().max(LABEL_MAX), z.string().max(ERROR_PARAM_MAX)).optional(),
    requestId: z.string().max(REQUEST_ID_MAX).optional(),
  })
  .meta({ id: 'ErrorResponse' });

export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
