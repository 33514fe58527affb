import { eq } from 'drizzle-orm';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAUCET_AMOUNTS, FAUCET_LIMIT_PER_DAY } from '@portal/shared/faucet';
import { faucetGrants } from '../../db/schema/index.js';
import { bearer, createTestApp, json, register, type TestApp } from '../../test/test-app.js';

/**
 * The faucet's daily limit under concurrent requests (ADR 70). On PostgreSQL (`npm run test:pg`)
 * the requests really race: the count in rate_limit_buckets must still let only the limit through.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());

describe('POST /api/vault/faucet, concurrently', () => {
  it(`10 requests of one account at once pay at most ${FAUCET_LIMIT_PER_DAY}; the rest are 429`, async () => {
    const who = await register(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/vault/create',
      headers: bearer(who.token),
    });
    const { wallets } = json<{ wallets: Array<{ assetId: string; address: string }> }>(created);
    const eth = getAddress(wallets.find((wallet) => wallet.assetId.startsWith('ETH'))!.address);
    const before = await t.app.container.chain.publicClient.getBalance({ address: eth });

    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/vault/faucet',
          headers: { ...bearer(who.token), 'idempotency-key': `faucet-race-${i}-0000` },
          payload: { asset: 'ETH' },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([
      ...Array<number>(FAUCET_LIMIT_PER_DAY).fill(200),
      ...Array<number>(10 - FAUCET_LIMIT_PER_DAY).fill(429),
    ]);
    for (const answer of answers.filter((a) => a.statusCode === 429))
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    const after = await t.app.container.chain.publicClient.getBalance({ address: eth });
    expect(after - before).toBe(BigInt(FAUCET_LIMIT_PER_DAY) * FAUCET_AMOUNTS.ETH);
    const rows = await t.database.db.select().from(faucetGrants).where(eq(faucetGrants.userId, who.user.id));
    expect(rows.map((row) => row.status)).toEqual(Array<string>(FAUCET_LIMIT_PER_DAY).fill('sent'));
    expect((await t.app.container.reconcile.run()).problems).toEqual([]);
  });
});
