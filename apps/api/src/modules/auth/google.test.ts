import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { oidcAttempts, oidcIdentities, users } from '../../db/schema/index.js';
import { configProblems } from '../../test/config-problems.js';
import { startOidcServer, type OidcTestAccount, type OidcTestServer } from '../../test/oidc-server.js';
import {
  callApi,
  createTestApp,
  json,
  register,
  TEST_PUBLIC_URL,
  uniqueEmail,
  type TestApp,
} from '../../test/test-app.js';
import { GOOGLE_COOKIE } from './google.routes.js';
import { GOOGLE_ATTEMPT_TTL_MS, portalName } from './google.service.js';
import { ACCESS_COOKIE, REFRESH_COOKIE } from './session-cookies.js';

const CALLBACK = `${TEST_PUBLIC_URL}/api/auth/google/callback`;
const SIGNED_IN = `${TEST_PUBLIC_URL}/login#google=signed-in`;
const LOGIN_FAILED = `${TEST_PUBLIC_URL}/login#google=failed`;
const REGISTER_FAILED = `${TEST_PUBLIC_URL}/register#google=failed`;

let op: OidcTestServer;
let t: TestApp;
beforeAll(async () => {
  op = await startOidcServer({ redirectUri: CALLBACK });
  t = await createTestApp({
    env: {
      GOOGLE_CLIENT_ID: op.clientId,
      GOOGLE_CLIENT_SECRET: op.clientSecret,
      GOOGLE_ISSUER: op.issuer,
      RATE_LIMIT_GOOGLE_PER_MINUTE: '1000',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await op?.close();
});

let people = 0;
/** A new person with a Google account (verified address unless told otherwise). */
function person(overrides: Partial<OidcTestAccount> = {}): OidcTestAccount {
  people += 1;
  return {
    sub: `google-sub-${Date.now().toString(36)}-${people}`,
    email: uniqueEmail('google'),
    emailVerified: true,
    name: 'Grace Hopper',
    ...overrides,
  };
}

async function start(intent: 'login' | 'register') {
  const response = await t.app.inject({ method: 'GET', url: `/api/auth/google/start?intent=${intent}` });
  expect(response.statusCode, response.body).toBe(302);
  const binding = response.cookies.find((cookie) => cookie.name === GOOGLE_COOKIE);
  expect(binding).toBeDefined();
  return { response, location: String(response.headers.location), binding: binding!.value };
}

const callback = (back: URL, binding: string | undefined) =>
  t.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    cookies: binding ? { [GOOGLE_COOKIE]: binding } : {},
  });

/** The whole round trip in one browser: portal → provider (signs `account` in) → portal. */
async function roundTrip(intent: 'login' | 'register', account: OidcTestAccount) {
  op.signInAs(account);
  const { location, binding } = await start(intent);
  const back = await op.authorize(location);
  expect(back.origin + back.pathname).toBe(CALLBACK);
  return { response: await callback(back, binding), back, binding };
}

const cookieOf = (response: LightMyRequestResponse, name: string) =>
  response.cookies.find((cookie) => cookie.name === name)?.value;

async function profileWith(response: LightMyRequestResponse) {
  const access = cookieOf(response, ACCESS_COOKIE);
  expect(access).toBeTruthy();
  return t.app.inject({ method: 'GET', url: '/api/auth/profile', cookies: { [ACCESS_COOKIE]: access! } });
}

const userByEmail = async (email: string) =>
  (await t.database.db.select().from(users).where(eq(users.email, email.toLowerCase())))[0];
const identitiesOf = (sub: string) =>
  t.database.db.select().from(oidcIdentities).where(eq(oidcIdentities.subject, sub));

describe('Google sign-in (OpenID Connect against a local oidc-provider)', () => {
  it('tells the web app that Google is configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ success: true, google: true });
  });

  it('starts with PKCE S256, state and nonce; binds the state to the browser; stores only its hash', async () => {
    const { location, response, binding } = await start('register');
    const url = new URL(location);
    expect(url.origin).toBe(op.issuer);
    const params = url.searchParams;
    expect(params.get('client_id')).toBe(op.clientId);
    expect(params.get('redirect_uri')).toBe(CALLBACK);
    expect(params.get('response_type')).toBe('code');
    expect(params.get('scope')).toBe('openid email profile');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('nonce')).toBeTruthy();
    const state = params.get('state')!;
    expect(binding).toBe(`register:${state}`);
    const cookie = response.cookies.find((c) => c.name === GOOGLE_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    expect(cookie.maxAge).toBe(GOOGLE_ATTEMPT_TTL_MS / 1000);
    expect(response.headers['cache-control']).toBe('no-store');
    const rows = await t.database.db.select().from(oidcAttempts);
    expect(rows.some((row) => row.stateHash === state)).toBe(false);
    const row = rows.find((r) => r.nonce === params.get('nonce'));
    expect(row).toMatchObject({ provider: 'google', intent: 'register' });
    // The verifier is sealed: neither it nor the challenge appears in the row.
    expect(row!.codeVerifierSealed).not.toContain(params.get('code_challenge'));
  });

  it('registration opens an investor account linked to the Google account, with a working cookie session', async () => {
    const grace = person({ name: "Grace O'Hopper-Murray" });
    const { response } = await roundTrip('register', grace);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(SIGNED_IN);
    expect(cookieOf(response, REFRESH_COOKIE)).toBeTruthy();
    const profile = await profileWith(response);
    expect(profile.statusCode).toBe(200);
    expect(json<{ user: object }>(profile).user).toMatchObject({
      email: grace.email.toLowerCase(),
      role: 'INVESTOR',
      name: 'Grace O Hopper Murray',
    });
    const row = await userByEmail(grace.email);
    expect(row).toMatchObject({ role: 'investor', deactivatedAt: null });
    // An unusable password: the argon2id hash of random bytes nobody knows.
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await identitiesOf(grace.sub)).toEqual([
      expect.objectContaining({ provider: 'google', userId: row!.id, email: grace.email.toLowerCase() }),
    ]);
    // The password sign-in knows nothing to type.
    const password = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: grace.email, password: 'correct horse battery' },
    });
    expect(password.statusCode).toBe(401);
  });

  it('signs a linked user in again, and registering twice just signs in', async () => {
    const alan = person({ name: 'Alan Turing' });
    const first = await roundTrip('register', alan);
    expect(first.response.headers.location).toBe(SIGNED_IN);
    const id = (await userByEmail(alan.email))!.id;

    const login = await roundTrip('login', alan);
    expect(login.response.headers.location).toBe(SIGNED_IN);
    expect(json<{ user: { id: string } }>(await profileWith(login.response)).user.id).toBe(id);

    const again = await roundTrip('register', alan);
    expect(again.response.headers.location).toBe(SIGNED_IN);
    expect(json<{ user: { id: string } }>(await profileWith(again.response)).user.id).toBe(id);
    expect(await identitiesOf(alan.sub)).toHaveLength(1);
  });

  it('never signs in to an unlinked account by matching its address (no takeover)', async () => {
    const owner = await register(t.app);
    const same = person({ email: owner.email });
    const login = await roundTrip('login', same);
    expect(login.response.headers.location).toBe(LOGIN_FAILED);
    expect(cookieOf(login.response, ACCESS_COOKIE)).toBeUndefined();
    const registration = await roundTrip('register', same);
    expect(registration.response.headers.location).toBe(REGISTER_FAILED);
    expect(await identitiesOf(same.sub)).toEqual([]);
    // Signing in with Google before registering does not open an account either.
    const stranger = person();
    expect((await roundTrip('login', stranger)).response.headers.location).toBe(LOGIN_FAILED);
    expect(await userByEmail(stranger.email)).toBeUndefined();
  });

  it('refuses a replayed callback, a wrong state, and a callback from another browser', async () => {
    const ada = person();
    const { response, back, binding } = await roundTrip('register', ada);
    expect(response.headers.location).toBe(SIGNED_IN);
    const replay = await callback(back, binding);
    expect(replay.statusCode).toBe(302);
    expect(replay.headers.location).toBe(REGISTER_FAILED);
    expect(cookieOf(replay, ACCESS_COOKIE)).toBeUndefined();

    // A state that is not the one this browser started with.
    op.signInAs(ada);
    const second = await start('login');
    const forged = await op.authorize(second.location);
    forged.searchParams.set('state', 'forged-state');
    const wrong = await callback(forged, second.binding);
    expect(wrong.headers.location).toBe(LOGIN_FAILED);
    expect(cookieOf(wrong, ACCESS_COOKIE)).toBeUndefined();

    // Login CSRF: the callback URL of someone else's round trip, opened in a browser without its cookie.
    const third = await start('login');
    const elsewhere = await callback(await op.authorize(third.location), undefined);
    expect(elsewhere.headers.location).toBe(LOGIN_FAILED);
    expect(cookieOf(elsewhere, ACCESS_COOKIE)).toBeUndefined();
  });

  it('refuses an ID token whose nonce is not the one the portal sent', async () => {
    const eve = person();
    op.signInAs(eve);
    const { location, binding } = await start('register');
    const nonce = new URL(location).searchParams.get('nonce')!;
    await t.database.db
      .update(oidcAttempts)
      .set({ nonce: 'another-nonce' })
      .where(eq(oidcAttempts.nonce, nonce));
    const response = await callback(await op.authorize(location), binding);
    expect(response.headers.location).toBe(REGISTER_FAILED);
    expect(await userByEmail(eve.email)).toBeUndefined();
    const refusals = t.logs.filter((line) => line.includes('Google sign-in refused'));
    expect(refusals.at(-1)).toMatch(/nonce/);
  });

  it('refuses an address Google has not verified', async () => {
    const unverified = person({ emailVerified: false });
    const { response } = await roundTrip('register', unverified);
    expect(response.headers.location).toBe(REGISTER_FAILED);
    expect(await userByEmail(unverified.email)).toBeUndefined();
  });

  it('refuses an attempt older than ten minutes, and housekeeping forgets such attempts', async () => {
    const late = person();
    op.signInAs(late);
    const { location, binding } = await start('register');
    const back = await op.authorize(location);
    t.clock.advance(GOOGLE_ATTEMPT_TTL_MS + 1000);
    expect((await callback(back, binding)).headers.location).toBe(REGISTER_FAILED);

    await start('login');
    t.clock.advance(GOOGLE_ATTEMPT_TTL_MS + 1000);
    const pruned = await t.app.container.housekeeping.oidcAttempts.pruneAttempts(t.clock.now());
    expect(pruned).toBeGreaterThan(0);
    expect(
      (await t.database.db.select().from(oidcAttempts)).filter((row) => row.expiresAt < t.clock.now()),
    ).toEqual([]);
  });

  it('refuses a deactivated account', async () => {
    const gone = person();
    await roundTrip('register', gone);
    await t.database.db
      .update(users)
      .set({ deactivatedAt: t.clock.now() })
      .where(eq(users.email, gone.email));
    const { response } = await roundTrip('login', gone);
    expect(response.headers.location).toBe(LOGIN_FAILED);
    expect(cookieOf(response, ACCESS_COOKIE)).toBeUndefined();
  });

  it('still asks for the second factor of an account with two-factor on', async () => {
    const careful = person();
    const registered = await roundTrip('register', careful);
    const who = { token: cookieOf(registered.response, ACCESS_COOKIE)! };
    const setup = json<{ secret: string }>(await callApi(t.app, 'POST', '/api/auth/two-factor/setup', who));
    const code = () =>
      new TOTP({ secret: Secret.fromBase32(setup.secret) }).generate({ timestamp: t.clock.now().getTime() });
    const enabled = await callApi(t.app, 'POST', '/api/auth/two-factor/enable', who, { code: code() });
    expect(enabled.statusCode).toBe(200);
    t.clock.advance(30_000);

    const { response } = await roundTrip('login', careful);
    const location = String(response.headers.location);
    expect(location).toMatch(
      new RegExp(`^${TEST_PUBLIC_URL}/login#google=two-factor&ticket=[A-Za-z0-9_-]+$`),
    );
    expect(cookieOf(response, ACCESS_COOKIE)).toBeUndefined();
    const ticket = new URLSearchParams(location.split('#')[1]).get('ticket')!;
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/two-factor',
      payload: { ticket, code: code() },
    });
    expect(second.statusCode).toBe(200);
    expect(json(second).token).toBe('cookie_session');
    expect((await profileWith(second)).statusCode).toBe(200);
  });

  it('documents its routes in OpenAPI', async () => {
    const spec = json<{ paths: Record<string, { get?: { operationId?: string; summary?: string } }> }>(
      await t.app.inject({ method: 'GET', url: '/api/docs/json' }),
    );
    expect(spec.paths['/api/auth/providers']?.get).toMatchObject({ operationId: 'authProviders' });
    expect(spec.paths['/api/auth/google/start']?.get).toMatchObject({ operationId: 'googleStart' });
    expect(spec.paths['/api/auth/google/callback']?.get).toMatchObject({ operationId: 'googleCallback' });
    expect(spec.paths['/api/auth/google/start']?.get?.summary).toBeTruthy();
  });

  it('keeps state, codes and tickets out of the logs', () => {
    const logs = t.logs.join('');
    expect(logs).not.toMatch(/[?&]code=|ticket=|code_verifier/);
  });
});

