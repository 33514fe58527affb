import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '@portal/shared/auth';
import { users, vaults } from '../../db/schema/index.js';
import {
  callApi,
  useTestAppPair,
  json,
  passKyc,
  register,
  type Registered,
  type TestApp,
} from '../../test/test-app.js';
import { UsersRepo } from './users.repo.js';

// The smallest valid PNG (1×1, transparent).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Two API processes on one database (on PGlite, two apps on one client): `a` writes, `b` reads. */
const pair = useTestAppPair();

const profile = async (t: TestApp, who: Registered): Promise<User> => {
  const response = await callApi(t.app, 'GET', '/api/auth/profile', who);
  expect(response.statusCode).toBe(200);
  return json<{ user: User }>(response).user;
};

describe('the profile kept in memory (ADR 49)', () => {
  it('is read from the database once, until something it shows changes', async () => {
    const { a } = pair;
    const who = await register(a.app);
    const reads = vi.spyOn(UsersRepo.prototype, 'profile');
    try {
      await profile(a, who);
      const first = reads.mock.calls.length;
      expect((await profile(a, who)).name).toBe('Test Investor');
      expect(reads.mock.calls.length).toBe(first);
      // The user's own write is seen by their next read on the same process, without waiting.
      const saved = await callApi(a.app, 'POST', '/api/settings/preferences', who, { theme: 'dark' });
      expect(saved.statusCode).toBe(200);
      expect((await profile(a, who)).theme).toBe('dark');
      expect(reads.mock.calls.length).toBe(first + 1);
    } finally {
      reads.mockRestore();
    }
  });

  it("shows every part of another process's changes", async () => {
    const { a, b } = pair;
    const who = await register(a.app);
    const seen = async (check: (user: User) => void) => {
      await vi.waitFor(async () => check(await profile(b, who)));
    };
    await profile(b, who);

    await callApi(a.app, 'POST', '/api/settings/personal', who, { firstName: 'Grace', lastName: 'Hopper' });
    await seen((user) => expect(user.name).toBe('Grace Hopper'));
    await callApi(a.app, 'POST', '/api/settings/preferences', who, { language: 'fr' });
    await seen((user) => expect(user.language).toBe('fr'));
    const avatar = { contentType: 'image/png', data: PNG.toString('base64') };
    expect((await callApi(a.app, 'POST', '/api/settings/avatar', who, avatar)).statusCode).toBe(200);
    await seen((user) => expect(user.avatarUrl).toMatch(/^\/api\/settings\/avatar\?v=\d+$/));
    await passKyc(a.app, who);
    await seen((user) =>
      expect([user.kycStatus, user.kycVerifiedName]).toEqual(['verified', 'Ada Lovelace']),
    );
    const did = json<{ didMetadata: { did: string } }>(await callApi(a.app, 'POST', '/api/did/start', who));
    await seen((user) => expect(user.did).toBe(did.didMetadata.did));
    expect((await callApi(a.app, 'POST', '/api/vault/create', who)).statusCode).toBe(201);
    await seen((user) => expect(user.wallets.length).toBeGreaterThan(0));
  });

  it('shows changes written straight to the database, by any writer', async () => {
    const { a, b } = pair;
    const who = await register(a.app);
    await passKyc(a.app, who);
    expect((await callApi(a.app, 'POST', '/api/vault/create', who)).statusCode).toBe(201);
    const before = await profile(b, who);
    await profile(a, who);

    const { db } = a.database;
    await db.update(users).set({ name: 'Operator Edit' }).where(eq(users.id, who.user.id));
    for (const t of [a, b])
      await vi.waitFor(async () => expect((await profile(t, who)).name).toBe('Operator Edit'));

    // A wallet changed in the vault: the notification finds the user through the vault.
    const [vault] = await db.select({ id: vaults.id }).from(vaults).where(eq(vaults.userId, who.user.id));
    await db.execute(
      sql`update vault_wallets set address = 'tb1qoperatoredit' where vault_id = ${vault!.id} and asset_id = 'BTC_TEST'`,
    );
    const btc = (user: User) => user.wallets.find((wallet) => wallet.assetId === 'BTC_TEST')?.address;
    expect(btc(before)).toMatch(/^tb1/);
    await vi.waitFor(async () => expect(btc(await profile(b, who))).toBe('tb1qoperatoredit'));

    await db.execute(sql`update kyc_applicants set status = 'rejected' where user_id = ${who.user.id}`);
    await vi.waitFor(async () => expect((await profile(b, who)).kycStatus).toBe('rejected'));
  });
});
