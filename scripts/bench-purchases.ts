/**
 * A token-sale rush (ADR 41): one hot listing on PostgreSQL, a verified investor buying 1 token
 * per request over real HTTP at 50 connections (autocannon, in a second process). Settlement
 * workers are stopped, so this measures the reservation path alone: the request checks, the guarded UPDATE, the purchase
 * row and the job, in one transaction. Bare Fastify "hello" is measured in the same run.
 * Afterwards: reserved = accepted purchases, never more than the listing (0 oversell), 0 5xx.
 *
 * Then settlement throughput on the embedded chains (a second portal, jobs running): a real ERC-20
 * escrow listing, 40 purchases at once, from the first request to the last COMPLETED (payment,
 * delivery, credential), against 40 plain ETH transfers from the same vault through the same
 * keyed sender (sent and mined), measured in the same run.
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
import type { IssuerListing, IssuerToken } from '@portal/shared/issuer';
import type { PurchaseResponse } from '@portal/shared/purchases';
import type { CreateVaultResponse } from '@portal/shared/vault';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config.js';
import { benchEnv, jsonCaller, portOf, rowsOf } from './bench-env.js';
import { passKyc } from './bench-kyc.js';
import { load } from './bench-load.js';
import { saveFigures } from './bench-report.mjs';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ON_OFFER = 1_000_000;
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const hello = await (async () => {
  const app = Fastify();
  app.get('/', async () => 'hello');
  await app.listen({ port: 0, host: '127.0.0.1' });
  const result = await load(`http://127.0.0.1:${portOf(app.server)}/`, {
    connections: CONNECTIONS,
    seconds: SECONDS,
  });
  await app.close();
  return result.requests.average;
})();

/** A portal on its own new PostgreSQL database and DATA_DIR, with a JSON caller. */
async function openPortal() {
  const dbName = `portal_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-rush-'));
  const app = await buildApp(loadConfig(benchEnv(dataDir, url.toString())), {
    logger: pino({ level: 'silent' }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const call = jsonCaller(app);
  const investor = async () => {
    const { token, user } = await call<AuthResponse>('POST', '/api/auth/register', undefined, {
      name: 'Rush Investor',
      email: `rush.${randomBytes(4).toString('hex')}@example.com`,
      password: 'bench password 1',
    });
    await passKyc(call, token);
    const { didMetadata } = await call<DidStartResponse>('POST', '/api/did/start', token);
    const { wallets } = await call<CreateVaultResponse>('POST', '/api/vault/create', token);
    return {
      token,
      userId: user.id,
      did: didMetadata.did,
      eth: wallets.find((w) => w.assetId.startsWith('ETH'))!.address as `0x${string}`,
    };
  };
  return {
    app,
    call,
    investor,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    },
  };
}

const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

const figures: { bare: number; settlement?: object } = { bare: hello };
const rush = await openPortal();
try {
  const { app } = rush;
  await app.container.jobs.stop();
  const buyer = await rush.investor();
  const { token, did: investorDid, eth } = buyer;
  const { db } = app.container.database;
  const issuer = await app.container.auth.createAccount({
    name: 'Rush Issuer',
    email: `rush.issuer.${Date.now()}@example.com`,
    password: 'bench password 1',
    role: 'issuer',
  });
  const tokenId = randomUUID();
  const listingId = randomUUID();
  await db.execute(sql`insert into issuer_tokens (id, issuer_id, name, symbol, token_type, asset_category, decimals,
    total_supply, blockchain, treasury_address, status, contract_address) values (${tokenId}, ${issuer.id}, 'Rush Token',
    'RUSH', 'ERC20', 'Other', 0, ${ON_OFFER}, 'ethereum', ${eth}, 'DEPLOYED', ${`0x${randomBytes(20).toString('hex')}`})`);
  await db.execute(sql`insert into listings (id, token_id, issuer_id, kind, token_amount, price_wei, deadline, status, search_text)
    values (${listingId}, ${tokenId}, ${issuer.id}, 'escrow', ${ON_OFFER}, 1000000000000, now() + interval '1 day', 'DEPLOYED', 'rush')`);

  const result = await load(`http://127.0.0.1:${portOf(app.server)}/api/escrow/${listingId}/purchase`, {
    method: 'POST',
    connections: CONNECTIONS,
    seconds: SECONDS,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ amount: 1, investorDid, investorWallet: eth }),
  });
  // Requests still in flight when the load stops complete on the server: count from the books.
  const [row] = rowsOf<{ reserved: string; bought: string; purchases: string }>(
    await db.execute(sql`select reserved::text as reserved,
      (select coalesce(sum(amount), 0) from purchases where listing_id = ${listingId})::text as bought,
      (select count(*) from purchases where listing_id = ${listingId})::text as purchases
      from listings where id = ${listingId}`),
  ) as [{ reserved: string; bought: string; purchases: string }];
  const reservations = Number(row.purchases);
  const exact = row.reserved === row.bought && BigInt(row.reserved) <= BigInt(ON_OFFER);
  console.log('');
  console.log(
    `Token-sale rush on PostgreSQL: one listing, 1 token per request, ${CONNECTIONS} connections, ${SECONDS} s (settlement stopped):`,
  );
  console.log('| Measure | per second | p99 | × bare Fastify |');
  console.log('|---|---|---|---|');
  console.log(`| bare Fastify "hello" | ${hello.toFixed(0)} | | 100 % |`);
  console.log(
    `| reservations | ${(reservations / SECONDS).toFixed(0)} | ${result.latency.p99} ms | ${((reservations / SECONDS / hello) * 100).toFixed(1)} % |`,
  );
  console.log(
    `${reservations} purchases, non-2xx answers ${result.non2xx} (5xx: ${result['5xx']}); listing reserved ${row.reserved} = purchases ${row.bought}: ${exact ? '0 oversell' : 'MISMATCH'}.`,
  );
} finally {
  await rush.close();
}

