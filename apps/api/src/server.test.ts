import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/** Issue 13, item 6: SIGTERM drains what is in flight and ends open streams, then exits. */
const server = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server.ts');
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-server-'));
let child: ChildProcess | undefined;
afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

describe('the server process', () => {
  it('on SIGTERM finishes in-flight requests, ends event streams and exits 0 within the bound', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', server], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        RATE_LIMIT_API_PER_MINUTE: '100000',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (i > 300) throw new Error('the server did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const registered = (await (
      await fetch(`${base}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Stream Holder',
          email: 'stream@example.com',
          password: 'a good password 1',
        }),
      })
    ).json()) as { token: string };
    const stream = await fetch(`${base}/api/events`, {
      headers: { authorization: `Bearer ${registered.token}` },
    });
    expect(stream.status).toBe(200);
    const streamEnded = stream.text();

    // Load while the signal arrives: every answer is complete (200, or 503 once closing), none hangs.
    const load = Array.from({ length: 200 }, (_, i) =>
      new Promise((resolve) => setTimeout(resolve, i)).then(() =>
        fetch(`${base}/api/auth/profile`, { headers: { authorization: `Bearer ${registered.token}` } }).then(
          async (response) => (await response.text(), response.status),
          () => 'refused' as const,
        ),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const signalled = Date.now();
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    await streamEnded;
    const outcomes = new Set(await Promise.all(load));
    for (const outcome of outcomes) expect([200, 503, 'refused']).toContain(outcome);
    expect(outcomes.has(200)).toBe(true);
  }, 90_000);
});
