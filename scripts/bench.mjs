#!/usr/bin/env node
/**
 * npm run bench [-- --investors N]
 *
 * Soul-bound token minting on the embedded setup (PGlite on disk, EDR chain, local custody), in
 * process through HTTP (`app.inject`), each figure next to a baseline measured in the same run:
 *  - mint latency: POST /api/sbt/mint until the status reads minted (credential issued and stored
 *    on IPFS, token minted and mined), against a plain ETH transfer through the same chain port
 *    and against GET /api/health;
 *  - the restart check: a new process-equivalent (fresh app, fresh EDR node, same DATA_DIR)
 *    replays the chain journal; the receipts, owners and tokenURIs must be identical.
 * A report, not a test: it exits 1 only if the restart check finds a difference.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { jsonCaller } from './bench-env.mjs';
import { passKyc } from './bench-kyc.mjs';
import { saveFigures } from './bench-report.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { buildApp } = await import(path.join(root, 'apps/api/dist/app.js'));
const { loadConfig } = await import(path.join(root, 'apps/api/dist/config.js'));
const { SoulBoundTokens } = await import(
  path.join(root, 'apps/api/dist/providers/chain/soul-bound-token.js')
);

const { values } = parseArgs({ options: { investors: { type: 'string', default: '20' } } });
const investors = Number(values.investors);
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
const config = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  MASTER_KEY: randomBytes(32).toString('base64'),
  LOG_LEVEL: 'silent',
  KYC_SANDBOX_AUTO_APPROVE: 'true',
  SEED_DEMO: 'false',
  WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  RATE_LIMIT_REGISTER_PER_IP_PER_HOUR: '100000',
  RATE_LIMIT_API_PER_MINUTE: '1000000',
});
const boot = async () => {
  const app = await buildApp(config, { logger: pino({ level: 'silent' }) });
  await app.ready();
  return app;
};

const now = () => performance.now();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p90 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)];
const ms = (x) => `${x.toFixed(1)} ms`;
const call = (app, ...args) => jsonCaller(app)(...args);

let exitCode = 0;
try {
  let app = await boot();
  console.log(
    `Embedded setup: ${app.container.database.kind}, chain ${app.container.chain.kind}, custody local`,
  );

  // Baselines in the same run.
  const health = [];
  for (let i = 0; i < 50; i++) {
    const t = now();
    await call(app, 'GET', '/api/health');
    health.push(now() - t);
  }
  const transfers = [];
  for (let i = 0; i < investors; i++) {
    const to = `0x${randomBytes(20).toString('hex')}`;
    const t = now();
    const hash = await app.container.chain.fund(to, 10n ** 15n);
    await app.container.chain.waitForReceipt(hash);
    transfers.push(now() - t);
  }

  const mints = [];
  const minted = [];
  for (let i = 0; i < investors; i++) {
    const { token } = await call(app, 'POST', '/api/auth/register', undefined, {
      name: 'Bench Investor',
      email: `bench.${i}.${Date.now()}@example.com`,
      password: 'bench password',
    });
    await passKyc((...args) => call(app, ...args), token);
    await call(app, 'POST', '/api/did/start', token);
    await call(app, 'POST', '/api/vault/create', token);
    const { sbt } = await call(app, 'POST', '/api/sbt/create', token, { selectedImageId: 'aurora' });
    const t = now();
    await call(app, 'POST', '/api/sbt/mint', token, { sbtId: sbt.id });
    let status;
    do {
      await new Promise((resolve) => setImmediate(resolve));
      status = (await call(app, 'GET', `/api/sbt/status/${sbt.id}`, token)).sbt;
    } while (status.status === 'minting');
    if (status.status !== 'minted') throw new Error(`mint ${sbt.id} ended ${status.status}: ${status.error}`);
    mints.push(now() - t);
    minted.push(status);
  }

  const before = await Promise.all(
    minted.map(async (sbt) => {
      const receipt = await app.container.chain.publicClient.getTransactionReceipt({ hash: sbt.txHash });
      const tokens = new SoulBoundTokens(app.container.chain);
      return {
        blockHash: receipt.blockHash,
        owner: await tokens.ownerOf(BigInt(sbt.tokenId)),
        uri: await tokens.tokenURI(BigInt(sbt.tokenId)),
      };
    }),
  );
  await app.close();

  const t = now();
  app = await boot();
  const restartMs = now() - t;
  const tokens = new SoulBoundTokens(app.container.chain);
  let same = 0;
  for (const [i, sbt] of minted.entries()) {
    const receipt = await app.container.chain.publicClient.getTransactionReceipt({ hash: sbt.txHash });
    const owner = await tokens.ownerOf(BigInt(sbt.tokenId));
    const uri = await tokens.tokenURI(BigInt(sbt.tokenId));
    const ok =
      receipt.blockHash === before[i].blockHash && owner === before[i].owner && uri === before[i].uri;
    if (ok && uri.startsWith('ipfs://') && owner === sbt.holderAddress) same++;
  }
  const journaled = (await app.container.chain.publicClient.getBlockNumber()).toString();
  await app.close();

  console.log('');
  console.log('| Measure | median | p90 | × GET /api/health | × ETH transfer |');
  console.log('|---|---|---|---|---|');
  const row = (name, xs) =>
    console.log(
      `| ${name} | ${ms(median(xs))} | ${ms(p90(xs))} | ×${(median(xs) / median(health)).toFixed(1)} | ×${(median(xs) / median(transfers)).toFixed(1)} |`,
    );
  row(`GET /api/health (n=${health.length})`, health);
  row(`ETH transfer, mined (n=${transfers.length})`, transfers);
  row(`SBT mint: credential + IPFS + mint, mined (n=${mints.length})`, mints);
  console.log('');
  console.log(
    `Restart: boot with journal replay of ${journaled} blocks took ${ms(restartMs)}; ` +
      `${same}/${minted.length} minted tokens identical (receipt block hash, owner, tokenURI = ipfs://<public metadata CID>).`,
  );
  saveFigures('mint', {
    healthMs: median(health),
    transferMs: median(transfers),
    mintMs: median(mints),
    restartMs,
    restartIdentical: `${same}/${minted.length}`,
  });
  if (same !== minted.length) exitCode = 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
