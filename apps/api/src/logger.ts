import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import pino, { type Logger } from 'pino';
import type { Config } from './config.js';

/** Secrets never reach the log (ASVS 7.1.1): credentials, tokens and cookies are censored. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'password',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.confirmPassword',
  'token',
  '*.token',
  '*.refreshToken',
  '*.accessToken',
  '*.secret',
  '*.privateKey',
  '*.mnemonic',
];

/** Share links issued before ADR 50 carried their token in the URL (`/verify?share=…`, `/credentials/shared/…`). */
const URL_SECRETS = /(\/credentials\/shared\/|[?&]share=)[^/?&#]+/g;

/** A URL as the access log may write it: bearer secrets in it censored. */
export const redactUrl = (url: string): string => url.replace(URL_SECRETS, '$1[redacted]');

/** Fastify's request serializer, with the URL redacted (it replaces Fastify's own). */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The request (or job) a piece of work belongs to, for every log line it writes. */
export interface LogContext {
  reqId?: string | undefined;
  jobId?: string;
}

/**
 * Set around each route handler and each job run: services log through the root logger, and a
 * job keeps the id of the request that enqueued it, so one id follows the work through jobs.
 */
export const logContext = new AsyncLocalStorage<LogContext>();

export function createLogger(
  config: Pick<Config, 'logLevel' | 'env'>,
  destination?: pino.DestinationStream,
): Logger {
  return pino(
    {
      level: config.logLevel,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      serializers: { req: serializeRequest },
      base: { service: 'investor-portal' },
      // A request's own logger already names its reqId; every other logger borrows the context.
      mixin: (_object, _level, logger) => {
        const context = logContext.getStore();
        if (!context || 'reqId' in logger.bindings()) return {};
        return context;
      },
    },
    destination,
  );
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Keeps a caller's X-Request-Id when it is well-formed (no log injection), else makes one. */
export function requestId(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
