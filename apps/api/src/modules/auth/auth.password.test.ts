import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/shared/messages';
import {
  bearer,
  createTestApp,
  json,
  outboxFor,
  type OutboxMessage,
  register,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const outbox = (email: string) => outboxFor(t.app, email);

const forgot = (email: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', headers, payload: { email } });
const reset = (token: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, password, confirmPassword: password },
  });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const tokenIn = (message: OutboxMessage) => /#token=([A-Za-z0-9_-]+)/.exec(message.text)![1]!;

describe('forgot and reset password', () => {
  it('answers known and unknown emails identically and mails only the known one', async () => {
    const account = await register(t.app);
    const known = await forgot(account.email);
    const unknown = await forgot(`nobody.${account.email}`);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(json(known)).toEqual({ success: true, message: messages.forgotPasswordSent });
    expect(await outbox(account.email)).toHaveLength(1);
    expect(await outbox(`nobody.${account.email}`)).toHaveLength(0);
  });

  it('forgot → outbox → reset → the old password fails, the new one works, old sessions are revoked', async () => {
    const account = await register(t.app);
    await forgot(account.email);
    const [mail] = await outbox(account.email);
    expect(mail!.subject).toBe('Reset your Investor Portal password');
    const done = await reset(tokenIn(mail!), 'a new password');
    expect(done.statusCode).toBe(200);
    expect(json(done)).toEqual({ success: true, message: messages.passwordResetDone });
    expect((await login(account.email, account.password)).statusCode).toBe(401);
    expect((await login(account.email, 'a new password')).statusCode).toBe(200);
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: bearer(account.token),
    });
    expect(old.statusCode).toBe(401);
    const oldRefresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: account.refreshToken },
    });
    expect(oldRefresh.statusCode).toBe(401);
  });

  it('a reset link works once', async () => {
    const account = await register(t.app);
    await forgot(account.email);
    const token = tokenIn((await outbox(account.email))[0]!);
    expect((await reset(token, 'first new password')).statusCode).toBe(200);
    const again = await reset(token, 'second new password');
    expect(again.statusCode).toBe(400);
    expect(json(again)).toMatchObject({ error: messages.resetTokenInvalid });
    expect((await login(account.email, 'first new password')).statusCode).toBe(200);
  });

  it('a reset link expires after one hour', async () => {
    const account = await register(t.app);
    await forgot(account.email);
    const token = tokenIn((await outbox(account.email))[0]!);
    t.clock.advance(60 * 60_000 + 1000);
    expect((await reset(token, 'too late password')).statusCode).toBe(400);
    expect((await login(account.email, account.password)).statusCode).toBe(200);
  });

  it('builds the link from PUBLIC_URL, never from a spoofed Host header, and keeps the token out of URLs sent to servers', async () => {
    const account = await register(t.app);
    await forgot(account.email, { host: 'evil.test', 'x-forwarded-host': 'evil.test' });
    const [mail] = await outbox(account.email);
    expect(mail!.text).toContain(`${TEST_PUBLIC_URL}/reset-password#token=`);
    expect(mail!.text).not.toContain('evil.test');
  });

  it('rejects an unknown token and a weak new password without changing anything', async () => {
    expect((await reset('not-a-real-token', 'whatever1')).statusCode).toBe(400);
    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: 'x', password: '123', confirmPassword: '321' },
    });
    expect(json(weak)).toMatchObject({
      fields: { password: messages.passwordTooShort, confirmPassword: messages.passwordsDoNotMatch },
    });
  });
});

describe('change password', () => {
  it('needs the current password', async () => {
    const account = await register(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(account.token),
      payload: {
        currentPassword: 'not mine',
        newPassword: 'changed password',
        confirmPassword: 'changed password',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ fields: { currentPassword: messages.currentPasswordWrong } });
    expect((await login(account.email, account.password)).statusCode).toBe(200);
  });

  it('changes it, keeps the current session and revokes the others', async () => {
    const account = await register(t.app);
    const other = json<{ token: string }>(await login(account.email, account.password));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(account.token),
      payload: {
        currentPassword: account.password,
        newPassword: 'changed password',
        confirmPassword: 'changed password',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ success: true, message: messages.passwordChanged });
    const me = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(token) });
    expect((await me(account.token)).statusCode).toBe(200);
    expect((await me(other.token)).statusCode).toBe(401);
    expect((await login(account.email, 'changed password')).statusCode).toBe(200);
  });
});

describe('the admin outbox', () => {
  it('is for admins only', async () => {
    const investor = await register(t.app);
    const denied = await t.app.inject({
      method: 'GET',
      url: '/api/admin/outbox',
      headers: bearer(investor.token),
    });
    expect(denied.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/outbox' })).statusCode).toBe(401);
  });
});
