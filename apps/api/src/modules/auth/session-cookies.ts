import type { FastifyReply } from 'fastify';
import type { IssuedSession } from './auth.service.js';

/** `__Host-` cookies: Secure, Path=/, no Domain, so no sibling host can set or read them. */
export const ACCESS_COOKIE = '__Host-portal_at';
export const REFRESH_COOKIE = '__Host-portal_rt';

const base = { httpOnly: true, secure: true, sameSite: 'lax', path: '/' } as const;

export function setSessionCookies(
  reply: FastifyReply,
  session: IssuedSession,
  accessTokenSeconds: number,
  now: Date,
): void {
  reply.setCookie(ACCESS_COOKIE, session.accessToken, { ...base, maxAge: accessTokenSeconds });
  reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
    ...base,
    maxAge: Math.max(0, Math.floor((session.refreshExpiresAt.getTime() - now.getTime()) / 1000)),
  });
}

export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(ACCESS_COOKIE, base);
  reply.clearCookie(REFRESH_COOKIE, base);
}
