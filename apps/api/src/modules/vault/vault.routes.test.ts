import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/shared/messages';
import {
  CUSTODY_ASSET_IDS,
  WALLET_PROFILE_FIELDS,
  type CreateVaultResponse,
  type VaultInfoResponse,
  type VaultUsersResponse,
  type Wallet,
} from '@portal/shared/vault';
import { localCustodyAccounts, users, vaults, vaultWallets } from '../../db/schema/index.js';
import {
  callApi,
  createAdmin,
  createTestApp,
  json,
  register,
  type Registered,
  type TestApp,
} from '../../test/test-app.js';
import { STALE_CLAIM_MS } from './vault.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, who?: Registered, payload?: object) =>
  callApi(t.app, method, url, who, payload);
const createVault = (who: Registered, payload?: object) => call('POST', '/api/vault/create', who, payload);
const addressOf = (wallets: Wallet[], assetId: string) => wallets.find((w) => w.assetId === assetId)?.address;

describe('vault lifecycle on local HD custody', () => {
  let alice: Registered;
  let created: CreateVaultResponse;

  beforeAll(async () => {
    alice = await register(t.app);
  });

  it('shows no vault before one is created, naming the provider a new one would use', async () => {
    const info = await call('GET', '/api/vault/info', alice);
    expect(info.statusCode).toBe(200);
    expect(json(info)).toEqual({ success: true, vault: null, wallets: [], provider: 'local' });
    expect(json(await call('GET', '/api/vault/wallets', alice))).toEqual({ success: true, wallets: [] });
  });

  it('creates a vault with five real testnet wallets', async () => {
    const response = await createVault(alice);
    expect(response.statusCode).toBe(201);
    created = json<CreateVaultResponse>(response);
    expect(created.success).toBe(true);
    expect(created.vault).toEqual({
      vaultId: created.vault.id,
      id: created.vault.id,
      vaultName: created.vault.name,
      name: created.vault.name,
      autoFuel: true,
      provider: 'local',
      createdAt: '2026-11-21T12:00:00.000Z',
    });
    expect(created.wallets.map((w) => w.assetId)).toEqual([...CUSTODY_ASSET_IDS]);
    expect(addressOf(created.wallets, 'ETH_TEST5')).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(addressOf(created.wallets, 'BTC_TEST')).toMatch(/^tb1q[02-9ac-hj-np-z]{38}$/);
    expect(addressOf(created.wallets, 'SOL_TEST')).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(addressOf(created.wallets, 'XRP_TEST')).toMatch(/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/);
    expect(addressOf(created.wallets, 'XLM_TEST')).toMatch(/^G[A-Z2-7]{55}$/);
  });

  it('answers info and wallets from the vault it created', async () => {
    const info = json<VaultInfoResponse>(await call('GET', '/api/vault/info', alice));
    expect(info).toEqual({
      success: true,
      vault: created.vault,
      wallets: created.wallets,
      provider: 'local',
    });
    const wallets = await call('GET', '/api/vault/wallets', alice);
    expect(wallets.statusCode).toBe(200);
    expect(json(wallets)).toEqual({ success: true, wallets: created.wallets });
  });

  it('refuses a second vault with 409', async () => {
    const again = await createVault(alice, { autoFuel: false });
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({
      success: false,
      code: 'CONFLICT',
      error: messages.vaultAlreadyExists,
    });
    const rows = await t.database.db.select().from(vaults).where(eq(vaults.userId, alice.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.autoFuel).toBe(true);
  });

  it('fills the profile wallets and every per-chain wallet field of docs/product.md §3.2', async () => {
    const profile = json<{ user: Record<string, unknown> }>(await call('GET', '/api/auth/profile', alice));
    expect(profile.user.wallets).toEqual(created.wallets);
    const eth = addressOf(created.wallets, 'ETH_TEST5');
    for (const field of WALLET_PROFILE_FIELDS.ethereum) expect(profile.user[field]).toBe(eth);
    for (const field of WALLET_PROFILE_FIELDS.solana) {
      expect(profile.user[field]).toBe(addressOf(created.wallets, 'SOL_TEST'));
    }
    for (const field of WALLET_PROFILE_FIELDS.ripple) {
      expect(profile.user[field]).toBe(addressOf(created.wallets, 'XRP_TEST'));
    }
    for (const field of WALLET_PROFILE_FIELDS.stellar) {
      expect(profile.user[field]).toBe(addressOf(created.wallets, 'XLM_TEST'));
    }
    expect(profile.user.bitcoinWallet).toBe(addressOf(created.wallets, 'BTC_TEST'));
  });

  it("tests the connection with the caller's own vault; only admins learn the platform total", async () => {
    const [{ n } = { n: 0 }] = await t.database.db.select({ n: count() }).from(localCustodyAccounts);
    expect(n).toBeGreaterThan(0);
    const response = await call('GET', '/api/vault/test-connection', alice);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ success: true, vaultCount: 1, provider: 'local' });
    const newcomer = await register(t.app);
    expect(json(await call('GET', '/api/vault/test-connection', newcomer))).toEqual({
      success: true,
      vaultCount: 0,
      provider: 'local',
    });
    const admin = await createAdmin(t.app);
    expect(json(await call('GET', '/api/vault/test-connection', admin))).toMatchObject({ vaultCount: n });
  });

  it('names vaults by random ids, never by the sequential custody account index', async () => {
    const ids = [];
    for (let i = 0; i < 2; i++)
      ids.push(json<{ vault: { vaultId: string } }>(await createVault(await register(t.app))).vault.vaultId);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('never writes the seed or a key to the log', () => {
    const log = t.logs.join('');
    expect(log).toContain('vault created');
    expect(log).not.toMatch(/mnemonic|privateKey|entropy/i);
  });
});

describe('one vault per user under concurrency', () => {
  it('a double-click (five concurrent creates) makes exactly one vault; the others get 409', async () => {
    const bob = await register(t.app);
    const responses = await Promise.all(Array.from({ length: 5 }, () => createVault(bob)));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect([messages.vaultAlreadyExists, messages.vaultCreationInProgress]).toContain(json(response).error);
    }
    const rows = await t.database.db.select().from(vaults).where(eq(vaults.userId, bob.user.id));
    expect(rows).toHaveLength(1);
    const accounts = await t.database.db
      .select()
      .from(localCustodyAccounts)
      .where(eq(localCustodyAccounts.customerRefId, bob.user.id));
    expect(accounts).toHaveLength(1);
  });

  it('a create still in progress answers 409; one abandoned by a crash is taken over', async () => {
    const carol = await register(t.app);
    const claimedAt = t.clock.now();
    await t.database.db.insert(vaults).values({
      userId: carol.user.id,
      provider: 'local',
      name: 'crashed',
      autoFuel: true,
      status: 'creating',
      claimedAt,
    });
    const busy = await createVault(carol);
    expect(busy.statusCode).toBe(409);
    expect(json(busy).error).toBe(messages.vaultCreationInProgress);
    expect(json(await call('GET', '/api/vault/info', carol))).toMatchObject({ vault: null });

    t.clock.advance(STALE_CLAIM_MS + 1_000);
    const takeover = await createVault(carol);
    expect(takeover.statusCode).toBe(201);
    const rows = await t.database.db.select().from(vaults).where(eq(vaults.userId, carol.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'active' });
  });
});