// Settlement throughput: a real listing on the embedded EVM chain, the jobs running.
const PURCHASES = 40;
const settle = await openPortal();
try {
  const { app, call } = settle;
  const issuer = await call<AuthResponse>('POST', '/api/auth/register', undefined, {
    name: 'Bench Issuer',
    email: `bench.issuer.${randomBytes(4).toString('hex')}@example.com`,
    password: 'bench password 1',
    role: 'issuer',
  });
  // An issuer the platform vouches for may deploy and list without an application review.
  await app.container.onboarding.preApprove(issuer.user.id);
  await call('POST', '/api/vault/create', issuer.token);
  const { token: created } = await call<{ token: IssuerToken }>('POST', '/api/issuer/tokens', issuer.token, {
    name: 'Settlement Bench',
    symbol: 'SETL',
    description: 'Benchmark token',
    tokenType: 'ERC20',
    assetCategory: 'Other',
    decimals: 0,
    totalSupply: '100000',
  });
  await until(
    async () =>
      (await call<{ token: IssuerToken }>('GET', `/api/issuer/tokens/${created.id}`, issuer.token)).token
        .status,
    (status) => status === 'DEPLOYED',
  );
  const { listing } = await call<{ listing: IssuerListing }>('POST', '/api/issuer/listings', issuer.token, {
    tokenId: created.id,
    kind: 'escrow',
    tokenAmount: '10000',
    priceETH: '0.0001',
    deadline: new Date(Date.now() + 86_400_000).toISOString(),
  });
  await until(
    async () =>
      (await call<{ listings: IssuerListing[] }>('GET', '/api/issuer/listings', issuer.token)).listings.find(
        (l) => l.id === listing.id,
      )!.status,
    (status) => status === 'DEPLOYED',
  );
  const buyer = await settle.investor();

  // Baseline: plain ETH transfers from the buyer's vault, sent and mined through the keyed sender.
  const { chainSender, vault } = app.container;
  const signer = {
    address: buyer.eth,
    signTransaction: (tx: Parameters<typeof vault.signEvmTransaction>[1]) =>
      vault.signEvmTransaction(buyer.userId, tx),
  };
  let started = performance.now();
  await Promise.all(
    Array.from({ length: PURCHASES }, async (_, i) => {
      const { hash } = await chainSender.send({
        key: `bench:transfer:${i}`,
        from: signer,
        to: `0x${randomBytes(20).toString('hex')}`,
        data: '0x',
        value: 1n,
      });
      await chainSender.confirm(hash);
    }),
  );
  const transfers = PURCHASES / ((performance.now() - started) / 1000);

  started = performance.now();
  const ids = await Promise.all(
    Array.from({ length: PURCHASES }, async () => {
      const { data } = await call<PurchaseResponse>(
        'POST',
        `/api/escrow/${listing.id}/purchase`,
        buyer.token,
        {
          amount: 1,
          investorDid: buyer.did,
          investorWallet: buyer.eth,
        },
      );
      return data.purchase.id;
    }),
  );
  const statuses = await until(
    () =>
      Promise.all(
        ids.map(
          async (id) =>
            (await call<PurchaseResponse>('GET', `/api/token-purchases/${id}`, buyer.token)).data.purchase
              .status,
        ),
      ),
    (all) => all.every((status) => status === 'COMPLETED' || status === 'FAILED'),
  );
  const settled = PURCHASES / ((performance.now() - started) / 1000);
  const completed = statuses.filter((status) => status === 'COMPLETED').length;
  console.log('');
  console.log(
    `Settlement on the embedded chains: ${PURCHASES} purchases of an ERC-20 escrow listing at once:`,
  );
  console.log('| Measure | per second | × plain transfer |');
  console.log('|---|---|---|');
  console.log(`| plain ETH transfer from the vault (sent and mined) | ${transfers.toFixed(1)} | 100 % |`);
  console.log(
    `| purchase, request to COMPLETED (paid, delivered, credential) | ${settled.toFixed(1)} | ${((settled / transfers) * 100).toFixed(0)} % |`,
  );
  console.log(`${completed} of ${PURCHASES} completed.`);
  figures.settlement = { perSecond: settled, transfersPerSecond: transfers, completed, purchases: PURCHASES };
} finally {
  await settle.close();
}
saveFigures('purchases', figures);
