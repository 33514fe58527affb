import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AuthResponseSchema,
  ChangePasswordRequestSchema,
  COOKIE_SESSION_TOKEN,
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  MessageResponseSchema,
  ProfileResponseSchema,
  RefreshRequestSchema,
  RefreshResponseSchema,
  RegisterRequestSchema,
  ResetPasswordRequestSchema,
  VerifyRequestSchema,
  TwoFactorChallengeSchema,
  UnlockRequestSchema,
  VerifyResponseSchema,
} from '@portal/shared/auth';
import { messages } from '@portal/shared/messages';
import {
  ActiveSessionsResponseSchema,
  DeactivateRequestSchema,
  TwoFactorDisableRequestSchema,
  TwoFactorEnableRequestSchema,
  TwoFactorEnableResponseSchema,
  TwoFactorLoginRequestSchema,
  TwoFactorSetupResponseSchema,
} from '@portal/shared/settings';
import { z } from 'zod';
import { displayRole } from '@portal/shared/roles';
import type { App } from '../../app.js';
import type { Clock } from '../../clock.js';
import { errorResponses } from '../../http.js';
import { ANY_ROLE, bearerToken, caller } from '../../plugins/policy.js';
import type { UsersService } from '../users/users.service.js';
import type { AuthService, IssuedSession, RequestContext, SignedIn } from './auth.service.js';
import type { TwoFactorService } from './two-factor.js';
import { ACCESS_COOKIE, clearSessionCookies, REFRESH_COOKIE, setSessionCookies } from './session-cookies.js';

export interface AuthRouteDeps {
  auth: AuthService;
  users: UsersService;
  clock: Clock;
  accessTokenSeconds: number;
  twoFactor: TwoFactorService;
  twoFactorPerMinute: number;
}

const tags = ['auth'];

