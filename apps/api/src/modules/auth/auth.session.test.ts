import { createPrivateKey, createPublicKey } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE_SESSION_TOKEN } from '@portal/shared/auth';
import { messages } from '@portal/shared/messages';
import { refreshTokens, sessions } from '../../db/schema/index.js';
import { SecretStore } from '../../secrets/secrets.repo.js';
import { bearer, createTestApp, json, register, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app.js';
import { ACCESS_AUDIENCE } from './access-tokens.js';
import { REFRESH_GRACE_MS } from './auth.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const profile = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/auth/profile', headers });
const refresh = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });

describe('login, profile, logout', () => {
  it('signs in and returns the spec shape; the token opens the profile', async () => {
    const account = await register(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.email.toUpperCase(), password: account.password },
    });
    expect(response.statusCode).toBe(200);
    const body = json<{ success: true; token: string; refreshToken: string; user: { email: string } }>(
      response,
    );
    expect(body).toMatchObject({ success: true, user: { email: account.email } });
    const me = await profile(bearer(body.token));
    expect(me.statusCode).toBe(200);
    expect(json(me)).toMatchObject({
      success: true,
      user: { email: account.email, role: 'INVESTOR', did: null, didMetadata: null, wallets: [] },
    });
  });

  it('answers a wrong password and an unknown email identically (401, one generic message)', async () => {
    const account = await register(t.app);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.email, password: 'wrong password' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `nobody.${account.email}`, password: 'wrong password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(json(wrong)).toEqual(json(unknown));
    expect(json(wrong)).toEqual({
      success: false,
      error: messages.invalidCredentials,
      code: 'UNAUTHENTICATED',
    });
  });

  it('logout revokes the session: its access and refresh tokens stop working', async () => {
    const account = await register(t.app);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(account.token),
    });
    expect(out.statusCode).toBe(200);
    expect((await profile(bearer(account.token))).statusCode).toBe(401);
    expect((await refresh(account.refreshToken)).statusCode).toBe(401);
  });

  it('verify tells a live access token from anything else', async () => {
    const account = await register(t.app);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { token: account.token },
    });
    expect(json(ok)).toEqual({ success: true, valid: true, user: { id: account.user.id, role: 'INVESTOR' } });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { token: account.refreshToken },
    });
    expect(json(bad)).toEqual({ success: true, valid: false });
  });

  it('requires a session for the profile', async () => {
    const response = await profile({});
    expect(response.statusCode).toBe(401);
    expect(json(response)).toEqual({
      success: false,
      error: messages.unauthenticated,
      code: 'UNAUTHENTICATED',
    });
  });
});

