import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/shared/messages';
import { CUSTODY_ASSET_IDS, type CreateVaultResponse, type VaultInfoResponse } from '@portal/shared/vault';
import { ConfigError, loadConfig } from '../../config.js';
import { custodyWebhookEvents, vaults, vaultWallets } from '../../db/schema/index.js';
import { startFakeFireblocks, type FakeFireblocks } from '../../providers/custody/testing/fake-fireblocks.js';
import {
  callApi,
  createTestApp,
  json,
  register,
  type Registered,
  type TestApp,
} from '../../test/test-app.js';

let fake: FakeFireblocks;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeFireblocks({ pageSize: 3 });
  t = await createTestApp({
    env: {
      CUSTODY_PROVIDER: 'fireblocks',
      FIREBLOCKS_API_KEY: fake.apiKey,
      FIREBLOCKS_SECRET_KEY: fake.secretKey,
      FIREBLOCKS_BASE_URL: fake.baseUrl,
      FIREBLOCKS_WEBHOOK_JWKS_URL: fake.jwksUrl,
    },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const call = (method: 'GET' | 'POST', url: string, who: Registered) => callApi(t.app, method, url, who);
const webhook = (body: string, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/vault/webhook/fireblocks',
    headers: {
      'content-type': 'application/json',
      ...(signature ? { 'fireblocks-webhook-signature': signature } : {}),
    },
    payload: body,
  });

describe('the vault endpoints on Fireblocks', () => {
  let investor: Registered;
  let created: CreateVaultResponse;
  let providerId: string;

  it('creates the vault account and wallets at Fireblocks, keyed to the user', async () => {
    investor = await register(t.app);
    // Before there is a vault, the info answer already names Fireblocks for the confirmation dialog.
    expect(json(await call('GET', '/api/vault/info', investor))).toEqual({
      success: true,
      vault: null,
      wallets: [],
      provider: 'fireblocks',
    });
    const response = await call('POST', '/api/vault/create', investor);
    expect(response.statusCode).toBe(201);
    created = json<CreateVaultResponse>(response);
    expect(created.vault).toMatchObject({ provider: 'fireblocks', autoFuel: true });
    expect(created.wallets.map((w) => w.assetId)).toEqual([...CUSTODY_ASSET_IDS]);
    // The portal names the vault by its own random id; the Fireblocks account id stays inside.
    expect(created.vault.id).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await t.database.db.select().from(vaults).where(eq(vaults.id, created.vault.id));
    providerId = row!.providerVaultId!;
    const account = fake.vaults.find((v) => v.id === providerId)!;
    expect(account.customerRefId).toBe(investor.user.id);
    expect(account.name).not.toContain(investor.email);
    expect(Object.fromEntries(account.assets)).toEqual(
      Object.fromEntries(created.wallets.map((w) => [w.assetId, w.address])),
    );
  });

  it('answers the spec message with 502 when Fireblocks fails, leaks nothing, and lets the user retry', async () => {
    const dana = await register(t.app);
    fake.failNext('POST', '/v1/vault/accounts', 503, { message: 'Service temporarily unavailable', code: 5 });
    const failed = await call('POST', '/api/vault/create', dana);
    expect(failed.statusCode).toBe(502);
    expect(json(failed)).toMatchObject({
      success: false,
      code: 'BAD_GATEWAY',
      error: messages.vaultCreateFailed,
    });
    expect(failed.body).not.toMatch(/Fireblocks|temporarily|HTTP/);
    const log = t.logs.join('');
    expect(log).toContain('Fireblocks create vault account failed (HTTP 503, code 5)');
    expect(log).not.toContain(fake.apiKey);
    expect(log).not.toMatch(/PRIVATE KEY|Bearer ey/);
    expect(await t.database.db.select().from(vaults).where(eq(vaults.userId, dana.user.id))).toHaveLength(0);

    const retried = await call('POST', '/api/vault/create', dana);
    expect(retried.statusCode).toBe(201);
  });

  it("tests the connection by reading the investor's own Fireblocks vault account", async () => {
    const response = await call('GET', '/api/vault/test-connection', investor);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ success: true, vaultCount: 1, provider: 'fireblocks' });

    fake.failNext('GET', `/v1/vault/accounts/${providerId}`, 401, { message: 'Unauthorized', code: -7 });
    const failed = await call('GET', '/api/vault/test-connection', investor);
    expect(failed.statusCode).toBe(502);
    expect(json(failed).error).toBe(messages.vaultConnectionFailed);
  });

  it("refreshes wallets from Fireblocks' deposit addresses, with the spec message when it cannot", async () => {
    await t.database.db
      .update(vaultWallets)
      .set({ address: 'stale' })
      .where(eq(vaultWallets.assetId, 'SOL_TEST'));
    const refreshed = await call('GET', '/api/vault/wallets', investor);
    expect(refreshed.statusCode).toBe(200);
    expect(json(refreshed)).toEqual({ success: true, wallets: created.wallets });

    fake.failNext('GET', `/v1/vault/accounts/${providerId}`, 500);
    const failed = await call('GET', '/api/vault/wallets', investor);
    expect(failed.statusCode).toBe(502);
    expect(json(failed).error).toBe(messages.walletsLoadFailed);
    // The stored wallets still answer the info call.
    expect(json<VaultInfoResponse>(await call('GET', '/api/vault/info', investor)).wallets).toEqual(
      created.wallets,
    );
  });

  describe('POST /api/vault/webhook/fireblocks', () => {
    const event = (overrides: object = {}) =>
      JSON.stringify({
        id: randomUUID(),
        eventType: 'transaction.status.updated',
        eventVersion: 1,
        resourceId: randomUUID(),
        workspaceId: randomUUID(),
        createdAt: 1795305753243,
        data: { status: 'COMPLETED' },
        ...overrides,
      });

    it('accepts a signed event once and acknowledges redeliveries as duplicates', async () => {
      const body = event();
      const signature = await fake.signWebhook(body);
      const first = await webhook(body, signature);
      expect(first.statusCode).toBe(200);
      expect(json(first)).toEqual({ success: true, duplicate: false });
      for (let i = 0; i < 2; i++)
        expect(json(await webhook(body, signature))).toEqual({ success: true, duplicate: true });
      const { id } = JSON.parse(body) as { id: string };
      const rows = await t.database.db
        .select()
        .from(custodyWebhookEvents)
        .where(eq(custodyWebhookEvents.eventId, id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ provider: 'fireblocks', eventType: 'transaction.status.updated' });
    });

    it('answers 401 to unsigned, tampered, re-serialized or foreign-signed bodies and stores nothing', async () => {
      const body = event();
      const signature = await fake.signWebhook(body);
      const attempts = [
        await webhook(body),
        await webhook(body.replace('COMPLETED', 'FAILED'), signature),
        await webhook(JSON.stringify(JSON.parse(body), null, 2), signature),
        await webhook(body, await fake.signWebhook(body, { key: 'other' })),
        await webhook(body, 'not-a-jws'),
      ];
      for (const response of attempts) {
        expect(response.statusCode).toBe(401);
        expect(json(response)).toMatchObject({ success: false, error: messages.webhookSignatureInvalid });
      }
      const { id } = JSON.parse(body) as { id: string };
      expect(
        await t.database.db.select().from(custodyWebhookEvents).where(eq(custodyWebhookEvents.eventId, id)),
      ).toHaveLength(0);
    });

    it('checks the signature before the body shape, then rejects a signed but malformed event with 400', async () => {
      const malformed = JSON.stringify({ eventType: 'x' });
      expect((await webhook(malformed)).statusCode).toBe(401);
      expect((await webhook(malformed, await fake.signWebhook(malformed))).statusCode).toBe(400);
    });

    it('answers 503 when the JWKS cannot be fetched, so Fireblocks delivers again', async () => {
      const offline = await createTestApp({
        env: {
          CUSTODY_PROVIDER: 'fireblocks',
          FIREBLOCKS_API_KEY: fake.apiKey,
          FIREBLOCKS_SECRET_KEY: fake.secretKey,
          FIREBLOCKS_BASE_URL: fake.baseUrl,
          FIREBLOCKS_WEBHOOK_JWKS_URL: 'http://127.0.0.1:1/.well-known/jwks.json',
        },
      });
      try {
        const body = event();
        const response = await offline.app.inject({
          method: 'POST',
          url: '/api/vault/webhook/fireblocks',
          headers: {
            'content-type': 'application/json',
            'fireblocks-webhook-signature': await fake.signWebhook(body),
          },
          payload: body,
        });
        expect(response.statusCode).toBe(503);
      } finally {
        await offline.close();
      }
    });

    it('re-reads a vault from Fireblocks when it reports a new asset wallet', async () => {
      await t.database.db
        .update(vaultWallets)
        .set({ address: 'stale' })
        .where(eq(vaultWallets.assetId, 'XLM_TEST'));
      const body = event({
        eventType: 'vault_account.asset.added',
        data: { accountId: providerId, accountName: created.vault.name, assetId: 'XLM_TEST' },
      });
      const response = await webhook(body, await fake.signWebhook(body));
      expect(response.statusCode).toBe(200);
      expect(json<VaultInfoResponse>(await call('GET', '/api/vault/info', investor)).wallets).toEqual(
        created.wallets,
      );
    });

    it('answers 502 and forgets the event when processing fails, so the redelivery is processed', async () => {
      await t.database.db
        .update(vaultWallets)
        .set({ address: 'stale' })
        .where(eq(vaultWallets.assetId, 'BTC_TEST'));
      const body = event({ eventType: 'vault_account.asset.added', data: { accountId: providerId } });
      const signature = await fake.signWebhook(body);
      fake.failNext('GET', `/v1/vault/accounts/${providerId}`, 500);
      expect((await webhook(body, signature)).statusCode).toBe(502);
      const redelivered = await webhook(body, signature);
      expect(json(redelivered)).toEqual({ success: true, duplicate: false });
      expect(json<VaultInfoResponse>(await call('GET', '/api/vault/info', investor)).wallets).toEqual(
        created.wallets,
      );
    });
  });
});

