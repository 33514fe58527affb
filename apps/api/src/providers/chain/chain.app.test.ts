import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseEther, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.js';
import { loadConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { MasterKey } from '../../secrets/envelope.js';
import { bearer, createTestApp, register, testEnv, TestClock, type TestApp } from '../../test/test-app.js';
import { createTestDatabase } from '../../test/test-database.js';
import { SoulBoundTokens } from '../../modules/chains/soul-bound-token.js';
import { silentLog } from './testing/test-chain.js';

describe('chain in the running portal', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('auto-fuels the ETH address of a new vault from the faucet', async () => {
    t = await createTestApp();
    const investor = await register(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/vault/create',
      headers: bearer(investor.token),
      payload: {},
    });
    expect(response.statusCode).toBe(201);
    const { vault, wallets } = response.json() as {
      vault: { autoFuel: boolean };
      wallets: Array<{ assetId: string; address: string }>;
    };
    expect(vault.autoFuel).toBe(true);
    const eth = wallets.find((wallet) => wallet.assetId === 'ETH_TEST5')!.address as Address;
    expect(await t.app.container.chain.publicClient.getBalance({ address: eth })).toBe(parseEther('0.1'));
  });
});

describe('portal restart', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-chain-restart-'));
  const config = loadConfig(testEnv(dataDir, 'silent'));
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the same mint (receipt, owner, tokenURI, explorer page) from a new process state', async () => {
    database = await createTestDatabase();
    const masterKey = new MasterKey(randomBytes(32));
    const boot = async (): Promise<App> => {
      const app = await buildApp(config, { database, masterKey, clock: new TestClock(), logger: silentLog });
      await app.ready();
      return app;
    };

    const first = await boot();
    const holder = privateKeyToAccount(generatePrivateKey()).address;
    const minted = await new SoulBoundTokens(first.container.chain).mint(holder, 'ipfs://bafkreirestart');
    const receipt = await first.container.chain.publicClient.getTransactionReceipt({ hash: minted.txHash });
    const page = await first.inject({ method: 'GET', url: `/explorer/tx/${minted.txHash}` });
    await first.close();

    const second = await boot();
    try {
      const { chain } = second.container;
      expect(await chain.publicClient.getTransactionReceipt({ hash: minted.txHash })).toEqual(receipt);
      const tokens = new SoulBoundTokens(chain);
      expect(await tokens.ownerOf(minted.tokenId)).toBe(holder);
      expect(await tokens.tokenURI(minted.tokenId)).toBe('ipfs://bafkreirestart');
      expect(await tokens.locked(minted.tokenId)).toBe(true);
      const again = await second.inject({ method: 'GET', url: `/explorer/tx/${minted.txHash}` });
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe(page.body);
    } finally {
      await second.close();
    }
  });
});
