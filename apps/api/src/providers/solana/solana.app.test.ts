import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.js';
import { loadConfig, type Env } from '../../config.js';
import type { Database } from '../../db/client.js';
import { MasterKey } from '../../secrets/envelope.js';
import { TEST_PUBLIC_URL, testEnv, TestClock } from '../../test/test-app.js';
import { createTestDatabase } from '../../test/test-database.js';
import { silentLog } from '../chain/testing/test-chain.js';
import { startFakeSolanaRpc } from './testing/fake-solana-rpc.js';

describe('Solana in the running portal', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-solana-'));
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const booter = (env: Env = {}) => {
    const config = loadConfig({ ...testEnv(dataDir, 'silent'), ...env });
    const masterKey = new MasterKey(randomBytes(32));
    return async (): Promise<App> => {
      const app = await buildApp(config, { database, masterKey, clock: new TestClock(), logger: silentLog });
      await app.ready();
      return app;
    };
  };

  it('keeps mints and escrow balances across a restart', async () => {
    database = await createTestDatabase();
    const boot = booter();
    const first = await boot();
    const { solana } = first.container;
    expect(solana.kind).toBe('embedded');
    const platform = { kind: 'platform' } as const;
    const { mint } = await solana.createMint({ key: 'app:mint', decimals: 2, mintAuthority: platform });
    const escrow = await solana.escrowOwner('app-listing');
    // Accounts of a new mint are born frozen: the holders the API allows are thawed.
    await solana.thaw({ key: 'app:thaw', mint, owner: solana.feePayer });
    await solana.thaw({ key: 'app:thaw-escrow', mint, owner: escrow });
    await solana.mintTo({
      key: 'app:supply',
      mint,
      owner: solana.feePayer,
      amount: 500n,
      mintAuthority: platform,
    });
    await solana.transfer({ key: 'app:deposit', mint, from: platform, toOwner: escrow, amount: 120n });
    expect(solana.explorerTxUrl('x')).toBe(`${TEST_PUBLIC_URL}/explorer/solana/tx/x`);
    await first.close();

    const second = await boot();
    try {
      expect(second.container.solana.feePayer).toBe(solana.feePayer);
      expect(await second.container.solana.balance(mint, escrow)).toBe(120n);
      expect(await second.container.solana.mintInfo(mint)).toMatchObject({ supply: 500n, decimals: 2 });
    } finally {
      await second.close();
    }
  });

  it('runs against a Solana JSON-RPC node with SOLANA=rpc', async () => {
    database = await createTestDatabase();
    const node = await startFakeSolanaRpc();
    const app = await booter({ SOLANA: 'rpc', SOLANA_RPC_URL: node.url })();
    try {
      const { solana } = app.container;
      expect(solana.kind).toBe('rpc');
      expect(await solana.lamports(solana.feePayer)).toBeGreaterThan(0n);
      const { mint } = await solana.createMint({
        key: 'rpc:mint',
        decimals: 0,
        mintAuthority: { kind: 'platform' },
      });
      expect(await solana.mintInfo(mint)).toMatchObject({ program: 'token-2022', supply: 0n, decimals: 0 });
    } finally {
      await app.close();
      await node.close();
    }
  });
});
