import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { InvestorAsset, PurchaseResponse } from '@portal/shared/purchases';
import type { Sbt } from '@portal/shared/sbt';
import type { FaultPoint } from '../fault-points.js';
import { recordEvidence } from '../test/evidence.js';
import { eventually } from '../test/issuance.js';
import { verifiedInvestor } from '../test/market-fixtures.js';
import {
  demoEscrows,
  freePort,
  purchasesOf,
  remotePortal,
  request,
  runEntry,
  startPortal,
  type PortalProcess,
} from '../test/portal-process.js';
import { createPostgresDatabase, testDatabaseUrl } from '../test/test-database.js';

/**
 * Crash safety (ADR 48): the portal is started with FAULT_AT=<point> (fault-points.ts) and
 * SIGKILLs itself there: in a purchase's settlement, an SBT mint, an SBT revocation. Started again
 * on the same DATA_DIR and database without the fault, it finishes every piece of work exactly
 * once, and `npm run reconcile` finds the books and both chains in agreement (sold = ownership =
 * on-chain balances; one mint per SBT, one burn per revoked SBT). Restarts after kill -9 are
 * counted per backend: PGlite has public reports of failing there.
 */
const figures = { crashRuns: 0, invariantBreaks: 0, restarts: 0, restartsOk: 0 };
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  recordEvidence('crash', figures);
  for (const cleanup of cleanups) await cleanup();
});

/** A portal's DATA_DIR and (on PostgreSQL) database, kept across its restarts. */
async function deployment(seedDemo: boolean) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-fault-'));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    SEED_DEMO: String(seedDemo),
    KYC_SANDBOX_AUTO_APPROVE: 'true',
    // The same address after a restart: access tokens name the portal's URL as their audience.
    PORT: String(await freePort()),
  };
  const postgres = testDatabaseUrl ? await createPostgresDatabase(testDatabaseUrl) : undefined;
  if (postgres) env.DATABASE_URL = postgres.url;
  let portal: PortalProcess | undefined;
  cleanups.push(async () => {
    portal?.child.kill('SIGKILL');
    await portal?.exited;
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    env,
    async start(fault?: FaultPoint) {
      portal = await startPortal(fault ? { ...env, FAULT_AT: fault } : env);
      return portal;
    },
    /** Waits for the fault to kill the portal, then starts it again without it. */
    async killedAndRestarted(): Promise<PortalProcess> {
      const killed = portal!;
      await Promise.race([
        killed.exited,
        new Promise((_, reject) => setTimeout(() => reject(new Error('the fault never fired')), 120_000)),
      ]);
      expect(killed.child.signalCode).toBe('SIGKILL');
      figures.crashRuns++;
      figures.restarts++;
      portal = await startPortal(env);
      figures.restartsOk++;
      return portal;
    },
    /** Stops the portal cleanly and runs `npm run reconcile` on what it left. */
    async reconcile(): Promise<{ code: number | null; output: string }> {
      portal!.child.kill('SIGTERM');
      expect(await portal!.exited).toBe(0);
      portal = undefined;
      const child = runEntry('reconcile-cli.ts', env, 'pipe');
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      return { code, output };
    },
  };
}

/** Records a broken invariant in the figures before the assertion fails the test. */
function holds(ok: boolean, what: string): void {
  if (!ok) figures.invariantBreaks++;
  expect(ok, what).toBe(true);
}

async function reconciled(run: Awaited<ReturnType<typeof deployment>>): Promise<void> {
  const { code, output } = await run.reconcile();
  holds(code === 0 && output.includes('Books and chains agree.'), `reconcile: ${output}`);
}

const poll = { timeoutMs: 180_000 };

/** Two deployments at a time: the waits for a dead worker's lease overlap, 2 cores stay usable. */
let running = 0;
const waiting: Array<() => void> = [];
async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= 2) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

