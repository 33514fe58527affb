import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/shared/messages';
import {
  callApi,
  createAdmin,
  createTestApp,
  json,
  mailsTo,
  register,
  resetTokenFor,
  uniqueEmail,
  type TestApp,
} from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      RATE_LIMIT_REGISTER_PER_IP_PER_HOUR: '10',
      RATE_LIMIT_FORGOT_PER_IP_PER_HOUR: '20',
      RATE_LIMIT_LOGIN_IP_FAILURES_PER_HOUR: '100',
    },
  });
});
afterAll(() => t.close());

const login = (email: string, password: string, ip = '203.0.113.10', headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip,
    headers,
    payload: { email, password },
  });

describe('login throttling (per account and per IP)', () => {
  it('backs off exponentially after 5 consecutive failures, with 429 and Retry-After', async () => {
    const account = await register(t.app);
    for (let i = 0; i < 5; i++)
      expect((await login(account.email, 'wrong password', '203.0.113.1')).statusCode).toBe(401);
    const blocked = await login(account.email, 'wrong password', '203.0.113.1');
    expect(blocked.statusCode).toBe(429);
    expect(json(blocked)).toMatchObject({ code: 'RATE_LIMITED', error: messages.tooManyLoginAttempts });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // During the back-off even the right password is not evaluated.
    expect((await login(account.email, account.password, '203.0.113.1')).statusCode).toBe(429);
    t.clock.advance(1500);
    expect((await login(account.email, 'wrong password', '203.0.113.1')).statusCode).toBe(401);
    const longer = await login(account.email, 'wrong password', '203.0.113.1');
    expect(longer.statusCode).toBe(429);
    expect(Number(longer.headers['retry-after'])).toBeGreaterThanOrEqual(2);
    t.clock.advance(3000);
    expect((await login(account.email, account.password, '203.0.113.1')).statusCode).toBe(200);
  });

  it('a spoofed X-Forwarded-For does not open a fresh bucket', async () => {
    const account = await register(t.app);
    for (let i = 0; i < 5; i++) {
      await login(account.email, 'wrong password', '203.0.113.2', { 'x-forwarded-for': `198.51.100.${i}` });
    }
    const response = await login(account.email, 'wrong password', '203.0.113.2', {
      'x-forwarded-for': '198.51.100.99',
    });
    expect(response.statusCode).toBe(429);
  });

  it('caps failures at 100 per hour per account, whatever the source addresses', async () => {
    // Back-off off, to see the hourly ceiling on its own (ASVS 2.2.1).
    const isolated = await createTestApp({ env: { RATE_LIMIT_LOGIN_BACKOFF_AFTER: '1000' } });
    try {
      const account = await register(isolated.app);
      const attempt = (i: number, password = 'guess password') =>
        isolated.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: `192.0.2.${i % 250}`,
          payload: { email: account.email, password },
        });
      for (let i = 0; i < 100; i++) expect((await attempt(i)).statusCode).toBe(401);
      expect(json(await attempt(100)).error).toBe(messages.loginPausedForAccount);
      expect((await attempt(101, account.password)).statusCode).toBe(429);
      isolated.clock.advance(60 * 60_000 + 1000);
      expect((await attempt(102, account.password)).statusCode).toBe(200);
    } finally {
      await isolated.close();
    }
    // A hundred argon2 checks: slow on a busy two-core machine.
  }, 90_000);

  it('a stranger tripping the ceiling from 20 addresses: the owner is told and gets in by the mailed link', async () => {
    const account = await register(t.app);
    // Five guesses from each of twenty addresses: each stays under its source's back-off.
    for (let i = 0; i < 100; i++)
      expect((await login(account.email, 'guess password', `198.51.${100 + (i % 20)}.7`)).statusCode).toBe(
        401,
      );
    const owner = (extra: Record<string, string> = {}, password = account.password) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '203.0.113.250',
        payload: { email: account.email, password, ...extra },
      });
    const paused = await owner();
    expect(paused.statusCode).toBe(429);
    expect(json(paused).error).toBe(messages.loginPausedForAccount);
    expect(Number(paused.headers['retry-after'])).toBeGreaterThan(3000);

    const mailed = await mailsTo(t, account.email);
    expect(mailed).toHaveLength(1);
    expect(mailed[0]!.subject).toBe('Someone is trying to sign in to your Investor Portal account');
    const linkToken = (text: string) => /#unlock=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
    const unlockToken = linkToken(mailed[0]!.text);
    expect(unlockToken).toHaveLength(43);
    // The link lifts the ceiling, not the password: a wrong one is still refused.
    expect((await owner({ unlockToken }, 'not my password')).statusCode).toBe(401);
    const signedIn = await owner({ unlockToken });
    expect(signedIn.statusCode).toBe(200);
    const session = { token: json<{ token: string }>(signedIn).token };
    const notices = json<{ notifications: Array<{ type: string }> }>(
      await callApi(t.app, 'GET', '/api/notifications', session),
    ).notifications;
    expect(notices.map((n) => n.type)).toContain('security.password-guessing');
    const admin = await createAdmin(t.app);
    const audit = json<{ entries: Array<{ action: string; targetId: string }> }>(
      await callApi(t.app, 'GET', '/api/admin/audit', admin),
    ).entries;
    expect(audit).toContainEqual(
      expect.objectContaining({ action: 'auth.password_guessing', targetId: account.user.id }),
    );

    // One sign-in per link; a new one can be asked for while the pause lasts.
    const reused = await owner({ unlockToken });
    expect(json(reused).error).toBe(messages.unlockLinkInvalid);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/unlock',
      payload: { email: account.email },
    });
    expect(json(asked).message).toBe(messages.unlockLinkSent);
    const fresh = linkToken((await mailsTo(t, account.email))[0]!.text);
    expect((await owner({ unlockToken: fresh })).statusCode).toBe(200);
    // Nobody learns whether an address has an account: the same answer, and no mail.
    const unknown = uniqueEmail('nobody');
    const none = await t.app.inject({ method: 'POST', url: '/api/auth/unlock', payload: { email: unknown } });
    expect(json(none).message).toBe(messages.unlockLinkSent);
    expect(await mailsTo(t, unknown)).toHaveLength(0);
  }, 120_000);

  it("an attacker's failures from one source do not stop the owner signing in from another", async () => {
    const account = await register(t.app);
    // One guess every 15 minutes for hours: it keeps the attacker's own source backed off, nothing else.
    for (let i = 0; i < 12; i++) {
      await login(account.email, 'guess password', '198.51.100.66');
      t.clock.advance(15 * 60_000);
    }
    await login(account.email, 'guess password', '198.51.100.66');
    expect((await login(account.email, 'guess password', '198.51.100.66')).statusCode).toBe(429);
    expect((await login(account.email, account.password, '203.0.113.200')).statusCode).toBe(200);
    // The owner's own typo streak is forgiven by their next success.
    for (let i = 0; i < 4; i++) await login(account.email, 'typo password', '203.0.113.200');
    expect((await login(account.email, account.password, '203.0.113.200')).statusCode).toBe(200);
  });

  it('a password reset clears every counter of the account, the hourly ceiling included', async () => {
    const isolated = await createTestApp({
      env: { RATE_LIMIT_LOGIN_FAILURES_PER_HOUR: '3', RATE_LIMIT_LOGIN_BACKOFF_AFTER: '1000' },
    });
    try {
      const account = await register(isolated.app);
      const attempt = (ip: string, password: string) =>
        isolated.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: ip,
          payload: { email: account.email, password },
        });
      for (let i = 0; i < 3; i++) await attempt(`192.0.2.${i}`, 'guess password');
      expect((await attempt('192.0.2.99', account.password)).statusCode).toBe(429);
      await isolated.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: account.email },
      });
      const token = await resetTokenFor(isolated, account.email);
      const reset = await isolated.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password: 'a brand new passphrase' },
      });
      expect(reset.statusCode).toBe(200);
      expect((await attempt('192.0.2.99', 'a brand new passphrase')).statusCode).toBe(200);
    } finally {
      await isolated.close();
    }
  });

  it('limits failures per IP across accounts', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < 100; i++) await login(uniqueEmail('spray'), 'guess password', ip);
    expect((await login(uniqueEmail('spray'), 'guess password', ip)).statusCode).toBe(429);
    expect((await login(uniqueEmail('spray'), 'guess password', '203.0.113.78')).statusCode).toBe(401);
  });
});

describe('registration and reset throttling', () => {
  it('allows 10 registrations per IP per hour', async () => {
    const ip = '198.51.100.200';
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: ip,
        payload: { name: 'Rate Limited', email: uniqueEmail('reg'), password: 'violet-kite-9' },
      });
    for (let i = 0; i < 10; i++) expect((await attempt()).statusCode).toBe(201);
    const response = await attempt();
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBeDefined();
    t.clock.advance(60 * 60_000 + 1000);
    expect((await attempt()).statusCode).toBe(201);
  });

  it('caps reset mails per account silently and reset requests per IP loudly', async () => {
    const account = await register(t.app);
    const forgot = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: ip,
        payload: { email: account.email },
      });
    for (let i = 0; i < 5; i++) expect((await forgot(`192.0.2.${100 + i}`)).statusCode).toBe(200);
    expect(await mailsTo(t, account.email)).toHaveLength(3);
    for (let i = 0; i < 20; i++) await forgot('192.0.2.250');
    expect((await forgot('192.0.2.250')).statusCode).toBe(429);
  });
});
