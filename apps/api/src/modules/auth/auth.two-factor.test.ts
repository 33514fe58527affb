import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/shared/messages';
import { ACCESS_COOKIE } from './session-cookies.js';
import {
  callApi,
  createAdmin,
  createTestApp,
  json,
  mailsTo,
  register,
  type Registered,
  type TestApp,
} from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The user's phone: computes codes from the scanned secret at the server's (test) time. */
const phone = (secret: string) => ({
  code: (offsetSteps = 0) =>
    new TOTP({ secret: Secret.fromBase32(secret) }).generate({
      timestamp: t.clock.now().getTime() + offsetSteps * 30_000,
    }),
});

async function enrol(who: Registered) {
  const setup = await callApi(t.app, 'POST', '/api/auth/two-factor/setup', who);
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUrl } = json<{ secret: string; otpauthUrl: string }>(setup);
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Investor%20Portal:.+\?.*secret=/);
  const app = phone(secret);
  const wrong = await callApi(t.app, 'POST', '/api/auth/two-factor/enable', who, { code: '000000' });
  expect(wrong.statusCode).toBe(400);
  const enabled = await callApi(t.app, 'POST', '/api/auth/two-factor/enable', who, { code: app.code() });
  expect(enabled.statusCode).toBe(200);
  const { recoveryCodes } = json<{ recoveryCodes: string[] }>(enabled);
  expect(recoveryCodes).toHaveLength(10);
  t.clock.advance(30_000);
  return { app, recoveryCodes };
}

const passwordStep = (who: Registered, session?: 'cookie') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: session ? { origin: 'http://portal.test', 'x-portal-csrf': '1' } : {},
    payload: { email: who.email, password: who.password, ...(session ? { session } : {}) },
  });
