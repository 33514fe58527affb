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
import { parseArgs } from 'node:util';
import pino from 'pino';
import type { AuthResponse } from '@portal/shared/auth';
import type { Sbt } from '@portal/shared/sbt';
import { buildApp, type App } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config.js';
import { SoulBoundTokens } from '../apps/api/src/modules/chains/soul-bound-token.js';
import { jsonCaller } from './bench-env.js';
import { passKyc } from './bench-kyc.js';
import { saveFigures } from './bench-report.mjs';

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
const boot = async (): Promise<App> => {
  const app = await buildApp(config, { logger: pino({ level: 'silent' }) });
  await app.ready();
  return app;
};

const now = () => performance.now();
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)]!;
const p90 = (xs: number[]) => sorted(xs)[Math.floor(xs.length * 0.9)]!;
const ms = (x: number) => `${x.toFixed(1)} ms`;

let exitCode = 0;
try {
  let app = await boot();
  const call = jsonCaller(app);
  console.log(
    `Embedded setup: ${app.container.database.kind}, chain ${app.container.chain.kind}, custody local`,
  );

  // Baselines in the same run.
  const health: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t = now();
    await call('GET', '/api/health');
    health.push(now() - t);
  }
  const transfers: number[] = [];
  for (let i = 0; i < investors; i++) {
    const to = `0x${randomBytes(20).toString('hex')}` as const;
    const t = now();
    const hash = await app.container.chain.fund(to, 10n ** 15n);
    if (!hash) throw new Error('the embedded chain did not fund an address');
    await app.container.chain.waitForReceipt(hash);
    transfers.push(now() - t);
  }

  const mints: number[] = [];
  const minted: Sbt[] = [];
  for (let i = 0; i < investors; i++) {
    const { token } = await call<AuthResponse>('POST', '/api/auth/register', undefined, {
      name: 'Bench Investor',
      email: `bench.${i}.${Date.now()}@example.com`,
      password: 'bench password',
    });
    await passKyc(call, token);
    await call('POST', '/api/did/start', token);
    await call('POST', '/api/vault/create', token);
    const { sbt } = await call<{ sbt: Sbt }>('POST', '/api/sbt/create', token, { selectedImageId: 'aurora' });
    const t = now();
    await call('POST', '/api/sbt/mint', token, { sbtId: sbt.id });
    let status: Sbt;
    do {
      await new Promise((resolve) => setImmediate(resolve));
      status = (await call<{ sbt: Sbt }>('GET', `/api/sbt/status/${sbt.id}`, token)).sbt;
    } while (status.status === 'minting');
    if (status.status !== 'minted') throw new Error(`mint ${sbt.id} ended ${status.status}: ${status.error}`);
    mints.push(now() - t);
    minted.push(status);
  }

  /** What the chain says of a minted SBT: its receipt's block, its owner and its metadata URI. */
  const onChain = async (sbt: Sbt, tokens: SoulBoundTokens) => {
    const receipt = await app.container.chain.publicClient.getTransactionReceipt({
      hash: sbt.txHash as `0x${string}`,
    });
    const tokenId = BigInt(sbt.tokenId!);
    return {
      blockHash: receipt.blockHash,
      owner: await tokens.ownerOf(tokenId),
      uri: await tokens.tokenURI(tokenId),
    };
  };
  const before = await Promise.all(
    minted.map((sbt) => onChain(sbt, new SoulBoundTokens(app.container.chain))),
  );
  await app.close();

  const t = now();
  app = await boot();
  const restartMs = now() - t;
  const tokens = new SoulBoundTokens(app.container.chain);
  let same = 0;
  for (const [i, sbt] of minted.entries()) {
    const after = await onChain(sbt, tokens);
    const ok =
      after.blockHash === before[i]!.blockHash &&
      after.owner === before[i]!.owner &&
      after.uri === before[i]!.uri;
    if (ok && after.uri.startsWith('ipfs://') && after.owner === sbt.holderAddress) same++;
  }
  const journaled = (await app.container.chain.publicClient.getBlockNumber()).toString();
  await app.close();

  console.log('');
  console.log('| Measure | median | p90 | × GET /api/health | × ETH transfer |');
  console.log('|---|---|---|---|---|');
  const row = (name: string, xs: number[]) =>
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