export function authRoutes(app: App, deps: AuthRouteDeps): void {
  const context = (request: FastifyRequest): RequestContext => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });

  /** Cookie sessions keep both tokens out of JavaScript's reach; the body says `cookie_session`. */
  const tokensFor = (reply: FastifyReply, session: IssuedSession) => {
    if (session.mode === 'cookie') {
      setSessionCookies(reply, session, deps.accessTokenSeconds, deps.clock.now());
      return { token: COOKIE_SESSION_TOKEN };
    }
    return { token: session.accessToken, refreshToken: session.refreshToken };
  };
  const signedIn = (reply: FastifyReply, result: SignedIn) => ({
    success: true as const,
    ...tokensFor(reply, result.session),
    user: result.user,
  });

  app.post(
    '/api/auth/register',
    {
      config: { policy: 'public' },
      schema: { tags, body: RegisterRequestSchema, response: { 201: AuthResponseSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const { session, confirmPassword: _confirmed, ...input } = request.body;
      const result = await deps.auth.register(input, session ?? 'bearer', context(request));
      return reply.status(201).send(signedIn(reply, result));
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { policy: 'public' },
      schema: {
        tags,
        body: LoginRequestSchema,
        response: { 200: z.union([AuthResponseSchema, TwoFactorChallengeSchema]), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { session, ...input } = request.body;
      const result = await deps.auth.login(input, session ?? 'bearer', context(request));
      if ('ticket' in result)
        return { success: true as const, twoFactorRequired: true as const, ticket: result.ticket };
      return signedIn(reply, result);
    },
  );

  app.post(
    '/api/auth/login/two-factor',
    {
      config: {
        policy: 'public',
        // Guessing six digits: each ticket allows five tries, and each address this many a minute.
        rateLimit: { max: deps.twoFactorPerMinute, timeWindow: 60_000 },
      },
      schema: {
        tags,
        body: TwoFactorLoginRequestSchema,
        response: { 200: AuthResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      signedIn(
        reply,
        await deps.auth.completeTwoFactor(request.body.ticket, request.body.code, context(request)),
      ),
  );

  app.post(
    '/api/auth/refresh',
    {
      config: { policy: 'public' },
      schema: {
        tags,
        body: RefreshRequestSchema.nullish(),
        response: { 200: RefreshResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const raw = request.body?.refreshToken ?? request.cookies[REFRESH_COOKIE];
      try {
        const session = await deps.auth.refresh(raw);
        return { success: true as const, ...tokensFor(reply, session) };
      } catch (error) {
        if (request.cookies[REFRESH_COOKIE]) clearSessionCookies(reply);
        throw error;
      }
    },
  );

  app.post(
    '/api/auth/logout',
    {
      config: { policy: 'public' },
      schema: {
        tags,
        body: RefreshRequestSchema.nullish(),
        response: { 200: MessageResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const access = bearerToken(request) ?? request.cookies[ACCESS_COOKIE];
      const sessionId = access ? await deps.auth.sessionOf(access) : undefined;
      await deps.auth.logout(sessionId, request.body?.refreshToken ?? request.cookies[REFRESH_COOKIE]);
      clearSessionCookies(reply);
      return { success: true as const, message: messages.loggedOut };
    },
  );

  app.post(
    '/api/auth/verify',
    {
      config: { policy: 'public' },
      schema: { tags, body: VerifyRequestSchema, response: { 200: VerifyResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const claims = await deps.auth.authenticate(request.body.token);
      return claims
        ? { success: true as const, valid: true, user: { id: claims.userId, role: displayRole(claims.role) } }
        : { success: true as const, valid: false };
    },
  );

  app.get(
    '/api/auth/profile',
    {
      config: { policy: ANY_ROLE },
      schema: {
        tags,
        security: [{ bearer: [] }],
        response: { 200: ProfileResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      user: await deps.users.cachedProfile(caller(request).userId),
    }),
  );

  app.post(
    '/api/auth/forgot-password',
    {
      config: { policy: 'public' },
      schema: {
        tags,
        body: ForgotPasswordRequestSchema,
        response: { 200: MessageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await deps.auth.requestPasswordReset(request.body.email, context(request));
      return { success: true as const, message: messages.forgotPasswordSent };
    },
  );

  app.post(
    '/api/auth/unlock',
    {
      config: { policy: 'public' },
      schema: {
        tags,
        body: UnlockRequestSchema,
        response: { 200: MessageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await deps.auth.requestUnlock(request.body.email, context(request));
      return { success: true as const, message: messages.unlockLinkSent };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: { policy: 'public' },
      schema: {
        tags,
        body: ResetPasswordRequestSchema,
        response: { 200: MessageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await deps.auth.resetPassword(request.body.token, request.body.password);
      return { success: true as const, message: messages.passwordResetDone };
    },
  );

  app.post(
    '/api/auth/change-password',
    {
      config: { policy: ANY_ROLE },
      schema: {
        tags,
        security: [{ bearer: [] }],
        body: ChangePasswordRequestSchema,
        response: { 200: MessageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await deps.auth.changePassword(caller(request), request.body.currentPassword, request.body.newPassword);
      return { success: true as const, message: messages.passwordChanged };
    },
  );

  app.get(
    '/api/auth/sessions',
    {
      config: { policy: ANY_ROLE },
      schema: {
        tags,
        security: [{ bearer: [] }],
        response: { 200: ActiveSessionsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, sessions: await deps.auth.listSessions(caller(request)) }),
  );

  app.post(
    '/api/auth/sessions/:sessionId/revoke',
    {
      config: { policy: ANY_ROLE },
      schema: {
        tags,
        security: [{ bearer: [] }],
        params: z.strictObject({ sessionId: z.uuid(messages.sessionNotFound) }),
        response: { 200: MessageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await deps.auth.revokeSession(caller(request), request.params.sessionId);
      return { success: true as const, message: messages.sessionRevoked };
    },
  );

  app.post(
    '/api/auth/sessions/revoke-others',
    {
      config: { policy: ANY_ROLE },
      schema: {
        tags,
        security: [{ bearer: [] }],
        response: { 200: MessageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await deps.auth.revokeOtherSessions(caller(request));
      return { success: true as const, message: messages.otherSessionsRevoked };
    },
  );

  app.post(
    '/api/auth/deactivate',
    {
      config: { policy: ANY_ROLE },
      schema: {
        tags,
        security: [{ bearer: [] }],
        body: DeactivateRequestSchema,
        response: { 200: MessageResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await deps.auth.deactivate(caller(request), request.body.password);
      clearSessionCookies(reply);
      return { success: true as const, message: messages.accountDeactivatedDone };
    },
  );

  const signedInOnly = { config: { policy: ANY_ROLE } } as const;
  const security = [{ bearer: [] }];

  app.post(
    '/api/auth/two-factor/setup',
    {
      ...signedInOnly,
      schema: { tags, security, response: { 200: TwoFactorSetupResponseSchema, ...errorResponses } },
    },
    async (request) => ({ success: true as const, ...(await deps.twoFactor.setup(caller(request).userId)) }),
  );

  app.post(
    '/api/auth/two-factor/enable',
    {
      config: { policy: ANY_ROLE, rateLimit: { max: deps.twoFactorPerMinute, timeWindow: 60_000 } },
      schema: {
        tags,
        security,
        body: TwoFactorEnableRequestSchema,
        response: { 200: TwoFactorEnableResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      message: messages.twoFactorEnabled,
      recoveryCodes: await deps.twoFactor.enable(caller(request).userId, request.body.code),
    }),
  );

  app.post(
    '/api/auth/two-factor/disable',
    {
      ...signedInOnly,
      schema: {
        tags,
        security,
        body: TwoFactorDisableRequestSchema,
        response: { 200: MessageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await deps.twoFactor.disable(caller(request).userId, request.body.password);
      return { success: true as const, message: messages.twoFactorDisabled };
    },
  );
}
