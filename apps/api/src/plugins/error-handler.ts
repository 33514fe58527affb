import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { messages } from '@portal/shared/messages';
import type { ErrorCode } from '@portal/shared/errors';
import { DomainError } from '../errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes that serve pages (the explorer) answer errors as a page with the same status and text. */
    errorPage?: (status: number, message: string) => string;
  }
}

/** The only place errors become HTTP answers: the envelope of docs/product.md §7.1, never a stack trace. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const mapped = toDomainError(error);
    if (mapped.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    }
    return sendError(request, reply, mapped);
  });
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: DomainError) {
  if (error.options.retryAfterSeconds) reply.header('retry-after', String(error.options.retryAfterSeconds));
  const page = request.routeOptions.config?.errorPage;
  if (page)
    return reply
      .status(error.status)
      .type('text/html; charset=utf-8')
      .send(page(error.status, error.message));
  return reply.status(error.status).send({
    success: false,
    error: error.message,
    code: error.code,
    ...(error.fields ? { fields: error.fields } : {}),
    ...(error.status >= 500 ? { requestId: request.id } : {}),
  });
}

function toDomainError(error: FastifyError): DomainError {
  if (error instanceof DomainError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const field = issue.instancePath.split('/').filter(Boolean)[0];
      if (field && !(field in fields)) fields[field] = issue.message ?? messages.validationFailed;
    }
    const first = Object.values(fields)[0] ?? error.validation[0]?.message ?? messages.validationFailed;
    return new DomainError('VALIDATION_ERROR', first, Object.keys(fields).length ? { fields } : {});
  }
  if (isResponseSerializationError(error))
    return new DomainError('INTERNAL', messages.internalError, { cause: error });
  const byStatus: Record<number, [ErrorCode, string]> = {
    400: [
      'BAD_REQUEST',
      error.code?.startsWith('FST_ERR_CTP') ? 'Malformed JSON body' : messages.validationFailed,
    ],
    // e.g. @fastify/static refusing a file name the file system cannot hold (FST_STATIC_FORBIDDEN_PATH).
    403: ['FORBIDDEN', messages.forbidden],
    404: ['NOT_FOUND', messages.notFound],
    413: ['PAYLOAD_TOO_LARGE', messages.payloadTooLarge],
    415: ['UNSUPPORTED_MEDIA_TYPE', messages.unsupportedMediaType],
    429: ['RATE_LIMITED', messages.tooManyRequests],
  };
  const known = error.statusCode ? byStatus[error.statusCode] : undefined;
  if (known) return new DomainError(known[0], known[1], { cause: error });
  return new DomainError('INTERNAL', messages.internalError, { cause: error });
}
