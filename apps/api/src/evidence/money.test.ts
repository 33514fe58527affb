import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { and, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/shared/messages';
import type { PurchaseResponse } from '@portal/shared/purchases';
import { idempotencyKeys, listings, purchases } from '../db/schema/index.js';
import { isUniqueViolation } from '../db/errors.js';
import type { TokenRow } from '../modules/issuer/issuer.repo.js';
import { MasterKey } from '../secrets/envelope.js';
import { recordEvidence } from '../test/evidence.js';
import { eventually, issueToken, listToken } from '../test/issuance.js';
import { deployedToken, issuerAccount, openListing, verifiedInvestor } from '../test/market-fixtures.js';
import { bearer, createTestApp, json, type TestApp } from '../test/test-app.js';
import { testDatabaseUrl } from '../test/test-database.js';

/**
 * Money safety (docs/product.md §4.7, ADR 48): a listing is never oversold, whatever the amounts
 * and however many buyers arrive at once; an Idempotency-Key runs a purchase once; the database
 * itself refuses an oversold listing and a second answer for a key. On PostgreSQL the buyers
 * arrive through two API instances on one database, so their transactions really contend.
 */
type Investor = Awaited<ReturnType<typeof verifiedInvestor>>;
type Api = Pick<TestApp, 'app'>;

const K = testDatabaseUrl ? 20 : 10;
const ROUNDS = 10;
const PROPERTY_RUNS = 200;

const masterKey = new MasterKey(randomBytes(32));
/** Settles on the embedded chains. */
let t: TestApp;
/** PostgreSQL: a second API on the same database, running no jobs. */
let second: TestApp | undefined;
let apis: Api[];
let issuer: Awaited<ReturnType<typeof issuerAccount>>;
let buyers: Investor[];

beforeAll(async () => {
  t = await createTestApp({ overrides: { masterKey } });
  if (testDatabaseUrl) {
    // A second API process on the same database and the same chains (a node both reach, as with
    // CHAIN=rpc): a buyer's first purchase may write the identity registry from either.
    const { chain, solana } = t.app.container;
    second = await createTestApp({ overrides: { masterKey, chain, solana }, database: t.database });
    await second.app.container.jobs.stop();
  }
  apis = second ? [t, second] : [t];
  issuer = await issuerAccount(t.app);
  buyers = [];
  for (let i = 0; i < 2 * K; i += 8) {
    buyers.push(
      ...(await Promise.all(Array.from({ length: Math.min(8, 2 * K - i) }, () => verifiedInvestor(t.app)))),
    );
  }
}, 240_000);
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const buy = (api: Api, listingId: string, who: Investor, amount: unknown, key?: string) =>
  api.app.inject({
    method: 'POST',
    url: `/api/escrow/${listingId}/purchase`,
    headers: { ...bearer(who.token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: { amount, investorDid: who.did, investorWallet: who.eth },
  });

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? 0;
};

/** Waits until no purchase of these listings is still PENDING or SETTLING. */
async function allSettled(app: TestApp, listingIds: string[]) {
  await eventually(
    async () =>
      (
        await app.database.db
          .select({ n: count() })
          .from(purchases)
          .where(
            and(
              inArray(purchases.listingId, listingIds),
              notInArray(purchases.status, ['COMPLETED', 'FAILED']),
            ),
          )
      )[0]!.n,
    (n) => n === 0,
    'settlement',
    180_000,
  );
}

describe('the oversell race (C1)', () => {
  it(`sells exactly K=${K} of a listing to 2K buyers arriving at once, ${ROUNDS} rounds, then settles and reconciles`, async () => {
    const token = await issueToken(t.app, issuer, { symbol: 'RACE', totalSupply: String(100 * K * ROUNDS) });
    expect(token.status).toBe('DEPLOYED');
    const latencies: number[] = [];
    const listingIds: string[] = [];
    let oversold = 0;
    let fiveHundreds = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const listing = await listToken(t.app, issuer, token.id, {
        tokenAmount: String(K),
        priceETH: '0.0001',
      });
      expect(listing.status).toBe('DEPLOYED');
      listingIds.push(listing.id);
      const answers = await Promise.all(
        buyers.map(async (buyer, i) => {
          const started = performance.now();
          const response = await buy(apis[i % apis.length]!, listing.id, buyer, '1');
          latencies.push(performance.now() - started);
          return response;
        }),
      );
      fiveHundreds += answers.filter((a) => a.statusCode >= 500).length;
      const accepted = answers.filter((a) => a.statusCode === 202);
      const [row] = await t.database.db.select().from(listings).where(eq(listings.id, listing.id));
      oversold += Math.max(0, Number(row!.reserved) - K);
      expect(accepted, `round ${round}`).toHaveLength(K);
      for (const refused of answers.filter((a) => a.statusCode !== 202)) {
        expect(refused.statusCode, refused.body).toBe(409);
        expect(json(refused).error).toBe(messages.purchaseSoldOut);
      }
      expect(row!.reserved).toBe(String(K));
    }

    await allSettled(t, listingIds);
    const books = await t.database.db
      .select({ id: listings.id, sold: listings.sold, reserved: listings.reserved })
      .from(listings)
      .where(inArray(listings.id, listingIds));
    const owned = await t.database.db
      .select({ id: purchases.listingId, amount: sql<string>`sum(${purchases.amount})::text` })
      .from(purchases)
      .where(and(inArray(purchases.listingId, listingIds), eq(purchases.status, 'COMPLETED')))
      .groupBy(purchases.listingId);
    const report = await t.app.container.reconcile.run();
    recordEvidence('money', {
      oversellRounds: ROUNDS,
      oversellK: K,
      oversellBuyers: 2 * K,
      apiInstances: apis.length,
      oversold,
      fiveHundreds,
      contendedP50Ms: Math.round(percentile(latencies, 0.5)),
      contendedP99Ms: Math.round(percentile(latencies, 0.99)),
      reconcileProblems: report.problems.length,
    });
    expect(fiveHundreds).toBe(0);
    expect(oversold).toBe(0);
    expect(books).toHaveLength(ROUNDS);
    for (const book of books) expect(book).toMatchObject({ sold: String(K), reserved: String(K) });
    expect(owned.map((o) => o.amount)).toEqual(listingIds.map(() => String(K)));
    expect(report.problems).toEqual([]);
  }, 600_000);
});

describe('idempotency (C5–C7)', () => {
  it('replays one key and body 5×: identical status and body, one purchase', async () => {
    const token = await issueToken(t.app, issuer, { symbol: 'IDEM', totalSupply: '1000' });
    const listing = await listToken(t.app, issuer, token.id, { tokenAmount: '100', priceETH: '0.0001' });
    const [buyer] = buyers;
    const key = randomUUID();
    const answers: Awaited<ReturnType<typeof buy>>[] = [];
    for (let i = 0; i < 5; i++) answers.push(await buy(t, listing.id, buyer!, '2', key));
    const identical = answers.every((a) => a.statusCode === 202 && a.body === answers[0]!.body);
    const rows = await t.database.db.select().from(purchases).where(eq(purchases.listingId, listing.id));
    recordEvidence('money', { replayIdentical: identical, replayExecutions: rows.length });
    expect(identical).toBe(true);
    expect(rows).toHaveLength(1);

    const changed = await buy(t, listing.id, buyer!, '3', key);
    expect(changed.statusCode).toBe(422);
    expect(json(changed).error).toBe(messages.idempotencyKeyReused);

    // Another investor with the same key runs their own purchase and sees nothing of the first.
    const other = buyers[1]!;
    const theirs = await buy(t, listing.id, other, '2', key);
    expect(theirs.statusCode).toBe(202);
    const first = json<PurchaseResponse>(answers[0]!).data.purchase;
    const theirPurchase = json<PurchaseResponse>(theirs).data.purchase;
    expect(theirPurchase.id).not.toBe(first.id);
    expect(theirs.body).not.toContain(first.id);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/token-purchases/${first.id}`,
          headers: bearer(other.token),
        })
      ).statusCode,
    ).toBe(404);
    expect((await buy(t, listing.id, buyer!, '2', key)).body).toBe(answers[0]!.body);
    await allSettled(t, [listing.id]);
    const settled = await t.database.db.select().from(purchases).where(eq(purchases.listingId, listing.id));
    expect(settled.map((row) => row.status)).toEqual(['COMPLETED', 'COMPLETED']);
  }, 120_000);

  it('runs 20 concurrent duplicates of one key once, across the API instances, with no 5xx', async () => {
    const token = await issueToken(t.app, issuer, { symbol: 'DUPE', totalSupply: '1000' });
    const listing = await listToken(t.app, issuer, token.id, { tokenAmount: '100', priceETH: '0.0001' });
    const [buyer] = buyers;
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => buy(apis[i % apis.length]!, listing.id, buyer!, '1', key)),
    );
    const rows = await t.database.db.select().from(purchases).where(eq(purchases.listingId, listing.id));
    const fiveHundreds = answers.filter((a) => a.statusCode >= 500).length;
    recordEvidence('money', {
      concurrentDuplicates: 20,
      concurrentDuplicateExecutions: rows.length,
      concurrentDuplicateFiveHundreds: fiveHundreds,
      concurrentDuplicateInProgress: answers.filter((a) => a.statusCode === 409).length,
    });
    expect(rows).toHaveLength(1);
    expect(fiveHundreds).toBe(0);
    for (const answer of answers) {
      // The winner's answer, or "in progress" while it has not committed yet.
      if (answer.statusCode === 409) expect(json(answer).error).toBe(messages.idempotencyKeyInProgress);
      else expect(json<PurchaseResponse>(answer).data.purchase.id).toBe(rows[0]!.id);
    }
  }, 120_000);
});

describe('random amounts (C2), constraints (C9)', () => {
  /** Reservation only: jobs stopped, listings written straight to the database. */
  let r: TestApp;
  let token: TokenRow;
  let investors: Investor[];
  beforeAll(async () => {
    r = await createTestApp();
    await r.app.container.jobs.stop();
    const owner = await issuerAccount(r.app);
    token = await deployedToken(r.app, owner.user.id, { totalSupply: 10n ** 9n });
    investors = await Promise.all(Array.from({ length: 4 }, () => verifiedInvestor(r.app)));
  }, 120_000);
  afterAll(() => r?.close());

  const request = fc.oneof(
    { weight: 8, arbitrary: fc.nat({ max: 60 }).map((extra) => ({ valid: true as const, extra })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom<unknown>(0, '0', -1, '-5', 1.5, '2.25', 'abc', 1e-7)
        .map((value) => ({ valid: false as const, value })),
    },
  );

  it(`never oversells, never refuses what still fits, refuses bad amounts (${PROPERTY_RUNS} races)`, async () => {
    const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
    console.log(`money property seed=${seed}`);
    let runs = 0;
    let fiveHundreds = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 300 }),
        fc.array(request, { minLength: 2, maxLength: 40 }),
        fc.integer({ min: 1, max: 300 }),
        async (k, requests, scale) => {
          runs++;
          const listing = await openListing(r.app, token, { tokenAmount: BigInt(k) });
          // Valid amounts from 1 up to past the whole listing (scale moves the typical size).
          const amounts = requests.map((q) => (q.valid ? 1 + ((q.extra * scale) % (k + 20)) : q.value));
          const answers = await Promise.all(
            amounts.map((amount, i) => buy(r, listing.id, investors[i % investors.length]!, amount)),
          );
          fiveHundreds += answers.filter((a) => a.statusCode >= 500).length;
          const [row] = await r.database.db.select().from(listings).where(eq(listings.id, listing.id));
          const owned = await r.database.db
            .select({ amount: purchases.amount })
            .from(purchases)
            .where(eq(purchases.listingId, listing.id));
          let accepted = 0;
          const refused: number[] = [];
          answers.forEach((answer, i) => {
            if (!requests[i]!.valid) return expect(answer.statusCode, String(amounts[i])).toBe(400);
            expect([202, 409]).toContain(answer.statusCode);
            if (answer.statusCode === 202) accepted += amounts[i] as number;
            else refused.push(amounts[i] as number);
          });
          const remaining = k - Number(row!.reserved);
          expect(remaining).toBeGreaterThanOrEqual(0);
          expect(Number(row!.reserved)).toBe(accepted);
          expect(owned.reduce((sum, p) => sum + Number(p.amount), 0)).toBe(accepted);
          // Remaining never grows here, so every refusal must still be justified at the end.
          for (const amount of refused) expect(amount).toBeGreaterThan(remaining);
        },
      ),
      { numRuns: PROPERTY_RUNS, seed },
    );
    recordEvidence('money', { propertyRuns: runs, seed, propertyFiveHundreds: fiveHundreds });
    expect(fiveHundreds).toBe(0);
  }, 300_000);

  it('the database refuses a negative remainder (CHECK) and a second answer for one key (PRIMARY KEY)', async () => {
    const listing = await openListing(r.app, token, { tokenAmount: 5n });
    const oversell = r.database.db.execute(
      sql`update ${listings} set reserved = token_amount + 1 where id = ${listing.id}`,
    );
    await expect(oversell).rejects.toThrow();
    await oversell.catch((error: unknown) => {
      expect(String((error as { cause?: unknown }).cause ?? error)).toContain('listings_reserved_ck');
    });
    const [buyer] = investors;
    const key = randomUUID();
    expect((await buy(r, listing.id, buyer!, '1', key)).statusCode).toBe(202);
    const duplicate = r.database.db.insert(idempotencyKeys).values({
      userId: buyer!.user.id,
      route: 'escrow-purchase',
      key,
      requestHash: 'another body',
      response: {},
    });
    await expect(duplicate).rejects.toSatisfy(isUniqueViolation);
    recordEvidence('money', { checkConstraintHolds: true, idempotencyUniqueHolds: true });
  });
});