describe('ownership', () => {
  it("investor A never sees investor B's vault or wallets", async () => {
    const a = await register(t.app);
    const b = await register(t.app);
    const vaultA = json<CreateVaultResponse>(await createVault(a));
    const vaultB = json<CreateVaultResponse>(await createVault(b));
    expect(vaultA.vault.id).not.toBe(vaultB.vault.id);

    const seenByA = [
      (await call('GET', '/api/vault/info', a)).body,
      (await call('GET', '/api/vault/wallets', a)).body,
      (await call('GET', '/api/auth/profile', a)).body,
    ].join('\n');
    for (const wallet of vaultB.wallets) expect(seenByA).not.toContain(wallet.address);
    for (const wallet of vaultA.wallets) expect(seenByA).toContain(wallet.address);
  });
});

describe('GET /api/vault/all-users (admin only)', () => {
  it('refuses anonymous callers (401) and investors (403)', async () => {
    expect((await call('GET', '/api/vault/all-users')).statusCode).toBe(401);
    const investor = await register(t.app);
    const refused = await call('GET', '/api/vault/all-users', investor);
    expect(refused.statusCode).toBe(403);
    expect(json(refused).error).toBe(messages.forbidden);
  });

  it("lists every user's email, role, vault status and wallet count, page by page", async () => {
    const admin = await createAdmin(t.app);
    const withVault = await register(t.app);
    await createVault(withVault);
    const without = await register(t.app);

    const all: VaultUsersResponse['users'] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
      const response = await call('GET', `/api/vault/all-users${query}`, admin);
      expect(response.statusCode).toBe(200);
      const page = json<VaultUsersResponse>(response);
      expect(page.users.length).toBeLessThanOrEqual(2);
      all.push(...page.users);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 50);

    const [{ n } = { n: 0 }] = await t.database.db.select({ n: count() }).from(users);
    expect(all).toHaveLength(n);
    expect(new Set(all.map((u) => u.id)).size).toBe(n);
    expect(all.find((u) => u.email === withVault.email)).toMatchObject({
      role: 'INVESTOR',
      hasVault: true,
      vaultStatus: 'active',
      walletCount: 5,
    });
    expect(all.find((u) => u.email === without.email)).toMatchObject({
      hasVault: false,
      vaultStatus: 'none',
      vaultId: null,
      walletCount: 0,
    });
    expect(all.find((u) => u.email === admin.email)).toMatchObject({ role: 'ADMIN' });
    expect(JSON.stringify(all)).not.toMatch(/passwordHash|argon2/);
  });

  it('rejects a forged cursor and an out-of-range limit with 400', async () => {
    const admin = await createAdmin(t.app);
    expect((await call('GET', '/api/vault/all-users?cursor=%%%', admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/vault/all-users?limit=0', admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/vault/all-users?limit=1000', admin)).statusCode).toBe(400);
  });
});

