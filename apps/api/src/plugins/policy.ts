import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { CSRF_HEADER } from '@portal/shared/auth';
import { messages } from '@portal/shared/messages';
import type { Role } from '@portal/shared/roles';
import { DomainError } from '../errors.js';
import type { AccessClaims } from '../modules/auth/access-tokens.js';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../modules/auth/session-cookies.js';

/**
 * Deny by default: every route states who may call it. `public` needs nothing, `webhook` is
 * authenticated by the provider's signature inside the route, a role list needs a live session
 * with one of those roles. A route without a policy stops the server from starting.
 */
export type RoutePolicy = 'public' | 'webhook' | readonly Role[];

export const ANY_ROLE: readonly Role[] = ['admin', 'issuer', 'investor'];

declare module 'fastify' {
  interface FastifyContextConfig {
    policy?: RoutePolicy;
    /** On a public route: identify the caller when a session is presented (private documents). */
    identify?: boolean;
  }
  interface FastifyRequest {
    auth?: AccessClaims;
  }
  interface FastifyInstance {
    routeInventory(): Array<{
      method: string;
      url: string;
      policy: RoutePolicy | undefined;
      schema: RouteOptions['schema'];
    }>;
  }
}

export interface Authenticator {
  authenticate(accessToken: string): Promise<AccessClaims | undefined>;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/** The authenticated caller of a route with a role policy. */
export function caller(request: FastifyRequest): AccessClaims {
  if (!request.auth) throw new DomainError('UNAUTHENTICATED', messages.unauthenticated);
  return request.auth;
}

export function registerPolicies(
  app: FastifyInstance,
  authenticator: Authenticator,
  publicUrl: string,
): void {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.decorate('routeInventory', () =>
    routes.flatMap((route) =>
      [route.method]
        .flat()
        .map((method) => ({ method, url: route.url, policy: route.config?.policy, schema: route.schema })),
    ),
  );
  app.addHook('onReady', async () => {
    const missing = app.routeInventory().filter((route) => !route.policy);
    if (missing.length) {
      throw new Error(`Routes without a policy: ${missing.map((r) => `${r.method} ${r.url}`).join(', ')}`);
    }
  });

  const allowedOrigins = new Set([new URL(publicUrl).origin]);

  // preValidation: an unauthenticated caller learns nothing about a route's body schema.
  app.addHook('preValidation', async (request, reply) => {
    const policy = request.routeOptions.config.policy;
    if (!policy || policy === 'webhook') return;
    const bearer = bearerToken(request);
    const cookieToken = request.cookies[ACCESS_COOKIE];
    const wantsCookies = (request.body as { session?: unknown } | undefined)?.session === 'cookie';
    if (
      !bearer &&
      (cookieToken || request.cookies[REFRESH_COOKIE] || wantsCookies) &&
      UNSAFE.has(request.method)
    ) {
      reply.header('vary', 'Origin, Sec-Fetch-Site');
      assertSameOrigin(request, allowedOrigins);
    }
    const token = bearer ?? cookieToken;
    if (policy === 'public') {
      // A stale session is told so (401, the client refreshes); it must not read as "no such document".
      if (request.routeOptions.config.identify && token) {
        request.auth = await authenticator.authenticate(token);
        if (!request.auth) throw new DomainError('UNAUTHENTICATED', messages.unauthenticated);
      }
      return;
    }
    const claims = token ? await authenticator.authenticate(token) : undefined;
    if (!claims) throw new DomainError('UNAUTHENTICATED', messages.unauthenticated);
    if (!policy.includes(claims.role)) throw new DomainError('FORBIDDEN', messages.forbidden);
    request.auth = claims;
  });
}

/**
 * CSRF defence for cookie sessions (OWASP CSRF Cheat Sheet): the browser must say the request
 * is same-origin (Fetch Metadata, else Origin), and carry a custom header, which a cross-site
 * form or simple request cannot add.
 */
function assertSameOrigin(request: FastifyRequest, allowedOrigins: Set<string>): void {
  const site = request.headers['sec-fetch-site'];
  let sameOrigin: boolean;
  if (site) {
    sameOrigin = site === 'same-origin' || site === 'none';
  } else {
    const origin = request.headers.origin;
    sameOrigin =
      !!origin && (allowedOrigins.has(origin) || origin === `${request.protocol}://${request.host}`);
  }
  if (!sameOrigin || request.headers[CSRF_HEADER] !== '1') {
    throw new DomainError('CSRF_REJECTED', messages.csrfRejected);
  }
}
