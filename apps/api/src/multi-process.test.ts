import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PurchaseResponse } from '@portal/shared/purchases';
import type { Sbt } from '@portal/shared/sbt';
import { startJsonRpcNode } from './providers/chain/testing/json-rpc-node.js';
import { startFakeSolanaRpc } from './providers/solana/testing/fake-solana-rpc.js';
import { eventually, issueToken, listToken } from './test/issuance.js';
import { verifiedInvestor } from './test/market-fixtures.js';
import { remotePortal, request, runEntry, startPortal, type PortalProcess } from './test/portal-process.js';
import { createPostgresDatabase, testDatabaseUrl } from './test/test-database.js';
import { callApi, json, register, type Portal } from './test/test-app.js';

/**
 * The portal as an operator scales it (ADR 44) — two API processes without workers and two
 * `npm run worker` processes, on one PostgreSQL, one JSON-RPC node and one Solana node. Purchases
 * and SBT mints spread over both APIs all settle once, with no nonce clash; a worker killed in the
 * middle of a job leaves it to the other; a session revoked through one API is refused by the other.
 */
const PURCHASES = 200;
const MINTS = 20;

const platform = generatePrivateKey();
const dataDirs: string[] = [];
const processes: Array<{ kill(signal: NodeJS.Signals): boolean; exited: Promise<number | null> }> = [];
let output = '';
let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
let node: Awaited<ReturnType<typeof startJsonRpcNode>> | undefined;
let solana: Awaited<ReturnType<typeof startFakeSolanaRpc>> | undefined;
let env: Record<string, string>;

const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-multi-'));
  dataDirs.push(dir);
  return dir;
};

function run(entry: string, extra: Record<string, string> = {}) {
  const child = runEntry(entry, { ...env, DATA_DIR: dataDir(), ...extra }, 'pipe');
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  processes.push({ kill: (signal) => child.kill(signal), exited });
  return { child, exited };
}

async function api(): Promise<PortalProcess> {
  const portal = await startPortal({ ...env, DATA_DIR: dataDir(), RUN_JOBS: 'false' });
  portal.child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  processes.push({ kill: (signal) => portal.child.kill(signal), exited: portal.exited });
  return portal;
}