describe('bad input and anonymous callers', () => {
  it('rejects a malformed create body with 400 and creates nothing', async () => {
    const dave = await register(t.app);
    for (const payload of [
      { autoFuel: 'yes' },
      { autoFuel: true, userId: dave.user.id },
      { provider: 'fireblocks' },
    ]) {
      const response = await createVault(dave, payload);
      expect(response.statusCode).toBe(400);
      expect(json(response)).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
    const rows = await t.database.db.select().from(vaults).where(eq(vaults.userId, dave.user.id));
    expect(rows).toHaveLength(0);
  });

  it('honours autoFuel: false', async () => {
    const erin = await register(t.app);
    const response = json<CreateVaultResponse>(await createVault(erin, { autoFuel: false }));
    expect(response.vault.autoFuel).toBe(false);
  });

  it.each([
    ['POST', '/api/vault/create'],
    ['GET', '/api/vault/info'],
    ['GET', '/api/vault/wallets'],
    ['GET', '/api/vault/test-connection'],
  ] as const)('%s %s needs a session (401)', async (method, url) => {
    const response = await call(method, url);
    expect(response.statusCode).toBe(401);
    expect(json(response).error).toBe(messages.unauthenticated);
  });

  it('documents every vault route in the OpenAPI spec', async () => {
    const spec = json<{ paths: Record<string, unknown> }>(
      await t.app.inject({ method: 'GET', url: '/api/docs/json' }),
    );
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/vault/create',
        '/api/vault/info',
        '/api/vault/wallets',
        '/api/vault/test-connection',
        '/api/vault/all-users',
      ]),
    );
  });

  it('registers no Fireblocks webhook when custody is local', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/vault/webhook/fireblocks',
      payload: {},
    });
    expect(response.statusCode).toBe(404);
  });

  it('stores the wallets of active vaults only', async () => {
    const rows = await t.database.db
      .select({ status: vaults.status })
      .from(vaultWallets)
      .innerJoin(vaults, eq(vaults.id, vaultWallets.vaultId));
    expect(rows.every((row) => row.status === 'active')).toBe(true);
  });
});
