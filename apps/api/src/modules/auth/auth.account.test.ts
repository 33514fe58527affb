import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/shared/messages';
import type { ActiveSession } from '@portal/shared/settings';
import {
  callApi,
  createTestApp,
  json,
  outboxFor,
  register,
  type Registered,
  type TestApp,
} from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

async function signIn(who: Registered, userAgent = FIREFOX) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'user-agent': userAgent },
    payload: { email: who.email, password: who.password },
  });
  return { response, token: json<{ token: string }>(response).token };
}

const sessions = async (who: { token: string }) =>
  json<{ sessions: ActiveSession[] }>(await callApi(t.app, 'GET', '/api/auth/sessions', who)).sessions;
const profileStatus = async (token: string) =>
  (await callApi(t.app, 'GET', '/api/auth/profile', { token })).statusCode;

describe('active sessions', () => {
  it('lists the user’s sessions with device and last use; revokes one; logs out all the others', async () => {
    const who = await register(t.app);
    const laptop = await signIn(who, FIREFOX);
    const phone = await signIn(who, CHROME);
    const list = await sessions(laptop);
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list.map((s) => s.device)).toEqual(
      expect.arrayContaining(['Firefox on Windows', 'Chrome on Linux']),
    );
    const phoneSession = list.find((s) => s.device === 'Chrome on Linux')!;
    const revoked = await callApi(t.app, 'POST', `/api/auth/sessions/${phoneSession.id}/revoke`, laptop);
    expect(json(revoked)).toEqual({ success: true, message: messages.sessionRevoked });
    expect(await profileStatus(phone.token)).toBe(401);
    const again = await callApi(t.app, 'POST', `/api/auth/sessions/${phoneSession.id}/revoke`, laptop);
    expect(again.statusCode).toBe(404);
    const others = await callApi(t.app, 'POST', '/api/auth/sessions/revoke-others', laptop);
    expect(json(others).message).toBe(messages.otherSessionsRevoked);
    expect(await profileStatus(who.token)).toBe(401);
    expect(await profileStatus(laptop.token)).toBe(200);
    expect(await sessions(laptop)).toHaveLength(1);
  });

  it('a session in use shows when it was last used, to the minute', async () => {
    const who = await register(t.app);
    t.clock.advance(5 * 60_000);
    expect(await profileStatus(who.token)).toBe(200);
    await expect.poll(async () => (await sessions(who))[0]!.lastUsedAt).toBe(t.clock.now().toISOString());
  });

  it('cannot revoke another user’s session', async () => {
    const who = await register(t.app);
    const other = await register(t.app);
    const [theirs] = await sessions(other);
    const response = await callApi(t.app, 'POST', `/api/auth/sessions/${theirs!.id}/revoke`, who);
    expect(response.statusCode).toBe(404);
    expect(await profileStatus(other.token)).toBe(200);
  });
});

describe('login alerts', () => {
  it('mail and list a sign-in from a new browser, not from a known one, and not when switched off', async () => {
    const who = await register(t.app, { email: `alerts.${Date.now()}@example.com` });
    await signIn(who, FIREFOX);
    let mails = await outboxFor(t.app, who.email);
    expect(mails.map((m) => m.subject)).toEqual(['New sign-in to your Investor Portal account']);
    expect(mails[0]!.text).toContain('Firefox on Windows');
    await signIn(who, FIREFOX);
    expect(await outboxFor(t.app, who.email)).toHaveLength(1);
    const listed = json<{ notifications: Array<{ type: string; data: object }> }>(
      await callApi(t.app, 'GET', '/api/notifications', who),
    );
    expect(listed.notifications).toEqual([
      expect.objectContaining({
        type: 'security.login',
        data: { device: 'Firefox on Windows', ip: '127.0.0.1' },
      }),
    ]);
    await callApi(t.app, 'POST', '/api/settings/login-alerts', who, { loginAlerts: false });
    await signIn(who, CHROME);
    mails = await outboxFor(t.app, who.email);
    expect(mails).toHaveLength(1);
  });
});

describe('deactivation', () => {
  it('needs the password, then signs out everywhere and refuses sign-in with a clear message', async () => {
    const who = await register(t.app);
    const other = await signIn(who);
    const wrong = await callApi(t.app, 'POST', '/api/auth/deactivate', who, { password: 'not it' });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).fields).toEqual({ password: messages.currentPasswordWrong });
    const done = await callApi(t.app, 'POST', '/api/auth/deactivate', who, { password: who.password });
    expect(json(done)).toEqual({ success: true, message: messages.accountDeactivatedDone });
    expect(await profileStatus(who.token)).toBe(401);
    expect(await profileStatus(other.token)).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: who.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const login = (await signIn(who)).response;
    expect(login.statusCode).toBe(403);
    expect(json(login).error).toBe(messages.accountDeactivated);
    const guess = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: who.email, password: 'a wrong guess' },
    });
    expect(json(guess).error).toBe(messages.invalidCredentials);
  });
});

describe('Download my data', () => {
  it('exports the account, settings, sessions and notifications as a JSON attachment', async () => {
    const who = await register(t.app, { name: 'Grace Hopper' });
    await callApi(t.app, 'POST', '/api/settings/personal', who, {
      firstName: 'Grace',
      lastName: 'Hopper',
      phone: '+1 555 010 9999',
      company: 'Navy',
    });
    await t.app.container.notifications.notify(who.user.id, 'kyc.verified');
    const response = await callApi(t.app, 'GET', '/api/settings/export', who);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="investor-portal-data.json"');
    const data = json<Record<string, unknown>>(response);
    expect(data).toMatchObject({
      account: { email: who.email, name: 'Grace Hopper' },
      settings: { personal: { phone: '+1 555 010 9999', company: 'Navy' } },
      notifications: [expect.objectContaining({ type: 'kyc.verified' })],
      soulBoundTokens: [],
      profilePicture: null,
    });
    expect(data.sessions).toHaveLength(1);
    expect(JSON.stringify(data)).not.toMatch(/password_hash|passwordHash|\$argon2/);
  });
});
