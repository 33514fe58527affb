import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Distribution } from '@portal/shared/distributions';
import type { VaultBalancesResponse } from '@portal/shared/holdings';
import type { InvestorAsset, PurchaseResponse } from '@portal/shared/purchases';
import type { RedemptionRequest, RedemptionWindow } from '@portal/shared/redemptions';
import type { Sbt } from '@portal/shared/sbt';
import type { MySecondaryFill, SecondaryOrder } from '@portal/shared/secondary-market';
import type { FaultPoint } from '../fault-points.js';
import { recordEvidence } from '../test/evidence.js';
import { eventually, issueToken, listToken } from '../test/issuance.js';
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
import { callApi } from '../test/test-app.js';
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
    /** An admin or an approved issuer made by `npm run admin:create`, before the portal starts. */
    async account(role: 'admin' | 'issuer') {
      const who = { email: `${role}.${randomUUID()}@example.com`, password: `${role} password 1` };
      const created = runEntry('admin-cli.ts', env, 'ignore', {
        args: ['--role', role, '--email', who.email, '--name', 'Ada Admin', '--organisation', 'Crash Ltd'],
        input: `${who.password}\n`,
      });
      expect(await new Promise((resolve) => created.once('exit', resolve))).toBe(0);
      return who;
    },
    async start(fault?: FaultPoint) {
      portal = await startPortal(fault ? { ...env, FAULT_AT: fault } : env);
      return portal;
    },
    /** Waits for the fault to kill the portal, then starts it again (with `next` as its fault, if any). */
    async killedAndRestarted(next?: FaultPoint): Promise<PortalProcess> {
      const killed = portal!;
      await Promise.race([
        killed.exited,
        new Promise((_, reject) => setTimeout(() => reject(new Error('the fault never fired')), 120_000)),
      ]);
      expect(killed.child.signalCode).toBe('SIGKILL');
      figures.crashRuns++;
      figures.restarts++;
      portal = await startPortal(next ? { ...env, FAULT_AT: next } : env);
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

/** A holder's tUSD (base units) and tokens of `tokenId` at their Ethereum vault address, read from the chain. */
async function onChain(base: string, holder: { token: string; eth: string }, tokenId: string) {
  const { body } = await request<VaultBalancesResponse>(base, 'GET', '/api/vault/balances', {
    token: holder.token,
  });
  const address = body.balances.find((entry) => entry.address.toLowerCase() === holder.eth.toLowerCase())!;
  const tokens = address.tokens.find((token) => token.tokenId === tokenId);
  return { tusd: BigInt(address.stablecoin!.balance!), tokens: BigInt(tokens?.balance ?? 0) };
}

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
    // The longest case first: the two slots then finish closer together.
    it(
      'distribution.batch.sent, redemption.settle.sent, then secondary.fill.sent: each holder is paid once, tokens end where they belong',
      () =>
        slot(async () => {
          const run = await deployment(false);
          const ines = await run.account('issuer');
          let { base } = await run.start('distribution.batch.sent');
          const portal = remotePortal(base);
          const login = await request<{ token: string }>(base, 'POST', '/api/auth/login', { body: ines });
          const issuer = { token: login.body.token };
          expect((await callApi(portal, 'POST', '/api/vault/create', issuer, {})).statusCode).toBe(201);
          const { id: tokenId } = await issueToken(portal, issuer, { symbol: 'CRS' });
          const listing = await listToken(portal, issuer, tokenId, {
            deadline: new Date(Date.now() + 86_400_000).toISOString(),
          });
          const holders = await Promise.all([verifiedInvestor(portal), verifiedInvestor(portal)]);
          const ids: string[] = [];
          for (const [i, holder] of holders.entries()) {
            const bought = await request<PurchaseResponse>(
              base,
              'POST',
              `/api/escrow/${listing.id}/purchase`,
              {
                token: holder.token,
                headers: { 'idempotency-key': randomUUID() },
                body: { amount: String(10 * (i + 1)), investorDid: holder.did, investorWallet: holder.eth },
              },
            );
            expect(bought.status, JSON.stringify(bought.body)).toBe(202);
            ids.push(bought.body.data.purchase.id);
          }
          for (const [i, holder] of holders.entries()) {
            await eventually(
              async () => (await purchasesOf(base, holder, [ids[i]!]))[0]!.status,
              (status) => status === 'COMPLETED',
              'the purchases',
              poll.timeoutMs,
            );
          }
          const before = await Promise.all(holders.map((holder) => onChain(base, holder, tokenId)));
          // 3 tUSD over 10 + 20 tokens: 1 and 2 tUSD; record and payment dates a moment ahead (real clock).
          const soon = new Date(Date.now() + 2000).toISOString();
          const declared = await request(base, 'POST', `/api/issuer/tokens/${tokenId}/distributions`, {
            token: issuer.token,
            headers: { 'idempotency-key': randomUUID() },
            body: { basis: 'total', amount: '3', currency: 'tUSD', recordDate: soon, paymentDate: soon },
          });
          expect(declared.status, JSON.stringify(declared.body)).toBe(201);

          // Killed after the batch is sent; while the dead job's lease runs out, a window opens.
          ({ base } = await run.killedAndRestarted('redemption.settle.sent'));
          const window = await request<{ window: RedemptionWindow }>(
            base,
            'POST',
            `/api/issuer/tokens/${tokenId}/redemption-windows`,
            {
              token: issuer.token,
              headers: { 'idempotency-key': randomUUID() },
              body: {
                currency: 'tUSD',
                price: '0.5',
                cap: '12',
                opensAt: new Date(Date.now() - 1000).toISOString(),
                closesAt: new Date(Date.now() + 10_000).toISOString(),
              },
            },
          );
          expect(window.status, JSON.stringify(window.body)).toBe(201);
          // 6 + 12 asked for a cap of 12: 4 and 8 accepted (ADR 72), paid 2 and 4 tUSD.
          for (const [i, holder] of holders.entries()) {
            const asked = await request(
              base,
              'POST',
              `/api/redemptions/windows/${window.body.window.id}/requests`,
              {
                token: holder.token,
                headers: { 'idempotency-key': randomUUID() },
                body: { amount: String(6 * (i + 1)) },
              },
            );
            expect(asked.status, JSON.stringify(asked.body)).toBe(201);
          }

          // Killed again after a request's redemption and payment are sent; armed for a secondary fill.
          ({ base } = await run.killedAndRestarted('secondary.fill.sent'));
          const settled = await eventually(
            async () =>
              (
                await request<{ windows: RedemptionWindow[] }>(
                  base,
                  'GET',
                  `/api/issuer/tokens/${tokenId}/redemption-windows`,
                  { token: issuer.token },
                )
              ).body.windows[0]!,
            (w) => w.status === 'SETTLED',
            'the settlement after the restart',
            poll.timeoutMs,
          );
          expect(settled.accepted).toBe('12');
          const distribution = await eventually(
            async () =>
              (
                await request<{ distributions: Distribution[] }>(
                  base,
                  'GET',
                  `/api/issuer/tokens/${tokenId}/distributions`,
                  { token: issuer.token },
                )
              ).body.distributions[0]!,
            (d) => d.status === 'paid' || d.status === 'failed',
            'the distribution after the restart',
            poll.timeoutMs,
          );
          holds(distribution.status === 'paid', `distribution ${JSON.stringify(distribution)}`);
          // On chain: each holder got its share and its payment exactly once, and kept the rest.
          const after = await Promise.all(holders.map((holder) => onChain(base, holder, tokenId)));
          for (const [i, holder] of holders.entries()) {
            const n = BigInt(i + 1);
            holds(
              after[i]!.tusd - before[i]!.tusd === n * 3_000_000n,
              `holder ${i}: ${after[i]!.tusd - before[i]!.tusd} tUSD base units received for ${n * 3_000_000n}`,
            );
            holds(after[i]!.tokens === n * 6n, `holder ${i}: ${after[i]!.tokens} tokens kept of ${n * 6n}`);
            const { body } = await request<{ requests: RedemptionRequest[] }>(
              base,
              'GET',
              '/api/redemptions',
              {
                token: holder.token,
              },
            );
            expect(body.requests.map((r) => [r.status, r.accepted])).toEqual([['SETTLED', String(4n * n)]]);
          }
          // The second holder sells 2 on the secondary market; the first takes 1 and the portal dies
          // right after the swap is sent (ADR 75). After the restart the fill settles once.
          const [buyer, seller] = holders;
          const posted = await request<{ order: SecondaryOrder }>(
            base,
            'POST',
            `/api/secondary/tokens/${tokenId}/orders`,
            {
              token: seller!.token,
              headers: { 'idempotency-key': randomUUID() },
              body: {
                amount: '2',
                pricePerTokenWei: '1000000000000',
                expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
              },
            },
          );
          expect(posted.status, JSON.stringify(posted.body)).toBe(201);
          await request(base, 'POST', `/api/secondary/orders/${posted.body.order.id}/take`, {
            token: buyer!.token,
            headers: { 'idempotency-key': randomUUID() },
            body: { amount: '1' },
          }).catch(() => undefined); // the connection dies with the process
          ({ base } = await run.killedAndRestarted());
          const fill = await eventually(
            async () =>
              (
                await request<{ fills: MySecondaryFill[] }>(base, 'GET', '/api/secondary/mine', {
                  token: buyer!.token,
                })
              ).body.fills[0],
            (found) => found?.status === 'SETTLED' || found?.status === 'FAILED',
            'the secondary fill after the restart',
            poll.timeoutMs,
          );
          holds(fill?.status === 'SETTLED', `fill ${JSON.stringify(fill)}`);
          const traded = await Promise.all(holders.map((holder) => onChain(base, holder, tokenId)));
          holds(
            traded[0]!.tokens === 7n && traded[1]!.tokens === 10n,
            `after the trade: ${traded.map((h) => h.tokens).join(', ')}`,
          );
          await reconciled(run);
        }),
      900_000,
    );

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
          const admin = await run.account('admin');
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
