import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { request, startPortal, type PortalProcess } from './test/portal-process.js';

/** SIGTERM drains what is in flight and ends open streams, then exits. */
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-server-'));
let portal: PortalProcess | undefined;
afterAll(() => {
  portal?.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('on SIGTERM finishes in-flight requests, ends event streams and exits 0 within the bound', async () => {
    portal = await startPortal({ DATA_DIR: dataDir });
    const { base, child, exited } = portal;
    const { body: registered } = await request<{ token: string }>(base, 'POST', '/api/auth/register', {
      body: { name: 'Stream Holder', email: 'stream@example.com', password: 'a good password 1' },
    });
    const stream = await fetch(`${base}/api/events`, {
      headers: { authorization: `Bearer ${registered.token}` },
    });
    expect(stream.status).toBe(200);
    const streamEnded = stream.text();

    // Load while the signal arrives: every answer is complete (200, or 503 once closing), none hangs.
    const load = Array.from({ length: 200 }, (_, i) =>
      new Promise((resolve) => setTimeout(resolve, i)).then(() =>
        request(base, 'GET', '/api/auth/profile', { token: registered.token }).then(
          (response) => response.status,
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
