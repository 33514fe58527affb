import pg from 'pg';
import { sql } from 'drizzle-orm';
import { createPublicClient, http } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/shared/messages';
import { DEPENDENCY_RETRY_AFTER_SECONDS } from '../plugins/error-handler.js';
import { callApi, createTestApp, json, register, type TestApp } from '../test/test-app.js';
import { testDatabaseUrl } from '../test/test-database.js';

/**
 * A dependency that is down is the portal's 503 with Retry-After (clients and load balancers retry
 * it), never a 500: the database refusing or dropping connections, a chain node not answering.
 */
describe('a dependency that is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      recordTraffic: false,
      // Real errors from real clients pointed at a port nobody listens on.
      configure: (app) => {
        const route = (url: string, fail: () => Promise<unknown>) =>
          app.get(url, { config: { policy: 'public' } }, async () => fail());
        route('/test/database-refused', async () => {
          const pool = new pg.Pool({ connectionString: 'postgres://portal@127.0.0.1:1/portal' });
          try {
            return await pool.query('select 1');
          } finally {
            await pool.end();
          }
        });
        route('/test/chain-node-unreachable', () =>
          createPublicClient({ transport: http('http://127.0.0.1:1', { retryCount: 0 }) }).getBlockNumber(),
        );
        route('/test/a-bug', async () => {
          throw new TypeError('Cannot read properties of undefined');
        });
        // A node's JSON-RPC error carries a number as its code.
        route('/test/a-node-error', async () => {
          throw Object.assign(new Error('An unknown RPC error occurred.'), { code: -1 });
        });
      },
    });
  });
  afterAll(() => t.close());

  it('answers 503 with Retry-After, and a bug still 500', async () => {
    for (const url of ['/test/database-refused', '/test/chain-node-unreachable']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(503);
      expect(response.headers['retry-after'], url).toBe(String(DEPENDENCY_RETRY_AFTER_SECONDS));
      expect(json(response), url).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        error: messages.temporarilyUnavailable,
      });
    }
    for (const url of ['/test/a-bug', '/test/a-node-error']) {
      const bug = await t.app.inject({ method: 'GET', url });
      expect(bug.statusCode, url).toBe(500);
      expect(json(bug), url).toMatchObject({ code: 'INTERNAL', error: messages.internalError });
      expect(bug.headers['retry-after'], url).toBeUndefined();
    }
  });
});

describe.skipIf(!testDatabaseUrl)('PostgreSQL dropping every connection under load', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ recordTraffic: false });
  });
  afterAll(() => t.close());

  it('answers 503 with Retry-After while it lasts, then serves again without a restart', async () => {
    const who = await register(t.app);
    const current = (await t.database.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: Array<{ name: string }>;
    };
    const name = current.rows[0]!.name;
    // Only this test's database: the server is shared with other suites.
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    const terminate = () =>
      admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
    const answers: Array<{ status: number; retryAfter: string | undefined }> = [];
    let running = true;
    // Ten readers of My Assets and notifications, as the probe's load.
    const readers = Array.from({ length: 10 }, async (_, i) => {
      while (running) {
        const url = i % 2 ? '/api/token-purchases/my-assets' : '/api/notifications';
        const response = await callApi(t.app, 'GET', url, who);
        answers.push({ status: response.statusCode, retryAfter: response.headers['retry-after'] as string });
      }
    });
    try {
      for (let round = 0; round < 5; round += 1) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        await terminate();
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      running = false;
      await Promise.all(readers);
      await admin.end();
    }
    const statuses = new Set(answers.map((answer) => answer.status));
    expect([...statuses].sort()).toEqual([200, 503]);
    for (const answer of answers.filter((a) => a.status === 503))
      expect(answer.retryAfter).toBe(String(DEPENDENCY_RETRY_AFTER_SECONDS));
    // The same process serves again: the pool replaced its connections.
    let recovered = 0;
    for (let i = 0; i < 20 && recovered === 0; i += 1) {
      const response = await callApi(t.app, 'GET', '/api/token-purchases/my-assets', who);
      if (response.statusCode === 200) recovered = i + 1;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(recovered).toBeGreaterThan(0);
  }, 60_000);
});
