/**
 * The marketplace page under load (ADR 19, ADR 39): 10,000 listings seeded, a signed-in investor asks
 * for 25 rows with a search, a filter and a sort, 50 connections over real HTTP (autocannon,
 * in a second process).
 * Beside it, in the same run and on the same machine, bare Fastify answering "hello": the
 * figure that matters is the throughput ratio, and p99 latency. PostgreSQL (BENCH_DATABASE_URL,
 * default the local `test` server; a fresh database is created and dropped) and PGlite.
 * Then the signed-in reads (profile, SBT list, my-assets) on the same portals, and
 * health, profile, the marketplace page, my-assets and the purchase path at fixed
 * rates (open loop: p50/p99 and errors at a load both databases can carry).
 * A report, not a test; the figures are kept for `npm run scorecard`.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import pino from 'pino';
import type { AuthResponse } from '@portal/shared/auth';
import type { DidStartResponse } from '@portal/shared/did';
import type { MarketplaceResponse } from '@portal/shared/marketplace';
import type { CreateVaultResponse } from '@portal/shared/vault';
import { buildApp, type App } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config.js';
import { benchEnv, jsonCaller, portOf, rowsOf } from './bench-env.js';
import { passKyc } from './bench-kyc.js';
import { load as loadFrom, type LoadOptions } from './bench-load.js';
import { saveFigures } from './bench-report.mjs';

const LISTINGS = 10_000;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const query = '/api/escrow/marketplace?search=gold&tokenType=ERC20&status=DEPLOYED&sort=name&limit=25';
const READS = [
  ['profile', '/api/auth/profile'],
  ['SBT list', '/api/sbt/list'],
  ['my-assets', '/api/token-purchases/my-assets'],
] as const;
const READ_RATE = Number(process.env.BENCH_READ_RATE ?? 400);
const PURCHASE_RATE = Number(process.env.BENCH_PURCHASE_RATE ?? 100);
const FIXED = [
  ['health', '/api/health'],
  ['profile', '/api/auth/profile'],
  ['marketplace', query],
  ['my-assets', '/api/token-purchases/my-assets'],
] as const;

interface Throughput {
  rps: number;
  p99: number;
}
interface AtRate {
  rate: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  fiveHundreds: number;
}

async function load(url: string, headers: Record<string, string> = {}): Promise<Throughput> {
  const result = await loadFrom(url, { connections: CONNECTIONS, seconds: SECONDS, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/** `url` at a fixed rate: what a user waits at that load, and every answer that was not a 2xx. */
async function atRate(url: string, rate: number, options: Partial<LoadOptions> = {}): Promise<AtRate> {
  const result = await loadFrom(url, { connections: CONNECTIONS, seconds: SECONDS, rate, ...options });
  return {
    rate,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    fiveHundreds: result['5xx'],
  };
}

/**
 * A buyer (KYC passed, DID, vault) and a listing of a million tokens of a token whose contract
 * is never called: settlement is stopped, so this is the purchase request path alone.
 */
async function purchasePath(app: App, base: string): Promise<AtRate> {
  const call = jsonCaller(app);
  const { token } = await call<AuthResponse>('POST', '/api/auth/register', undefined, {
    name: 'Bench Buyer',
    email: `bench.buyer.${randomBytes(4).toString('hex')}@example.com`,
    password: 'bench password 1',
  });
  await passKyc(call, token);
  const { didMetadata } = await call<DidStartResponse>('POST', '/api/did/start', token);
  const { wallets } = await call<CreateVaultResponse>('POST', '/api/vault/create', token);
  const eth = wallets.find((wallet) => wallet.assetId.startsWith('ETH'))!.address;
  await app.container.jobs.stop();
  const { db } = app.container.database;
  const [{ id: issuerId, token_id: tokenId }] = rowsOf<{ id: string; token_id: string }>(
    await db.execute(
      sql`select issuer_id as id, id as token_id from issuer_tokens where token_type = 'ERC20' limit 1`,
    ),
  ) as [{ id: string; token_id: string }];
  const listingId = randomUUID();
  await db.execute(sql`insert into listings (id, token_id, issuer_id, kind, token_amount, price_wei, deadline, status, search_text)
    values (${listingId}, ${tokenId}, ${issuerId}, 'escrow', 1000000, 1000000000000, now() + interval '1 day', 'DEPLOYED', 'bench purchase')`);
  return atRate(`${base}/api/escrow/${listingId}/purchase`, PURCHASE_RATE, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ amount: 1, investorDid: didMetadata.did, investorWallet: eth }),
  });
}

async function bare() {
  const app = Fastify();
  app.get('/', async () => 'hello');
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    return await load(`http://127.0.0.1:${portOf(app.server)}/`);
  } finally {
    await app.close();
  }
}

