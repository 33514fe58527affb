/**
 * Sign-in throughput per core: POST /api/auth/login over real HTTP (autocannon in a second
 * process), against the bare argon2id verification it is bound by, run in the same process and
 * the same run with the portal's own parameters (m=19 MiB, t=2, p=1). The ratio says what the rest
 * of the sign-in (session row, token, cookies) costs on top of the hash.
 * A report, not a test; the figures are kept for `npm run scorecard`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { hash, verify } from '@node-rs/argon2';
import pino from 'pino';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config.js';
import { ARGON2_POLICY } from '../apps/api/src/modules/auth/passwords.js';
import { benchEnv, portOf } from './bench-env.js';
import { load } from './bench-load.js';
import { saveFigures } from './bench-report.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const cores = availableParallelism();
const password = 'bench password 1';

// Baseline: verifications as fast as the machine does them, as many at once as there are cores.
const phc = await hash(password, ARGON2_POLICY);
let verified = 0;
const until = performance.now() + SECONDS * 1000;
await Promise.all(
  Array.from({ length: cores }, async () => {
    while (performance.now() < until) {
      await verify(phc, password);
      verified += 1;
    }
  }),
);
const argon2 = verified / SECONDS;

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-login-'));
const app = await buildApp(loadConfig(benchEnv(dataDir)), { logger: pino({ level: 'silent' }) });
try {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const email = `bench.login.${Date.now()}@example.com`;
  const registered = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name: 'Bench Login', email, password },
  });
  if (registered.statusCode !== 201 && registered.statusCode !== 200)
    throw new Error(`register: ${registered.statusCode} ${registered.body}`);
  const result = await load(`http://127.0.0.1:${portOf(app.server)}/api/auth/login`, {
    method: 'POST',
    connections: cores * 2,
    seconds: SECONDS,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`login: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const logins = result.requests.average;
  console.log('');
  console.log(
    `Sign-in (argon2id m=${ARGON2_POLICY.memoryCost} KiB, t=${ARGON2_POLICY.timeCost}), ${cores} cores, ${SECONDS} s:`,
  );
  console.log('| Measure | per second | per core | p99 | × bare argon2id |');
  console.log('|---|---|---|---|---|');
  console.log(`| bare argon2id verify | ${argon2.toFixed(1)} | ${(argon2 / cores).toFixed(1)} | | 100 % |`);
  console.log(
    `| POST /api/auth/login | ${logins.toFixed(1)} | ${(logins / cores).toFixed(1)} | ${result.latency.p99} ms | ${((logins / argon2) * 100).toFixed(0)} % |`,
  );
  saveFigures('login', {
    cores,
    seconds: SECONDS,
    argon2PerSecond: argon2,
    loginsPerSecond: logins,
    loginsPerCore: logins / cores,
    p99: result.latency.p99,
  });
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
