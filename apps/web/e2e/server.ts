import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ADMIN } from './portal';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilReady(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (server.exitCode !== null || Date.now() > deadline)
      throw new Error(`the portal did not start at ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export interface E2eServer {
  url: string;
  dataDir: string;
  server: ChildProcess;
}

/**
 * Starts the built portal on a free port with a fresh DATA_DIR and one administrator (ADMIN).
 * `prepare` runs on the migrated database before the server opens it (the embedded database
 * admits one process at a time).
 */
export async function startE2eServer(
  extraEnv: Record<string, string> = {},
  prepare?: (dataDir: string) => Promise<void>,
): Promise<E2eServer> {
  for (const built of ['apps/api/dist/server.js', 'apps/web/dist/index.html']) {
    if (!existsSync(path.join(root, built)))
      throw new Error(`${built} is missing: run \`npm run build\` first`);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    LOG_LEVEL: 'error',
    // Every test registers and signs in from 127.0.0.1.
    RATE_LIMIT_REGISTER_PER_IP_PER_HOUR: '1000',
    RATE_LIMIT_LOGIN_IP_FAILURES_PER_HOUR: '1000',
    RATE_LIMIT_FORGOT_PER_IP_PER_HOUR: '1000',
    RATE_LIMIT_API_PER_MINUTE: '10000',
    ...extraEnv,
  };
  execFileSync('node', ['apps/api/dist/admin-cli.js', '--email', ADMIN.email, '--name', ADMIN.name], {
    cwd: root,
    env,
    input: `${ADMIN.password}\n`,
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  await prepare?.(dataDir);
  // API_TRAFFIC_DIR: record the API exchanges for `node scripts/openapi-replay.mjs`.
  const recorder = process.env.API_TRAFFIC_DIR
    ? ['--import', pathToFileURL(path.join(root, 'apps/web/e2e/record-traffic.mjs')).href]
    : [];
  const server = spawn('node', [...recorder, 'apps/api/dist/server.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitUntilReady(url, server, 60_000);
  } catch (error) {
    server.kill('SIGTERM');
    throw error;
  }
  return { url, dataDir, server };
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stops a portal started by `startE2eServer` (SIGTERM, SIGKILL after 10 s), then removes its
 * DATA_DIR; `inspect` reads the DATA_DIR first.
 */
export async function stopE2eServer(
  pid: number | undefined,
  dataDir: string | undefined,
  inspect?: (dataDir: string) => Promise<void>,
): Promise<void> {
  if (pid && running(pid)) {
    process.kill(pid, 'SIGTERM');
    const deadline = Date.now() + 10_000;
    while (running(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    if (running(pid)) process.kill(pid, 'SIGKILL');
  }
  if (!dataDir) return;
  try {
    await inspect?.(dataDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The portal's own database code (the built API) on a DATA_DIR no server holds: for checks and
 * set-ups no screen can make (a job that failed in an earlier run, a leak check after the run).
 */
export async function portalDatabase(dataDir: string) {
  const dist = (file: string) => import(pathToFileURL(path.join(root, 'apps/api/dist/db', file)).href);
  const { openDatabase } = await dist('client.js');
  const schema = await dist('schema/index.js');
  const database = await openDatabase({ dataDir, migrate: false });
  return { db: database.db, schema, close: (): Promise<void> => database.close() };
}
