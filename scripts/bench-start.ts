/**
 * Part of `npm run bench`: how long `npm start` takes to answer /api/health,
 * on the embedded defaults, against a bare Node HTTP server started the same way in the same run.
 *  - cold: a fresh DATA_DIR (keys, migrations, chain genesis); the build is already up to date;
 *  - warm: the same DATA_DIR again once the demo market is seeded, nothing changed (ADR 43:
 *    "second npm start ≤ 3 s"), the median of several starts.
 * A report, not a test.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApi } from './build-api.mjs';
import { buildWeb } from './build-web.mjs';
import { portOf } from './bench-env.js';
import { saveFigures } from './bench-report.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WARM_RUNS = 5;
// `npm start` itself, through the npm that runs this script (npm run bench), else the npm on PATH.
const NPM_START = process.env.npm_execpath
  ? [process.execPath, process.env.npm_execpath, 'start', '--silent']
  : ['npm', 'start', '--silent'];
const QUIET_MS = 2_000;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const port = portOf(server);
      server.close(() => resolve(port));
    });
  });

const healthy = async (port: number) => {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
  } catch {
    return false;
  }
};

/**
 * Starts `args` with `env`, resolves with the milliseconds to the first healthy answer; `settle`
 * may keep the process running (reading its log) before it is stopped with SIGTERM.
 */
async function timedStart(
  args: string[],
  env: Record<string, string>,
  settle: (lines: string[]) => Promise<void> = async () => {},
): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  // Its own process group: `npm start` runs the server in a child, and both are stopped.
  const child = spawn(args[0]!, args.slice(1), {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const lines: string[] = [];
  child.stdout.setEncoding('utf8').on('data', (chunk) => lines.push(...chunk.split('\n')));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  while (!(await healthy(port))) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited ${child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const elapsed = performance.now() - started;
  await settle(lines);
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
  return elapsed;
}

/** Waits until the demo market is seeded and the log has been quiet for a while (jobs done). */
async function demoSeeded(lines: string[]): Promise<void> {
  let seen = lines.length;
  let quietSince = performance.now();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    if (lines.length !== seen) {
      seen = lines.length;
      quietSince = performance.now();
    }
    const seeded = lines.some((line) => line.includes('demo market seeded'));
    if (seeded && performance.now() - quietSince > QUIET_MS) return;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (x: number) => `${(x / 1000).toFixed(2)} s`;

buildApi();
buildWeb();

const bare: number[] = [];
for (let i = 0; i < WARM_RUNS; i++) {
  const script = `require('node:http').createServer((q, s) => s.end('ok')).listen(process.env.PORT, '127.0.0.1')`;
  bare.push(await timedStart([process.execPath, '-e', script], {}));
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-start-'));
try {
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'info' };
  const cold = await timedStart(NPM_START, env, demoSeeded);
  const warm: number[] = [];
  for (let i = 0; i < WARM_RUNS; i++) warm.push(await timedStart(NPM_START, env));
  const base = median(bare);
  console.log('\n`npm start` to the first /api/health 200 (embedded defaults, build up to date):');
  console.log(`  bare Node HTTP server   ${fmt(base)} (median of ${WARM_RUNS})`);
  console.log(`  cold (fresh DATA_DIR)   ${fmt(cold)} = ×${(cold / base).toFixed(1)}`);
  console.log(
    `  warm (nothing changed)  ${fmt(median(warm))} = ×${(median(warm) / base).toFixed(1)}` +
      ` (median of ${WARM_RUNS}; ${warm.map(fmt).join(', ')})`,
  );
  saveFigures('start', { bareMs: base, coldMs: cold, warmMs: median(warm), warmRuns: warm });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
