import { z } from 'zod';

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

export const ErrorResponseSchema = z
  .object({
    success: z.literal(false),
    error: z.string(),
    code: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /** NOT_ELIGIBLE: which of the token's rules refused, and what its message names. */
    reason: z.string().optional(),
    params: z.record(z.string(), z.string()).optional(),
    requestId: z.string().optional(),
  })
  .meta({ id: 'ErrorResponse' });

export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