describe('refresh token rotation', () => {
  it('rotates on every use; the new pair works', async () => {
    const account = await register(t.app);
    const first = json<{ token: string; refreshToken: string }>(await refresh(account.refreshToken));
    expect(first.refreshToken).not.toBe(account.refreshToken);
    expect((await profile(bearer(first.token))).statusCode).toBe(200);
    const second = json<{ refreshToken: string }>(await refresh(first.refreshToken));
    expect(second.refreshToken).not.toBe(first.refreshToken);
  });

  it('stores only hashes of refresh tokens', async () => {
    const account = await register(t.app);
    const rows = await t.database.db.select().from(refreshTokens);
    expect(rows.some((row) => row.tokenHash === account.refreshToken)).toBe(false);
    expect(JSON.stringify(rows)).not.toContain(account.refreshToken);
  });

  it('inside the grace window, a replay of the previous token gets the same successor', async () => {
    const account = await register(t.app);
    const a = json<{ refreshToken: string }>(await refresh(account.refreshToken));
    t.clock.advance(REFRESH_GRACE_MS - 1000);
    const b = json<{ refreshToken: string }>(await refresh(account.refreshToken));
    expect(b.refreshToken).toBe(a.refreshToken);
  });

  it('reuse of a superseded token after the grace window revokes the whole family', async () => {
    const account = await register(t.app);
    const next = json<{ token: string; refreshToken: string }>(await refresh(account.refreshToken));
    t.clock.advance(REFRESH_GRACE_MS + 1000);
    const reuse = await refresh(account.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(json(reuse)).toMatchObject({ error: messages.refreshFailed });
    // The legitimate holder is logged out too: the thief cannot keep a live branch.
    expect((await refresh(next.refreshToken)).statusCode).toBe(401);
    expect((await profile(bearer(next.token))).statusCode).toBe(401);
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.userId, account.user.id));
    expect(session?.revokedReason).toBe('refresh_token_reuse');
    expect(t.logs.some((line) => line.includes('refresh token reuse detected'))).toBe(true);
  });

  it('10 parallel refreshes of one token yield exactly one successor', async () => {
    const account = await register(t.app);
    const responses = await Promise.all(Array.from({ length: 10 }, () => refresh(account.refreshToken)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const successors = new Set(responses.map((r) => json<{ refreshToken: string }>(r).refreshToken));
    expect(successors.size).toBe(1);
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.userId, account.user.id));
    expect(await t.database.db.$count(refreshTokens, eq(refreshTokens.sessionId, session!.id))).toBe(2);
  });

  it('a refresh token expires after the idle window', async () => {
    const account = await register(t.app);
    t.clock.advance(t.config.session.idleMinutes * 60_000 + 1000);
    expect((await refresh(account.refreshToken)).statusCode).toBe(401);
  });

  it('a session ends at its absolute lifetime even when refreshed all along', async () => {
    const account = await register(t.app);
    let token = account.refreshToken;
    const step = (t.config.session.idleMinutes - 1) * 60_000;
    const steps = Math.ceil((t.config.session.absoluteHours * 3600_000) / step);
    for (let i = 0; i < steps - 1; i++) {
      t.clock.advance(step);
      const response = await refresh(token);
      expect(response.statusCode).toBe(200);
      token = json<{ refreshToken: string }>(response).refreshToken;
    }
    t.clock.advance(step);
    expect((await refresh(token)).statusCode).toBe(401);
  });

  it('answers a missing refresh token with the spec message', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: {} });
    expect(response.statusCode).toBe(401);
    expect(json(response)).toMatchObject({ error: messages.noRefreshToken });
  });
});

