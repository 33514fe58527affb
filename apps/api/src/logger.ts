import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
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

export function createLogger(
  config: Pick<Config, 'logLevel' | 'env'>,
  destination?: pino.DestinationStream,
): Logger {
  return pino(
    {
      level: config.logLevel,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      base: { service: 'investor-portal' },
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
