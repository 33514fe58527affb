import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isIPv6 } from 'node:net';
import { messages } from '@portal/shared/messages';
import { DomainError } from '../errors.js';
import { ACCESS_COOKIE } from '../modules/auth/session-cookies.js';
import { bearerToken } from './policy.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The web app's own files (plugins/spa.ts): never counted against the API limit. */
    staticFile?: boolean;
  }
}

export interface RateLimitOptions {
  /** Requests per minute and caller, on every route without a limit of its own. */
  perMinute: number;
  /** The session a live access token belongs to, or undefined. */
  sessionOf(accessToken: string): Promise<string | undefined>;
}

/**
 * The API limit (ADR 4, ADR 51): per session for a signed-in caller, so an office behind one
 * address is not one bucket, and per address for anyone else; IPv6 callers per /64, as one
 * host usually holds a whole /64. Routes with a limit of their own (`config.rateLimit`) count
 * the same way. The web app's files are never limited: a cold page loads dozens of them, and
 * they cost nothing to serve.
 */
export async function registerRateLimit(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  const isStatic = (request: FastifyRequest) => request.routeOptions.config.staticFile === true;
  await app.register(rateLimit, {
    global: true,
    max: options.perMinute,
    timeWindow: 60_000,
    keyGenerator: async (request) => {
      // A file's key is never used (allowList); checking it first spares the session lookup.
      if (isStatic(request)) return 'static';
      const token = bearerToken(request) ?? request.cookies[ACCESS_COOKIE];
      const session = token ? await options.sessionOf(token) : undefined;
      return session ? `session:${session}` : `address:${addressKey(request.ip)}`;
    },
    allowList: isStatic,
    errorResponseBuilder: (_request, context) =>
      new DomainError('RATE_LIMITED', messages.tooManyRequests, {
        retryAfterSeconds: Math.ceil(context.ttl / 1000),
      }),
  });
}

/** An IPv4 address as is (IPv4-mapped IPv6 included); an IPv6 address by its /64 prefix. */
export function addressKey(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const [head = '', tail = ''] = ip.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
