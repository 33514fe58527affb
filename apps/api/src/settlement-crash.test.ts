import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvestorAsset, PurchaseResponse } from '@portal/shared/purchases';
import { eventually } from './test/issuance.js';
import { verifiedInvestor } from './test/market-fixtures.js';
import {
  demoEscrows,
  freePort,
  purchasesOf,
  remotePortal,
  request,
  runEntry,
  startPortal,
  type PortalProcess,
} from './test/portal-process.js';
import { createPostgresDatabase, testDatabaseUrl } from './test/test-database.js';

/**
 * Crash safety (ADRs 17, 20, 42): the portal is killed (SIGKILL, no shutdown at all) while purchases settle on both
 * embedded chains, and started again on the same DATA_DIR (and database). Every purchase completes exactly once:
 * the buyer owns what they bought, not more, and `npm run reconcile` finds the books and the chains
 * in agreement (a second payment or delivery would show as a difference).
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-crash-'));
const env: Record<string, string> = {
  DATA_DIR: dataDir,
  SEED_DEMO: 'true',
  KYC_SANDBOX_AUTO_APPROVE: 'true',
};
/** How long the demo market's seeding and each settlement may take. */
const SETTLE_MS = 120_000;
let portal: PortalProcess | undefined;
// On PostgreSQL when the suite runs there (TEST_DATABASE_URL), else on the embedded database.
let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
beforeAll(async () => {
  if (!testDatabaseUrl) return;
  postgres = await createPostgresDatabase(testDatabaseUrl);
  env.DATABASE_URL = postgres.url;
});
afterAll(async () => {
  portal?.child.kill('SIGKILL');
  await portal?.exited;
  await postgres?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a portal killed during settlement', () => {
  it('settles every purchase once after a restart, and reconcile finds books and chains agree', async () => {
    // The same address after the restart: access tokens name the portal's URL as their audience.
    env.PORT = String(await freePort());
    portal = await startPortal(env);
    const { base } = portal;
    const buyer = await verifiedInvestor(remotePortal(base));
    const { spl, erc20 } = await demoEscrows(base, buyer, SETTLE_MS);
    const buys = [
      ...Array.from({ length: 3 }, () => ({ listing: spl, wallet: buyer.sol })),
      ...Array.from({ length: 2 }, () => ({ listing: erc20, wallet: buyer.eth })),
    ];
    const ids: string[] = [];
    for (const { listing, wallet } of buys) {
      const { status, body } = await request<PurchaseResponse>(
        base,
        'POST',
        `/api/escrow/${listing.escrowId}/purchase`,
        {
          token: buyer.token,
          headers: { 'idempotency-key': randomUUID() },
          body: { amount: '1', investorDid: buyer.did, investorWallet: wallet },
        },
      );
      expect(status, JSON.stringify(body)).toBe(202);
      ids.push(body.data.purchase.id);
    }
    // Killed while something is on its way to the chains (or as soon as it can be seen).
    await eventually(
      async () => (await purchasesOf(base, buyer, ids)).map((p) => p.status),
      (all) => all.includes('SETTLING') || all.every((s) => s === 'COMPLETED'),
      'settling',
      SETTLE_MS,
    );
    portal.child.kill('SIGKILL');
    await portal.exited;

    portal = await startPortal(env);
    const restarted = portal.base;
    const final = await eventually(
      () => purchasesOf(restarted, buyer, ids),
      (all) => all.every((p) => p.status === 'COMPLETED' || p.status === 'FAILED'),
      'settlement after the restart',
      SETTLE_MS,
    );
    expect(final.map((p) => p.status)).toEqual(ids.map(() => 'COMPLETED'));
    const { body: mine } = await request<{ assets: InvestorAsset[] }>(
      restarted,
      'GET',
      '/api/token-purchases/my-assets',
      {
        token: buyer.token,
      },
    );
    expect(mine.assets).toHaveLength(5);
    for (const asset of mine.assets) expect(asset.transactionHash).toBeTruthy();

    portal.child.kill('SIGTERM');
    expect(await portal.exited).toBe(0);
    portal = undefined;
    const reconcile = runEntry('reconcile-cli.ts', env, 'pipe');
    let output = '';
    reconcile.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    reconcile.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => reconcile.once('exit', resolve));
    expect(output).toContain('Books and chains agree.');
    expect(code).toBe(0);
  }, 300_000);
});