describe('access token rejection matrix', () => {
  let account: Awaited<ReturnType<typeof register>>;
  let claims: Record<string, unknown>;
  let privateKey: ReturnType<typeof createPrivateKey>;

  beforeAll(async () => {
    account = await register(t.app);
    const payload = JSON.parse(Buffer.from(account.token.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    claims = payload;
    const der = await new SecretStore(t.database.db, t.app.container.masterKey).getOrCreate(
      'auth.access-token-signing-key',
      () => {
        throw new Error('the key must exist');
      },
    );
    privateKey = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  });

  const sign = (payload: Record<string, unknown>, typ = 'at+jwt') =>
    new SignJWT(payload).setProtectedHeader({ alg: 'EdDSA', typ }).sign(privateKey);

  it('accepts a correctly re-signed control token (so the cases below fail for their own reason)', async () => {
    expect((await profile(bearer(await sign(claims)))).statusCode).toBe(200);
  });

  it.each([
    ['alg none', async () => new UnsecuredJWT(claims).encode()],
    ['wrong audience', async () => sign({ ...claims, aud: 'another-api' })],
    ['wrong issuer', async () => sign({ ...claims, iss: 'https://evil.test' })],
    ['wrong type', async () => sign(claims, 'JWT')],
    [
      'expired',
      async () => sign({ ...claims, iat: Number(claims.iat) - 3600, exp: Number(claims.iat) - 1800 }),
    ],
    [
      'tampered payload',
      async () => {
        const [h, , s] = account.token.split('.');
        const forged = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
        return `${h}.${forged}.${s}`;
      },
    ],
    [
      'HS256 signed with the public key',
      async () => {
        const publicDer = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
        return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' }).sign(publicDer);
      },
    ],
    ['refresh token used as access token', async () => account.refreshToken],
    ['missing session id', async () => sign({ ...claims, sid: undefined })],
  ])('%s → 401', async (_name, make) => {
    const response = await profile(bearer(await make()));
    expect(response.statusCode).toBe(401);
  });

  it('an access token dies with the clock after 15 minutes', async () => {
    const fresh = await register(t.app);
    expect((await profile(bearer(fresh.token))).statusCode).toBe(200); // checked once, then remembered
    t.clock.advance(15 * 60_000 + 10_000);
    expect((await profile(bearer(fresh.token))).statusCode).toBe(401);
  });

  it('issues tokens for our issuer and audience', () => {
    expect(claims).toMatchObject({ iss: TEST_PUBLIC_URL, aud: ACCESS_AUDIENCE, sub: account.user.id });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(900);
  });
});

describe('cookie session mode', () => {
  const sameOrigin = { 'sec-fetch-site': 'same-origin', 'x-portal-csrf': '1' };
  const cookieHeader = (setCookie: string | string[] | undefined) =>
    [setCookie ?? []]
      .flat()
      .map((c) => c.split(';')[0])
      .join('; ');

  const loginWithCookies = async () => {
    const account = await register(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: sameOrigin,
      payload: { email: account.email, password: account.password, session: 'cookie' },
    });
    return { account, response, cookie: cookieHeader(response.headers['set-cookie']) };
  };

  it("answers token 'cookie_session', puts no token in the body, sets __Host- HttpOnly Secure SameSite=Lax cookies", async () => {
    const { response } = await loginWithCookies();
    expect(response.statusCode).toBe(200);
    const body = json<Record<string, unknown>>(response);
    expect(body.token).toBe(COOKIE_SESSION_TOKEN);
    expect(body).not.toHaveProperty('refreshToken');
    const cookies = [response.headers['set-cookie']].flat() as string[];
    expect(cookies).toHaveLength(2);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/^__Host-portal_(at|rt)=/);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/; SameSite=Lax/);
      expect(cookie).toMatch(/; Path=\//);
      expect(cookie).not.toMatch(/Domain=/i);
    }
  });

  it('the cookies authenticate reads, refresh rotates them, logout clears them', async () => {
    const { cookie } = await loginWithCookies();
    expect((await profile({ cookie })).statusCode).toBe(200);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { ...sameOrigin, cookie },
      payload: {},
    });
    expect(refreshed.statusCode).toBe(200);
    expect(json(refreshed)).toEqual({ success: true, token: COOKIE_SESSION_TOKEN });
    const rotated = cookieHeader(refreshed.headers['set-cookie']);
    expect(rotated).not.toBe(cookie);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...sameOrigin, cookie: rotated },
    });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/__Host-portal_at=;/);
    expect((await profile({ cookie: rotated })).statusCode).toBe(401);
  });

  it.each([
    ['a cross-site request', { 'sec-fetch-site': 'cross-site', 'x-portal-csrf': '1' }],
    ['a same-site (sibling host) request', { 'sec-fetch-site': 'same-site', 'x-portal-csrf': '1' }],
    ['a request without the custom header', { 'sec-fetch-site': 'same-origin' }],
    ['a foreign Origin without Fetch Metadata', { origin: 'https://evil.test', 'x-portal-csrf': '1' }],
    ['no Origin and no Fetch Metadata', { 'x-portal-csrf': '1' }],
  ])('refuses %s with 403 and changes nothing', async (_name, headers) => {
    const { account, cookie } = await loginWithCookies();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { ...headers, cookie },
      payload: {
        currentPassword: account.password,
        newPassword: 'brand new pass',
        confirmPassword: 'brand new pass',
      },
    });
    expect(response.statusCode).toBe(403);
    expect(json(response)).toMatchObject({ code: 'CSRF_REJECTED', error: messages.csrfRejected });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.email, password: account.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('accepts a same-origin request with a matching Origin when Fetch Metadata is absent', async () => {
    const { account, cookie } = await loginWithCookies();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { origin: TEST_PUBLIC_URL, 'x-portal-csrf': '1', cookie },
      payload: {
        currentPassword: account.password,
        newPassword: 'brand new pass',
        confirmPassword: 'brand new pass',
      },
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a cross-site sign-in that asks for cookies (login CSRF)', async () => {
    const account = await register(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'sec-fetch-site': 'cross-site', 'x-portal-csrf': '1' },
      payload: { email: account.email, password: account.password, session: 'cookie' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('bearer requests ignore cookies, so they need no CSRF header', async () => {
    const account = await register(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...bearer(account.token), cookie: '__Host-portal_at=whatever' },
    });
    expect(response.statusCode).toBe(200);
  });
});