describe('Google sign-in when not configured', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp();
  });
  afterAll(() => off?.close());

  it('says so to the web app, and has no start or callback', async () => {
    expect(json(await off.app.inject({ method: 'GET', url: '/api/auth/providers' }))).toEqual({
      success: true,
      google: false,
    });
    for (const url of ['/api/auth/google/start?intent=login', '/api/auth/google/callback?state=x&code=y']) {
      const response = await off.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(json(response)).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('refuses an unknown intent', async () => {
    const response = await off.app.inject({ method: 'GET', url: '/api/auth/google/start?intent=admin' });
    expect(response.statusCode).toBe(400);
  });
});

describe('Google configuration', () => {
  it('is on only with both the client id and secret; one alone fails the boot, naming the other', () => {
    expect(loadConfig({}).google).toBeUndefined();
    expect(configProblems({ GOOGLE_CLIENT_ID: 'id' })).toContain('GOOGLE_CLIENT_SECRET:');
    expect(configProblems({ GOOGLE_CLIENT_SECRET: 'secret' })).toContain('GOOGLE_CLIENT_ID:');
    expect(
      loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's', PUBLIC_URL: 'https://portal.example' })
        .google,
    ).toEqual({
      clientId: 'id',
      clientSecret: 's',
      issuer: 'https://accounts.google.com',
      redirectUri: 'https://portal.example/api/auth/google/callback',
    });
  });

  it('reads the secret from a file, and refuses a plain-http issuer elsewhere than this machine', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'google-config-'));
    try {
      const file = path.join(dir, 'secret');
      writeFileSync(file, 'from-file\n');
      expect(
        loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET_FILE: file }).google?.clientSecret,
      ).toBe('from-file');
      expect(
        configProblems({
          GOOGLE_CLIENT_ID: 'id',
          GOOGLE_CLIENT_SECRET: 's',
          GOOGLE_CLIENT_SECRET_FILE: file,
        }),
      ).toContain('GOOGLE_CLIENT_SECRET_FILE:');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(
      configProblems({
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 's',
        GOOGLE_ISSUER: 'http://idp.example',
      }),
    ).toContain('GOOGLE_ISSUER:');
  });
});

describe('portalName', () => {
  it('keeps letters and spaces, and falls back to the address', () => {
    expect(portalName('Zoë Ω  Smith', 'z@example.com')).toBe('Zoë Ω Smith');
    expect(portalName('李', 'li.wei@example.com')).toBe('li wei');
    expect(portalName(undefined, '42@example.com')).toBe('Investor');
  });
});
