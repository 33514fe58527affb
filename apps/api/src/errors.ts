import { errorStatus, type ErrorCode } from '@portal/shared/errors';

/**
 * The one error type services throw. The error-handler plugin maps it to the envelope of
 * docs/product.md §7.1; the status comes from the code, so services never think in HTTP.
 */
export class DomainError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: {
      fields?: Record<string, string>;
      retryAfterSeconds?: number;
      cause?: unknown;
      /** NOT_ELIGIBLE: the rule that refused and what its message names. */
      reason?: string;
      params?: Record<string, string>;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'DomainError';
    this.status = errorStatus[code];
  }

  get fields() {
    return this.options.fields;
  }
}