const codeStep = (ticket: string, code: string, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login/two-factor',
    payload: { ticket, code },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

describe('two-factor sign-in (TOTP)', () => {
  it('enrols with a confirmed code; sign-in then needs a code; a code works once', async () => {
    const who = await register(t.app);
    const { app } = await enrol(who);
    const settings = json<{ settings: { security: object } }>(
      await callApi(t.app, 'GET', '/api/settings', who),
    );
    expect(settings.settings.security).toMatchObject({ twoFactorEnabled: true });
    const first = await passwordStep(who);
    expect(first.statusCode).toBe(200);
    const challenge = json<{ twoFactorRequired: boolean; ticket: string; token?: string }>(first);
    expect(challenge.twoFactorRequired).toBe(true);
    expect(challenge.token).toBeUndefined();
    const refused = await codeStep(challenge.ticket, '123456');
    expect(refused.statusCode).toBe(400);
    expect(json(refused).fields).toEqual({ code: messages.twoFactorCodeInvalid });
    const code = app.code();
    const ok = await codeStep(challenge.ticket, code);
    expect(ok.statusCode).toBe(200);
    expect(json<{ token: string }>(ok).token).toBeTruthy();
    // The ticket is spent, and the same code cannot open a second sign-in.
    expect((await codeStep(challenge.ticket, code)).statusCode).toBe(401);
    const second = json<{ ticket: string }>(await passwordStep(who));
    expect((await codeStep(second.ticket, code)).statusCode).toBe(400);
  });

  it('cookie sessions too: the code step sets the session cookies', async () => {
    const who = await register(t.app);
    const { app } = await enrol(who);
    const first = await passwordStep(who, 'cookie');
    expect(first.cookies).toHaveLength(0);
    const ok = await codeStep(json<{ ticket: string }>(first).ticket, app.code());
    expect(json(ok).token).toBe('cookie_session');
    expect(ok.cookies.map((c) => c.name)).toContain(ACCESS_COOKIE);
  });

  it('a recovery code works once; five wrong codes end the ticket', async () => {
    const who = await register(t.app);
    const { recoveryCodes, app } = await enrol(who);
    const recovery = recoveryCodes[0]!;
    const first = json<{ ticket: string }>(await passwordStep(who));
    expect((await codeStep(first.ticket, recovery.toUpperCase())).statusCode).toBe(200);
    const second = json<{ ticket: string }>(await passwordStep(who));
    expect((await codeStep(second.ticket, recovery)).statusCode).toBe(400);
    for (let i = 0; i < 4; i += 1) await codeStep(second.ticket, '000000');
    const late = await codeStep(second.ticket, app.code());
    expect(late.statusCode).toBe(401);
    expect(json(late).error).toBe(messages.twoFactorTicketInvalid);
  });

  it('a ticket expires after five minutes; disabling needs the password', async () => {
    const who = await register(t.app);
    const { app } = await enrol(who);
    const first = json<{ ticket: string }>(await passwordStep(who));
    t.clock.advance(5 * 60_000 + 1);
    expect((await codeStep(first.ticket, app.code())).statusCode).toBe(401);
    const token = (await callApi(t.app, 'POST', '/api/auth/two-factor/disable', who, { password: 'nope' }))
      .statusCode;
    expect(token).toBe(400);
    const off = await callApi(t.app, 'POST', '/api/auth/two-factor/disable', who, { password: who.password });
    expect(json(off).message).toBe(messages.twoFactorDisabled);
    expect(json<{ token: string }>(await passwordStep(who)).token).toBeTruthy();
  });

  it('wrong codes over many tickets and addresses back off per account; the owner is told; a recovery code still works', async () => {
    const who = await register(t.app);
    const { app, recoveryCodes } = await enrol(who);
    const ticketFrom = async (ip: string) =>
      json<{ ticket: string }>(
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: ip,
          payload: { email: who.email, password: who.password },
        }),
      ).ticket;
    // A fresh ticket from a fresh address for every guess: neither per-ticket nor per-address
    // limits ever trip, only the account's.
    const answers: number[] = [];
    for (let i = 0; i < 24; i += 1) {
      const ip = `198.18.${i % 12}.${i}`;
      answers.push((await codeStep(await ticketFrom(ip), '000000', ip)).statusCode);
    }
    expect(answers.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(answers.slice(5).every((status) => status === 429)).toBe(true);
    const paused = await codeStep(await ticketFrom('198.18.50.1'), app.code(), '198.18.50.1');
    expect(paused.statusCode).toBe(429);
    expect(json(paused).error).toBe(messages.twoFactorPaused);
    expect(Number(paused.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    const notices = json<{ notifications: Array<{ type: string }> }>(
      await callApi(t.app, 'GET', '/api/notifications', who),
    ).notifications;
    expect(notices.map((n) => n.type)).toContain('security.two-factor-guessing');
    expect((await mailsTo(t, who.email)).map((m) => m.subject)).toContain(
      'Someone is trying codes on your Investor Portal account',
    );
    const admin = await createAdmin(t.app);
    const audit = json<{ entries: Array<{ action: string; targetId: string; adminEmail: string }> }>(
      await callApi(t.app, 'GET', '/api/admin/audit', admin),
    ).entries;
    expect(audit).toContainEqual(
      expect.objectContaining({
        action: 'auth.second_factor_guessing',
        targetId: who.user.id,
        adminEmail: 'system',
      }),
    );

    // The owner is never locked out: a recovery code is evaluated during the back-off.
    const owner = await codeStep(await ticketFrom('203.0.113.9'), recoveryCodes[1]!, '203.0.113.9');
    expect(owner.statusCode).toBe(200);
    // Their success ends the streak: codes are evaluated again.
    expect((await codeStep(await ticketFrom('203.0.113.9'), app.code(), '203.0.113.9')).statusCode).toBe(200);
  });

  it('the back-off doubles and is over once its time has passed', async () => {
    const who = await register(t.app);
    const { app } = await enrol(who);
    const ticket = async () => json<{ ticket: string }>(await passwordStep(who)).ticket;
    for (let i = 0; i < 5; i += 1) expect((await codeStep(await ticket(), '000000')).statusCode).toBe(400);
    expect((await codeStep(await ticket(), '000000')).statusCode).toBe(429);
    t.clock.advance(1_500);
    expect((await codeStep(await ticket(), '000000')).statusCode).toBe(400);
    const longer = await codeStep(await ticket(), app.code());
    expect(Number(longer.headers['retry-after'])).toBeGreaterThanOrEqual(2);
    t.clock.advance(2_500);
    expect((await codeStep(await ticket(), app.code())).statusCode).toBe(200);
  });

  it('the code step is rate-limited per address', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_TWO_FACTOR_PER_MINUTE: '3' } });
    try {
      const answers = [];
      for (let i = 0; i < 4; i += 1) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/login/two-factor',
          payload: { ticket: 'x', code: '000000' },
        });
        answers.push(response.statusCode);
      }
      expect(answers).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});
