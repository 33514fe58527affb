import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/shared/messages';
import type { AccountSettingsResponse } from '@portal/shared/settings';
import { bearer, callApi, createTestApp, json, register, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// The smallest valid PNG (1×1, transparent) and a JPEG's first bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const settingsOf = (response: { json(): unknown }) => (response.json() as AccountSettingsResponse).settings;

describe('account settings', () => {
  it('starts from the spec defaults: every switch on but the name to issuers (ADR 69), the name split from the account name', async () => {
    const who = await register(t.app, { name: 'Ada King Lovelace' });
    const response = await callApi(t.app, 'GET', '/api/settings', who);
    expect(response.statusCode).toBe(200);
    expect(settingsOf(response)).toEqual({
      personal: {
        firstName: 'Ada',
        lastName: 'King Lovelace',
        email: who.email,
        phone: '',
        company: '',
        avatarUrl: null,
      },
      preferences: { theme: null, language: null, notifyEmail: true, notifySms: true, notifyWallet: true },
      security: { loginAlerts: true, twoFactorEnabled: false },
      privacy: { showNameToIssuers: false },
    });
  });

  it('Save Profile persists the details and renames the account', async () => {
    const who = await register(t.app);
    const saved = await callApi(t.app, 'POST', '/api/settings/personal', who, {
      firstName: 'Jean-Luc',
      lastName: "O'Neill",
      phone: '+33 1 23 45 67 89',
      company: 'Acme SA',
    });
    expect(saved.statusCode).toBe(200);
    expect(json(saved).message).toBe(messages.profileSaved);
    const again = settingsOf(await callApi(t.app, 'GET', '/api/settings', who));
    expect(again.personal).toMatchObject({
      firstName: 'Jean-Luc',
      lastName: "O'Neill",
      phone: '+33 1 23 45 67 89',
      company: 'Acme SA',
    });
    const profile = await callApi(t.app, 'GET', '/api/auth/profile', who);
    expect(json<{ user: { name: string } }>(profile).user.name).toBe("Jean-Luc O'Neill");
  });

  it('refuses bad details field by field', async () => {
    const who = await register(t.app);
    const response = await callApi(t.app, 'POST', '/api/settings/personal', who, {
      firstName: ' ',
      lastName: 'L4',
      phone: '12',
      company: 'x'.repeat(101),
    });
    expect(response.statusCode).toBe(400);
    expect(json(response).fields).toEqual({
      firstName: messages.firstNameRequired,
      lastName: messages.personNameInvalid,
      phone: messages.phoneInvalid,
      company: messages.companyTooLong,
    });
  });

  it('keeps theme, language and notification switches, and the profile carries theme and language', async () => {
    const who = await register(t.app);
    const saved = await callApi(t.app, 'POST', '/api/settings/preferences', who, {
      theme: 'dark',
      language: 'ar',
      notifySms: false,
    });
    expect(saved.statusCode).toBe(200);
    expect(settingsOf(saved).preferences).toEqual({
      theme: 'dark',
      language: 'ar',
      notifyEmail: true,
      notifySms: false,
      notifyWallet: true,
    });
    await callApi(t.app, 'POST', '/api/settings/preferences', who, { notifyEmail: false });
    const again = settingsOf(await callApi(t.app, 'GET', '/api/settings', who));
    expect(again.preferences).toMatchObject({ theme: 'dark', notifyEmail: false, notifySms: false });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: who.email, password: who.password },
    });
    expect(json<{ user: object }>(login).user).toMatchObject({ theme: 'dark', language: 'ar' });
    const bad = await callApi(t.app, 'POST', '/api/settings/preferences', who, { language: 'de' });
    expect(bad.statusCode).toBe(400);
  });

  it('login alerts switch round-trips', async () => {
    const who = await register(t.app);
    const off = await callApi(t.app, 'POST', '/api/settings/login-alerts', who, { loginAlerts: false });
    expect(settingsOf(off).security.loginAlerts).toBe(false);
  });

  it('stores a picture checked by its content and serves it only to its owner', async () => {
    const who = await register(t.app);
    const other = await register(t.app);
    const upload = await callApi(t.app, 'POST', '/api/settings/avatar', who, {
      contentType: 'image/png',
      data: PNG.toString('base64'),
    });
    expect(upload.statusCode).toBe(200);
    const url = settingsOf(upload).personal.avatarUrl!;
    expect(url).toMatch(/^\/api\/settings\/avatar\?v=\d+$/);
    const picture = await t.app.inject({ method: 'GET', url, headers: bearer(who.token) });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.rawPayload.equals(PNG)).toBe(true);
    const profile = await callApi(t.app, 'GET', '/api/auth/profile', who);
    expect(json<{ user: { avatarUrl: string } }>(profile).user.avatarUrl).toBe(url);
    expect((await callApi(t.app, 'GET', '/api/settings/avatar', other)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('refuses a picture whose bytes are not the type claimed, or not a picture, or too large', async () => {
    const who = await register(t.app);
    const upload = (contentType: string, bytes: Buffer) =>
      callApi(t.app, 'POST', '/api/settings/avatar', who, { contentType, data: bytes.toString('base64') });
    const disguised = await upload('image/jpeg', PNG);
    expect(disguised.statusCode).toBe(415);
    expect(json(disguised).error).toBe(messages.avatarUnsupported);
    expect((await upload('image/png', Buffer.from('<svg onload="alert(1)"/>'))).statusCode).toBe(415);
    const svg = await upload('image/svg+xml', Buffer.from('<svg/>'));
    expect(svg.statusCode).toBe(400);
    expect(json(svg).fields).toEqual({ contentType: messages.avatarUnsupported });
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await upload('image/png', big);
    expect(tooBig.statusCode).toBe(413);
    expect(json(tooBig).error).toBe(messages.avatarTooLarge);
  });

  it('needs a session', async () => {
    expect((await callApi(t.app, 'GET', '/api/settings')).statusCode).toBe(401);
  });
});