describe.skipIf(!testDatabaseUrl)('two APIs and two workers on PostgreSQL', () => {
  beforeAll(async () => {
    postgres = await createPostgresDatabase(testDatabaseUrl!);
    node = await startJsonRpcNode({
      chainId: 31_337,
      genesisAccounts: [{ address: privateKeyToAccount(platform).address, balance: parseEther('1000000') }],
    });
    solana = await startFakeSolanaRpc();
    env = {
      DATABASE_URL: postgres.url,
      // One address in front of both APIs (a load balancer): access tokens name it as their audience.
      PUBLIC_URL: 'http://portal.localhost',
      // Every process must open the same sealed secrets.
      MASTER_KEY: randomBytes(32).toString('base64'),
      CHAIN: 'rpc',
      CHAIN_RPC_URL: node.url,
      PLATFORM_PRIVATE_KEY: platform,
      FAUCET_AMOUNT_WEI: parseEther('1').toString(),
      SOLANA: 'rpc',
      SOLANA_RPC_URL: solana.url,
      KYC_SANDBOX_AUTO_APPROVE: 'true',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    };
  });
  afterAll(async () => {
    for (const process of processes) process.kill('SIGKILL');
    await Promise.all(processes.map((process) => process.exited));
    await node?.close();
    await solana?.close();
    await postgres?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('settles every purchase and mint once, survives a killed worker, and shares revocations', async () => {
    // The deployment's steps: migrate once, then start the processes.
    const migrate = run('db/migrate-cli.ts');
    expect(await migrate.exited).toBe(0);
    const [a, b] = await Promise.all([api(), api()]);
    const workers = [run('worker.ts'), run('worker.ts')];
    const apis = [remotePortal(a!.base), remotePortal(b!.base)];
    const via = (i: number): Portal => apis[i % 2]!;

    const issuer = await register(via(0), { role: 'issuer', name: 'Scale Issuer' });
    // An operator vouches for the issuer (ADR 55), as `admin:create --role issuer` does.
    const operator = new pg.Client({ connectionString: postgres!.url });
    await operator.connect();
    await operator.query(`update issuer_applications set status = 'approved' where user_id = $1`, [
      issuer.user.id,
    ]);
    await operator.end();
    expect((await callApi(via(0), 'POST', '/api/vault/create', issuer)).statusCode).toBe(201);
    const token = await issueToken(via(1), issuer, { symbol: 'SCL', totalSupply: '1000' });
    expect(token.status).toBe('DEPLOYED');
    const listing = await listToken(via(0), issuer, token.id, {
      tokenAmount: String(PURCHASES),
      deadline: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(listing.status).toBe('DEPLOYED');

    const investors = await Promise.all(Array.from({ length: MINTS }, (_, i) => verifiedInvestor(via(i))));
    // Mints and purchases at once, spread over both APIs.
    const mints = investors.map(async (investor, i) => {
      const created = await callApi(via(i), 'POST', '/api/sbt/create', investor, {
        selectedImageId: 'aurora',
      });
      expect(created.statusCode, created.body).toBe(201);
      const { sbt } = json<{ sbt: Sbt }>(created);
      expect(
        (await callApi(via(i + 1), 'POST', '/api/sbt/mint', investor, { sbtId: sbt.id })).statusCode,
      ).toBe(202);
    });
    const purchases = Array.from({ length: PURCHASES }, async (_, i) => {
      const investor = investors[i % MINTS]!;
      const { status, body } = await request<PurchaseResponse>(
        [a!, b!][i % 2]!.base,
        'POST',
        `/api/escrow/${listing.id}/purchase`,
        {
          token: investor.token,
          headers: { 'idempotency-key': randomUUID() },
          body: { amount: '1', investorDid: investor.did, investorWallet: investor.eth },
        },
      );
      expect(status, JSON.stringify(body)).toBe(202);
    });
    await Promise.all([...mints, ...purchases]);

    const database = new pg.Client({ connectionString: postgres!.url });
    await database.connect();
    try {
      // A worker dies in the middle of a settlement; the other finishes it once its lease lapses.
      await eventually(
        async () =>
          (await database.query(`select count(*)::int as n from purchases where status = 'SETTLING'`)).rows,
        (rows) => (rows[0] as { n: number }).n > 0,
        'a settlement in progress',
        60_000,
      );
      workers[0]!.child.kill('SIGKILL');
      await workers[0]!.exited;

      const statuses = async (sql: string) =>
        Object.fromEntries(
          (await database.query(sql)).rows.map((row: { status: string; n: number }) => [row.status, row.n]),
        );
      expect(
        await eventually(
          () => statuses(`select status, count(*)::int as n from purchases group by status`),
          (counts) => counts.COMPLETED === PURCHASES || (counts.FAILED ?? 0) > 0,
          'every purchase to settle',
          240_000,
        ),
      ).toEqual({ COMPLETED: PURCHASES });
      expect(
        await eventually(
          () => statuses(`select status, count(*)::int as n from sbts group by status`),
          (counts) => counts.minted === MINTS || (counts.failed ?? 0) > 0,
          'every SBT to be minted',
          120_000,
        ),
      ).toEqual({ minted: MINTS });
      // Once each: one delivery per purchase, no failed job, no transaction refused by the node.
      expect(
        (await database.query(`select count(*)::int as n from jobs where status = 'failed'`)).rows[0],
      ).toEqual({ n: 0 });
      expect(
        (await database.query(`select count(*)::int as n from chain_sends where status = 'rejected'`))
          .rows[0],
      ).toEqual({ n: 0 });
      expect(output).not.toMatch(/nonce too (low|high)|replacement transaction underpriced/i);
      const { rows } = await database.query(`select sold::text, reserved::text from listings where id = $1`, [
        listing.id,
      ]);
      expect(rows[0]).toEqual({ sold: String(PURCHASES), reserved: String(PURCHASES) });
    } finally {
      await database.end();
    }

    // A session revoked on one API process is refused by the other as soon as the database's
    // notification reaches it (no expiry to wait for): within a second, even on a loaded machine.
    const [first] = investors;
    expect((await callApi(via(1), 'GET', '/api/auth/profile', first!)).statusCode).toBe(200);
    expect((await callApi(via(0), 'POST', '/api/auth/logout', first!)).statusCode).toBe(200);
    await eventually(
      async () => (await callApi(via(1), 'GET', '/api/auth/profile', first!)).statusCode,
      (status) => status === 401,
      'the other process to refuse the revoked session',
      1000,
    );

    // The books agree with the chain.
    for (const process of processes) process.kill('SIGTERM');
    await Promise.all(processes.map((process) => process.exited));
    const reconcile = run('reconcile-cli.ts');
    const code = await reconcile.exited;
    expect(output).toContain('Books and chains agree.');
    expect(code).toBe(0);
  }, 600_000);
});