describe('Fireblocks configuration', () => {
  const base = { CUSTODY_PROVIDER: 'fireblocks', DATA_DIR: tmpdir() };

  it('fails the boot naming each missing variable', () => {
    const error = (() => {
      try {
        loadConfig(base);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.join('\n')).toMatch(/FIREBLOCKS_API_KEY: required/);
    expect((error as ConfigError).problems.join('\n')).toMatch(/FIREBLOCKS_SECRET_KEY: required/);
  });

  it('rejects a secret key that is not an RSA private key, without echoing it', () => {
    expect(() =>
      loadConfig({ ...base, FIREBLOCKS_API_KEY: 'k', FIREBLOCKS_SECRET_KEY: 'hunter2-secret' }),
    ).toThrow(/FIREBLOCKS_SECRET_KEY: expected the API user's RSA private key in PEM format/);
    try {
      loadConfig({ ...base, FIREBLOCKS_API_KEY: 'k', FIREBLOCKS_SECRET_KEY: 'hunter2-secret' });
    } catch (error) {
      expect(String(error)).not.toContain('hunter2');
    }
  });

  it('reads the key from FIREBLOCKS_SECRET_KEY_FILE and defaults to the sandbox endpoints', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fb-key-'));
    const file = path.join(dir, 'fireblocks.pem');
    writeFileSync(file, fake.secretKey, { mode: 0o600 });
    try {
      const config = loadConfig({ ...base, FIREBLOCKS_API_KEY: 'k', FIREBLOCKS_SECRET_KEY_FILE: file });
      expect(config.custody).toEqual({
        provider: 'fireblocks',
        fireblocks: {
          apiKey: 'k',
          secretKey: fake.secretKey,
          baseUrl: 'https://sandbox-api.fireblocks.io/v1',
          webhookJwksUrl: 'https://sandbox-keys.fireblocks.io/.well-known/jwks.json',
          assets: [...CUSTODY_ASSET_IDS],
        },
      });
      expect(() =>
        loadConfig({
          ...base,
          FIREBLOCKS_API_KEY: 'k',
          FIREBLOCKS_SECRET_KEY_FILE: path.join(dir, 'missing.pem'),
        }),
      ).toThrow(/FIREBLOCKS_SECRET_KEY_FILE: cannot read/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('validates FIREBLOCKS_ASSETS and refuses plain http to a remote host', () => {
    const keyed = { ...base, FIREBLOCKS_API_KEY: 'k', FIREBLOCKS_SECRET_KEY: fake.secretKey };
    expect(loadConfig({ ...keyed, FIREBLOCKS_ASSETS: 'ETH_TEST5, SOL_TEST' }).custody).toMatchObject({
      fireblocks: { assets: ['ETH_TEST5', 'SOL_TEST'] },
    });
    expect(() => loadConfig({ ...keyed, FIREBLOCKS_ASSETS: 'ETH_TEST5,DOGE' })).toThrow(/FIREBLOCKS_ASSETS/);
    expect(() => loadConfig({ ...keyed, FIREBLOCKS_BASE_URL: 'http://api.example.com/v1' })).toThrow(
      /FIREBLOCKS_BASE_URL: expected an https URL/,
    );
  });

  it('keeps local custody the default', () => {
    expect(loadConfig({ DATA_DIR: tmpdir() }).custody).toEqual({ provider: 'local' });
  });
});