describe.concurrent(
  `kill -9 at a fault point, then a restart (${testDatabaseUrl ? 'PostgreSQL' : 'PGlite'})`,
  () => {
    for (const point of ['purchase.reserved', 'purchase.sent'] as const) {
      it(
        `${point}: every purchase settles exactly once; keys replay, never run twice`,
        () =>
          slot(async () => {
            const run = await deployment(true);
            let { base } = await run.start(point);
            const buyer = await verifiedInvestor(remotePortal(base));
            const { spl, erc20 } = await demoEscrows(base, buyer, poll.timeoutMs);
            const buys = [
              { listing: spl, wallet: buyer.sol, key: randomUUID() },
              { listing: erc20, wallet: buyer.eth, key: randomUUID() },
            ];
            const purchase = (b: (typeof buys)[number]) =>
              request<PurchaseResponse>(base, 'POST', `/api/escrow/${b.listing.escrowId}/purchase`, {
                token: buyer.token,
                headers: { 'idempotency-key': b.key },
                body: { amount: '1', investorDid: buyer.did, investorWallet: b.wallet },
              });
            // The fault may cut any of these answers off (the connection dies with the process).
            const first = new Map<string, string>();
            for (const b of buys) {
              const answer = await purchase(b).catch(() => undefined);
              if (answer?.status === 202) first.set(b.key, answer.body.data.purchase.id);
            }

            ({ base } = await run.killedAndRestarted());
            // Every key again: a replay of what committed, or one first execution; never a second.
            const ids: string[] = [];
            for (const b of buys) {
              const again = await purchase(b);
              expect(again.status, JSON.stringify(again.body)).toBe(202);
              const id = again.body.data.purchase.id;
              holds(
                !first.has(b.key) || first.get(b.key) === id,
                `key ${b.key} replayed as another purchase`,
              );
              ids.push(id);
            }
            const final = await eventually(
              async () => (await purchasesOf(base, buyer, ids)).map((p) => p.status),
              (statuses) => statuses.every((s) => s === 'COMPLETED' || s === 'FAILED'),
              'settlement after the restart',
              poll.timeoutMs,
            );
            holds(
              final.every((s) => s === 'COMPLETED'),
              `settled: ${final.join(', ')}`,
            );
            const { body } = await request<{ assets: InvestorAsset[] }>(
              base,
              'GET',
              '/api/token-purchases/my-assets',
              {
                token: buyer.token,
              },
            );
            holds(
              body.assets.length === buys.length,
              `${body.assets.length} purchases for ${buys.length} keys`,
            );
            await reconciled(run);
          }),
        900_000,
      );
    }

    it(
      'sbt.mint.sent: the SBT is minted once',
      () =>
        slot(async () => {
          const run = await deployment(false);
          let { base } = await run.start('sbt.mint.sent');
          const investor = await verifiedInvestor(remotePortal(base));
          const created = await request<{ sbt: Sbt }>(base, 'POST', '/api/sbt/create', {
            token: investor.token,
            body: { selectedImageId: 'aurora' },
          });
          expect(created.status).toBe(201);
          const { id } = created.body.sbt;
          await request(base, 'POST', '/api/sbt/mint', { token: investor.token, body: { sbtId: id } });

          ({ base } = await run.killedAndRestarted());
          const sbt = await eventually(
            async () =>
              (await request<{ sbt: Sbt }>(base, 'GET', `/api/sbt/status/${id}`, { token: investor.token }))
                .body.sbt,
            (s) => s.status === 'minted' || s.status === 'failed',
            'the mint after the restart',
            poll.timeoutMs,
          );
          holds(sbt.status === 'minted' && Boolean(sbt.tokenId && sbt.txHash), `SBT ${JSON.stringify(sbt)}`);
          await reconciled(run);
        }),
      900_000,
    );

    it(
      'sbt.revoke.sent: the SBT is burnt once and marked revoked',
      () =>
        slot(async () => {
          const run = await deployment(false);
          const admin = { email: `admin.${randomUUID()}@example.com`, password: 'admin password 1' };
          const created = runEntry('admin-cli.ts', run.env, 'ignore', {
            args: ['--email', admin.email, '--name', 'Ada Admin'],
            input: `${admin.password}\n`,
          });
          expect(await new Promise((resolve) => created.once('exit', resolve))).toBe(0);
          let { base } = await run.start('sbt.revoke.sent');
          const investor = await verifiedInvestor(remotePortal(base));
          const { body } = await request<{ sbt: Sbt }>(base, 'POST', '/api/sbt/create', {
            token: investor.token,
            body: { selectedImageId: 'prism' },
          });
          const { id } = body.sbt;
          await request(base, 'POST', '/api/sbt/mint', { token: investor.token, body: { sbtId: id } });
          const status = async () =>
            (await request<{ sbt: Sbt }>(base, 'GET', `/api/sbt/status/${id}`, { token: investor.token }))
              .body.sbt;
          const minted = await eventually(status, (s) => s.status === 'minted', 'the mint', poll.timeoutMs);
          expect(minted.tokenId).toBeTruthy();
          const login = await request<{ token: string }>(base, 'POST', '/api/auth/login', { body: admin });
          expect(login.status).toBe(200);
          const revoked = await request(
            base,
            'POST',
            `/api/admin/users/${investor.user.id}/revoke-identity`,
            {
              token: login.body.token,
              body: { reason: 'crash test' },
            },
          ).catch(() => undefined);
          // The job may kill the portal before this answer leaves it; it committed either way.
          if (revoked) expect(revoked.status).toBe(200);

          ({ base } = await run.killedAndRestarted());
          const final = await eventually(
            status,
            (s) => s.status === 'revoked',
            'the revocation',
            poll.timeoutMs,
          );
          holds(final.status === 'revoked' && !final.minted, `SBT ${JSON.stringify(final)}`);
          await reconciled(run);
        }),
      900_000,
    );
  },
);
