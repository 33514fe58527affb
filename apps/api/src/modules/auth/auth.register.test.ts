import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/shared/messages';
import { createTestApp, json, uniqueEmail, type TestApp } from '../../test/test-app.js';
import { users } from '../../db/schema/index.js';
import { eq } from 'drizzle-orm';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const registerRaw = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload: payload as object });

const valid = () => ({
  name: 'Grace Hopper',
  email: uniqueEmail(),
  password: 'violet-kite-9',
  confirmPassword: 'violet-kite-9',
});

describe('POST /api/auth/register validation (docs/product.md §5)', () => {
  it.each([
    ['email', { email: undefined }, messages.emailRequired],
    ['email', { email: '   ' }, messages.emailRequired],
    ['email', { email: 'not-an-email' }, messages.emailInvalid],
    ['password', { password: undefined, confirmPassword: undefined }, messages.passwordRequired],
    ['password', { password: '', confirmPassword: undefined }, messages.passwordRequired],
    ['password', { password: '12345', confirmPassword: '12345' }, messages.passwordTooShort],
    ['name', { name: undefined }, messages.nameRequired],
    ['name', { name: '  ' }, messages.nameRequired],
    ['name', { name: ' A ' }, messages.nameTooShort],
    ['name', { name: 'R2 D2' }, messages.nameInvalid],
    ['name', { name: "O'Brien" }, messages.nameInvalid],
    ['confirmPassword', { confirmPassword: '' }, messages.confirmPasswordRequired],
    ['confirmPassword', { confirmPassword: 'secret2' }, messages.passwordsDoNotMatch],
    ['role', { role: '' }, messages.roleRequired],
    ['role', { role: 'superuser' }, messages.roleInvalid],
  ])('%s %j → "%s"', async (field, change, message) => {
    const before = await t.database.db.$count(users);
    const response = await registerRaw({ ...valid(), ...change });
    expect(response.statusCode).toBe(400);
    const body = json<{ success: boolean; code: string; error: string; fields: Record<string, string> }>(
      response,
    );
    expect(body.success).toBe(false);
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.fields[field]).toBe(message);
    expect(await t.database.db.$count(users)).toBe(before);
  });

  it('refuses a password from the common-password list, whatever its case, and keeps 6 characters enough', async () => {
    for (const password of ['password123', 'QWERTY123', 'iloveyou', 'secret1']) {
      const response = await registerRaw({ ...valid(), password, confirmPassword: password });
      expect(response.statusCode, password).toBe(400);
      expect(json(response)).toMatchObject({ fields: { password: messages.passwordTooCommon } });
    }
    const short = await registerRaw({ ...valid(), password: 'k8#Qz!', confirmPassword: 'k8#Qz!' });
    expect(short.statusCode).toBe(201);
  });

  it('reports every failing field at once, and the first as the general error', async () => {
    const response = await registerRaw({ name: '', email: 'x', password: '1' });
    const body = json<{ error: string; fields: Record<string, string> }>(response);
    expect(body.fields).toEqual({
      name: messages.nameRequired,
      email: messages.emailInvalid,
      password: messages.passwordTooShort,
    });
    expect(body.error).toBe(messages.nameRequired);
  });

  it('accepts letters of any script and trims the name and email', async () => {
    const email = uniqueEmail();
    for (const name of ['Zoë Ñúñez', 'زيد علي', '  Jean Luc  ']) {
      const response = await registerRaw({
        ...valid(),
        name,
        email: ` ${email.replace('@', `+${name.length}@`)} `,
      });
      expect(response.statusCode).toBe(201);
      expect(json<{ user: { name: string; email: string } }>(response).user.name).toBe(name.trim());
    }
  });

  it('refuses unknown fields instead of silently storing them (mass assignment)', async () => {
    const response = await registerRaw({ ...valid(), isAdmin: true });
    expect(response.statusCode).toBe(400);
  });
});

describe('roles', () => {
  it('defaults to investor and answers the spec shape', async () => {
    const response = await registerRaw(valid());
    expect(response.statusCode).toBe(201);
    const body = json<Record<string, unknown> & { user: Record<string, unknown> }>(response);
    expect(Object.keys(body).sort()).toEqual(['refreshToken', 'success', 'token', 'user']);
    expect(body.success).toBe(true);
    expect(body.user.role).toBe('INVESTOR');
    expect(body.user).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(body)).not.toContain('argon2');
  });

  it.each(['issuer', 'ISSUER', ' Issuer '])('accepts role %j case-insensitively', async (role) => {
    const response = await registerRaw({ ...valid(), role });
    expect(response.statusCode).toBe(201);
    expect(json<{ user: { role: string } }>(response).user.role).toBe('ISSUER');
  });

  it.each(['admin', 'ADMIN'])('refuses self-registration as %s with 403 and writes nothing', async (role) => {
    const before = await t.database.db.$count(users);
    const response = await registerRaw({ ...valid(), role });
    expect(response.statusCode).toBe(403);
    expect(json(response)).toMatchObject({
      success: false,
      code: 'FORBIDDEN',
      error: messages.adminSelfRegistration,
    });
    expect(await t.database.db.$count(users)).toBe(before);
  });
});

describe('accounts', () => {
  it('refuses a duplicate email, whatever its case, with 409 under the email field', async () => {
    const first = valid();
    expect((await registerRaw(first)).statusCode).toBe(201);
    const response = await registerRaw({ ...valid(), email: first.email.toUpperCase() });
    expect(response.statusCode).toBe(409);
    expect(json(response)).toMatchObject({ code: 'CONFLICT', fields: { email: messages.emailTaken } });
  });

  it('creates exactly one account when the same email registers concurrently', async () => {
    const email = uniqueEmail('race');
    const responses = await Promise.all(Array.from({ length: 5 }, () => registerRaw({ ...valid(), email })));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await t.database.db.$count(users, eq(users.email, email))).toBe(1);
  });

  it('stores an argon2id hash with m=19456 KiB, t=2, p=1 and never the password', async () => {
    const input = valid();
    await registerRaw(input);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, input.email));
    const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/.exec(
      row!.passwordHash,
    );
    expect(match?.slice(1).map(Number)).toEqual([19456, 2, 1]);
    expect(row!.passwordHash).not.toContain(input.password);
  });
});
