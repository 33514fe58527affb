import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { erc20Abi } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.js';
import { loadConfig } from '../../config.js';
import { chainContracts } from '../../db/schema/index.js';
import { MasterKey } from '../../secrets/envelope.js';
import { silentLog } from '../../providers/chain/testing/test-chain.js';
import { testEnv, TestClock } from '../../test/test-app.js';
import { createTestDatabase } from '../../test/test-database.js';

/** Test USD is a platform deployment like the others (ADR 70): once, journaled, found after a restart. */
describe('Test USD across a restart', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-stablecoin-'));
  const config = loadConfig(testEnv(dataDir, 'silent'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is deployed once with 6 decimals and its test name; the restarted portal finds the same contract and mint', async () => {
    const database = await createTestDatabase();
    const masterKey = new MasterKey(randomBytes(32));
    const boot = async (): Promise<App> => {
      const app = await buildApp(config, { database, masterKey, clock: new TestClock(), logger: silentLog });
      await app.ready();
      return app;
    };
    try {
      const first = await boot();
      const address = first.container.chain.contractAddress('testStablecoin');
      const mint = await first.container.stablecoins.solanaMintAddress();
      await first.close();

      const second = await boot();
      try {
        const { chain, stablecoins } = second.container;
        expect(chain.contractAddress('testStablecoin')).toBe(address);
        expect(await stablecoins.solanaMintAddress()).toBe(mint);
        const read = <F extends 'name' | 'symbol' | 'decimals'>(functionName: F) =>
          chain.publicClient.readContract({ address, abi: erc20Abi, functionName });
        expect([await read('name'), await read('symbol'), await read('decimals')]).toEqual([
          'Test USD',
          'tUSD',
          6,
        ]);
        const rows = await database.db
          .select()
          .from(chainContracts)
          .where(eq(chainContracts.name, 'testStablecoin'));
        expect(rows).toHaveLength(1);
        expect((await second.container.solana.mintInfo(mint!))?.decimals).toBe(6);
      } finally {
        await second.close();
      }
    } finally {
      await database.close();
    }
  });
});
