import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { messages } from '@portal/shared/messages';
import { ERROR_FIELD_MAX, ERROR_MESSAGE_MAX, type ErrorCode } from '@portal/shared/errors';
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
    if (mapped.code === 'SERVICE_UNAVAILABLE') request.log.warn({ err: error }, 'dependency unavailable');
    else if (mapped.status >= 500) request.log.error({ err: error }, 'request failed');
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
    error: error.message.slice(0, ERROR_MESSAGE_MAX),
    code: error.code,
    ...(error.fields ? { fields: withinBounds(error.fields) } : {}),
    ...(error.options.reason ? { reason: error.options.reason, params: error.options.params ?? {} } : {}),
    ...(error.status >= 500 ? { requestId: request.id } : {}),
  });
}

/** A field name or message may quote the request (an unknown key): cut to the envelope's bounds. */
const withinBounds = (fields: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(fields).map(([field, message]) => [
      field.slice(0, ERROR_FIELD_MAX),
      message.slice(0, ERROR_MESSAGE_MAX),
    ]),
  );

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
  if (isDependencyDown(error))
    return new DomainError('SERVICE_UNAVAILABLE', messages.temporarilyUnavailable, {
      retryAfterSeconds: DEPENDENCY_RETRY_AFTER_SECONDS,
      cause: error,
    });
  if (isResponseSerializationError(error))
    return new DomainError('INTERNAL', messages.internalError, { cause: error });
  const byStatus: Record<number, [ErrorCode, string]> = {
    400: [
      'BAD_REQUEST',
      // Not every error's code is a string (JSON-RPC errors carry numbers).
      typeof error.code === 'string' && error.code.startsWith('FST_ERR_CTP')
        ? 'Malformed JSON body'
        : messages.validationFailed,
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

/** Long enough for a restarted database or a node's blip to pass, short enough not to idle. */
export const DEPENDENCY_RETRY_AFTER_SECONDS = 2;

/** Socket errors: the peer is not there, went away or cannot be found. */
const NETWORK_DOWN = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * SQLSTATEs that say the database cannot serve now, not that the statement was wrong: class 08
 * (connection exception), 57P01–57P03 (terminated by an administrator, crash, starting up), 53300
 * (too many connections).
 */
const DATABASE_DOWN = /^(08...|57P0[1-3]|53300)$/;
/** node-postgres says these in words only: a connection dropped mid-query, a pool wait timed out. */
const POOL_DOWN = /Connection terminated|timeout exceeded when trying to connect|Client was closed/i;
/** viem's errors for a node that does not answer. */
const CHAIN_NODE_DOWN = new Set([
  'HttpRequestError',
  'TimeoutError',
  'WebSocketRequestError',
  'SocketClosedError',
]);

/**
 * Whether an error means a dependency (the database, a chain node) is down rather than that the
 * request or the code is wrong; wrappers (Drizzle's query error, viem's) are looked through.
 */
export function isDependencyDown(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, name, message, cause } = current as Record<string, unknown>;
    if (typeof code === 'string' && (NETWORK_DOWN.has(code) || DATABASE_DOWN.test(code))) return true;
    if (typeof name === 'string' && CHAIN_NODE_DOWN.has(name)) return true;
    if (typeof message === 'string' && POOL_DOWN.test(message)) return true;
    current = cause;
  }
  return false;
}