/** Seeds an issuer, 100 deployed tokens and the listings in a few statements. */
async function seed(app: App): Promise<void> {
  const { db } = app.container.database;
  const issuer = await app.container.auth.createAccount({
    name: 'Bench Issuer',
    email: `bench.issuer.${Date.now()}@example.com`,
    password: 'bench password',
    role: 'issuer',
  });
  const names = [
    'Gold',
    'Silver',
    'Harbour',
    'Solar',
    'Vineyard',
    'Bond',
    'Gallery',
    'Forest',
    'Rail',
    'Port',
  ];
  const types = ['ERC20', 'ERC721', 'ERC1155', 'SPL'];
  const tokens = Array.from({ length: 100 }, (_, i) => ({
    id: randomUUID(),
    name: `${names[i % 10]} Asset ${i}`,
    symbol: `B${i}`,
    type: types[i % 4],
  }));
  for (const token of tokens) {
    await db.execute(sql`insert into issuer_tokens (id, issuer_id, name, symbol, token_type, asset_category,
      decimals, total_supply, blockchain, treasury_address, status, contract_address)
      values (${token.id}, ${issuer.id}, ${token.name}, ${token.symbol}, ${token.type}, 'Other', 0, 1000000,
      ${token.type === 'SPL' ? 'solana' : 'ethereum'}, ${`0x${randomBytes(20).toString('hex')}`}, 'DEPLOYED',
      ${`0x${randomBytes(20).toString('hex')}`})`);
  }
  for (let start = 0; start < LISTINGS; start += 1000) {
    const rows = Array.from({ length: 1000 }, (_, k) => {
      const token = tokens[(start + k) % tokens.length]!;
      return sql`(${token.id}, ${issuer.id}, 'escrow', 1000, 1000000000000000, now() + interval '30 days', 'DEPLOYED',
        ${`${token.name}\n${token.symbol}\nlisting ${start + k}`.toLowerCase()}, now() - ${`${start + k} seconds`}::interval)`;
    });
    await db.execute(sql`insert into listings (token_id, issuer_id, kind, token_amount, price_wei, deadline, status,
      search_text, created_at) values ${sql.join(rows, sql`, `)}`);
  }
}

type Kind = 'postgres' | 'pglite';
interface PortalFigures {
  marketplace: Throughput & { total: number };
  reads: Record<string, Throughput>;
  fixed: Record<string, AtRate>;
}

async function portal(kind: Kind): Promise<PortalFigures> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-market-'));
  const dbName = `portal_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    const url = new URL(serverUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const config = loadConfig(benchEnv(dataDir, databaseUrl));
  const app = await buildApp(config, { logger: pino({ level: 'silent' }) });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    await seed(app);
    const { token } = (
      await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          name: 'Bench Investor',
          email: `bench.${Date.now()}@example.com`,
          password: 'bench password',
        },
      })
    ).json<AuthResponse>();
    const base = `http://127.0.0.1:${portOf(app.server)}`;
    const first = (await (
      await fetch(`${base}${query}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as MarketplaceResponse;
    if (!first.success || first.data.listings.length !== 25)
      throw new Error('the marketplace page did not answer 25 rows');
    const auth = { authorization: `Bearer ${token}` };
    const marketplace = { ...(await load(`${base}${query}`, auth)), total: first.data.total };
    // Signed-in reads (this investor's SBT list and assets are empty).
    const reads: PortalFigures['reads'] = {};
    for (const [name, route] of READS) reads[name] = await load(`${base}${route}`, auth);
    const fixed: PortalFigures['fixed'] = {};
    for (const [name, route] of FIXED)
      fixed[name] = await atRate(`${base}${route}`, READ_RATE, { headers: auth });
    fixed.purchase = await purchasePath(app, base);
    return { marketplace, reads, fixed };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (kind === 'postgres') {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
}

const hello = await bare();
const rows: Array<PortalFigures & { kind: Kind }> = [];
for (const kind of ['postgres', 'pglite'] as const) rows.push({ kind, ...(await portal(kind)) });
console.log('');
console.log(
  `Marketplace page (${LISTINGS} listings; 25 rows, search + filter + sort, signed in), ${CONNECTIONS} connections, ${SECONDS} s:`,
);
console.log('| Measure | requests/s | p99 | × bare Fastify |');
console.log('|---|---|---|---|');
console.log(`| bare Fastify "hello" | ${hello.rps.toFixed(0)} | ${hello.p99} ms | 100 % |`);
for (const row of rows) {
  const { marketplace } = row;
  console.log(
    `| marketplace on ${row.kind} (${marketplace.total} matching) | ${marketplace.rps.toFixed(0)} | ${marketplace.p99} ms | ${((marketplace.rps / hello.rps) * 100).toFixed(1)} % |`,
  );
}
console.log('');
console.log(`Signed-in reads (one investor), ${CONNECTIONS} connections, ${SECONDS} s each:`);
console.log('| Measure | requests/s | p99 | × bare Fastify |');
console.log('|---|---|---|---|');
for (const row of rows) {
  for (const [name] of READS) {
    const read = row.reads[name]!;
    console.log(
      `| ${name} on ${row.kind} | ${read.rps.toFixed(0)} | ${read.p99} ms | ${((read.rps / hello.rps) * 100).toFixed(1)} % |`,
    );
  }
}
console.log('');
console.log(`At fixed rates (open loop), ${CONNECTIONS} connections, ${SECONDS} s each:`);
console.log('| Measure | rate | p50 | p99 | errors |');
console.log('|---|---|---|---|---|');
for (const row of rows) {
  for (const [name, figures] of Object.entries(row.fixed)) {
    console.log(
      `| ${name} on ${row.kind} | ${figures.rate}/s | ${figures.p50} ms | ${figures.p99} ms | ${figures.errors} |`,
    );
  }
}
saveFigures('reads', {
  connections: CONNECTIONS,
  seconds: SECONDS,
  bare: hello,
  // The scorecard reads each read beside the marketplace figures, as before.
  ...Object.fromEntries(rows.map(({ kind, reads, ...figures }) => [kind, { ...figures, ...reads }])),
});
