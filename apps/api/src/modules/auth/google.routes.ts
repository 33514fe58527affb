import type { FastifyReply } from 'fastify';
import { AuthProvidersResponseSchema, GoogleIntentSchema, type GoogleIntent } from '@portal/shared/auth';
import { z } from 'zod';
import type { App } from '../../app.js';
import type { Clock } from '../../clock.js';
import { errorResponses } from '../../http.js';
import { GOOGLE_ATTEMPT_TTL_MS, type GoogleOutcome, type GoogleSignIn } from './google.service.js';
import { setSessionCookies } from './session-cookies.js';

export interface GoogleRouteDeps {
  google: GoogleSignIn;
  clock: Clock;
  publicUrl: string;
  redirectUri: string | undefined;
  accessTokenSeconds: number;
  perMinute: number;
}

/** Binds a round trip to the browser that started it: `<intent>:<state>`, HttpOnly, ten minutes. */
export const GOOGLE_COOKIE = '__Host-portal_oidc';
const cookieBase = { httpOnly: true, secure: true, sameSite: 'lax', path: '/' } as const;

function readBinding(value: string | undefined): { intent: GoogleIntent; state: string } | undefined {
  const match = value ? /^(login|register):([A-Za-z0-9_-]{1,200})$/.exec(value) : null;
  return match ? { intent: match[1] as GoogleIntent, state: match[2]! } : undefined;
}

const tags = ['auth'];
const redirect = z.null().describe('Redirect (302) to the address in the Location header');
/** What the provider sends back (RFC 6749 §4.1.2, RFC 9207 `iss`, and Google's scope, authuser, prompt, hd). */
const providerParameter = z.string().max(1000).optional();
const CallbackQuerySchema = z.object({
  state: providerParameter,
  code: z.string().max(4000).optional(),
  error: providerParameter,
  error_description: providerParameter,
  iss: providerParameter,
  scope: providerParameter,
  authuser: providerParameter,
  prompt: providerParameter,
  hd: providerParameter,
});

/**
 * Google sign-in (ADR 45). The web app navigates to `start`; Google sends the browser back to
 * `callback`, which answers with a redirect into the web app: a cookie session and
 * `/login#google=signed-in`, the code step `/login#google=two-factor&ticket=…`, or the page the
 * person came from with `#google=failed` ('Google login failed' / 'Google registration failed').
 */
export function googleRoutes(app: App, deps: GoogleRouteDeps): void {
  const page = (path: string) => `${deps.publicUrl}${path}`;
  const land = (reply: FastifyReply, outcome: GoogleOutcome) => {
    switch (outcome.kind) {
      case 'signed-in':
        setSessionCookies(reply, outcome.session, deps.accessTokenSeconds, deps.clock.now());
        return reply.redirect(page('/login#google=signed-in'), 302);
      case 'two-factor':
        // In the fragment, like reset links: never sent to a server, never in a Referer.
        return reply.redirect(page(`/login#google=two-factor&ticket=${outcome.ticket}`), 302);
      case 'failed':
        return reply.redirect(page(`/${outcome.intent}#google=failed`), 302);
    }
  };
  const limited = { max: deps.perMinute, timeWindow: 60_000 };

  app.get(
    '/api/auth/providers',
    {
      config: { policy: 'public' },
      schema: {
        tags,
        summary: 'Outside sign-in providers this portal offers (Google when configured)',
        operationId: 'authProviders',
        response: { 200: AuthProvidersResponseSchema, ...errorResponses },
      },
    },
    async () => ({ success: true as const, google: deps.google.enabled }),
  );

  app.get(
    '/api/auth/google/start',
    {
      config: { policy: 'public', rateLimit: limited },
      schema: {
        tags,
        summary: 'Starts Google sign-in or registration: redirects the browser to Google',
        description:
          'Authorization code flow with PKCE (S256), state and nonce. 404 when Google is not configured.',
        operationId: 'googleStart',
        querystring: z.strictObject({ intent: GoogleIntentSchema }),
        response: { 302: redirect, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { intent } = request.query;
      const started = await deps.google.start(intent);
      reply.header('cache-control', 'no-store');
      if (started.kind === 'failed') return land(reply, { kind: 'failed', intent });
      reply.setCookie(GOOGLE_COOKIE, `${intent}:${started.state}`, {
        ...cookieBase,
        maxAge: GOOGLE_ATTEMPT_TTL_MS / 1000,
      });
      return reply.redirect(started.url.href, 302);
    },
  );

  app.get(
    '/api/auth/google/callback',
    {
      // The URL carries the code and state: the access log does not write it (the service logs
      // each outcome), and no Referer may take it anywhere.
      logLevel: 'warn',
      config: {
        policy: 'public',
        rateLimit: limited,
        securityHeaders: { referrerPolicy: { policy: 'no-referrer' } },
      },
      schema: {
        tags,
        summary: "Google's redirect back: signs in and redirects into the web app",
        description:
          'Redirects to /login#google=signed-in (cookie session set), /login#google=two-factor&ticket=… ' +
          '(the code step), or /login#google=failed and /register#google=failed. 404 when Google is not configured.',
        operationId: 'googleCallback',
        querystring: CallbackQuerySchema,
        response: { 302: redirect, ...errorResponses },
      },
    },
    async (request, reply) => {
      const bound = readBinding(request.cookies[GOOGLE_COOKIE]);
      // The provider's whole answer, on the registered redirect URI (the token request repeats it).
      const callbackUrl = new URL(deps.redirectUri ?? page('/api/auth/google/callback'));
      const query = request.url.indexOf('?');
      callbackUrl.search = query >= 0 ? request.url.slice(query) : '';
      const outcome = await deps.google.finish(
        { state: request.query.state, bound, callbackUrl },
        { ip: request.ip, userAgent: request.headers['user-agent'] },
      );
      reply.header('cache-control', 'no-store');
      reply.clearCookie(GOOGLE_COOKIE, cookieBase);
      return land(reply, outcome);
    },
  );
}
