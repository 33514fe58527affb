import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN } from './portal';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

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

async function waitUntilReady(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the portal did not start at ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Starts the built portal on a free port with a fresh DATA_DIR and one administrator. */
export default async function globalSetup(): Promise<void> {
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
  };
  // The embedded database admits one process per DATA_DIR: create the admin before the server.
  execFileSync('node', ['apps/api/dist/admin-cli.js', '--email', ADMIN.email, '--name', ADMIN.name], {
    cwd: root,
    env,
    input: `${ADMIN.password}\n`,
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  const server = spawn('node', ['apps/api/dist/server.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  process.env.PORTAL_E2E_URL = url;
  process.env.PORTAL_E2E_DATA_DIR = dataDir;
  process.env.PORTAL_E2E_SERVER_PID = String(server.pid);
  try {
    await waitUntilReady(url, 60_000);
  } catch (error) {
    server.kill('SIGTERM');
    throw error;
  }
}
