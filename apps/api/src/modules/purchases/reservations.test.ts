import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { idempotencyKeys, jobs, listings, purchases } from '../../db/schema/index.js';
import type { ListingRow, TokenRow } from '../issuer/issuer.repo.js';
import { deployedToken, issuerAccount, openListing, verifiedInvestor } from '../../test/market-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { newPurchase, PurchasesRepo } from './purchases.repo.js';
import { Reservations, type Claim } from './reservations.js';

/** The batching of reservations (ADR 41): who shares a transaction, in what order, what fits. */
let t: TestApp;
let token: TokenRow;
let buyer: Awaited<ReturnType<typeof verifiedInvestor>>;
let db: Db;
let transactions = 0;
let reservations: Reservations;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.container.jobs.stop();
  db = t.app.container.database.db;
  const issuer = await issuerAccount(t.app);
  token = await deployedToken(t.app, issuer.user.id, { totalSupply: 1000n });
  buyer = await verifiedInvestor(t.app);
  // Counts the transactions the batcher opens, on the real database.
  const counted = new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'transaction') {
        return (...args: Parameters<Db['transaction']>) => {
          transactions++;
          return target.transaction(...args);
        };
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  reservations = new Reservations(
    counted,
    new PurchasesRepo(db),
    { queue: 'test.settle', maxAttempts: 3 },
    () => t.app.container.clock.now(),
  );
});
afterAll(() => t.close());

function claim(listing: ListingRow, amount: bigint, key?: string): Claim {
  const purchase = newPurchase({
    userId: buyer.user.id,
    listingId: listing.id,
    tokenId: token.id,
    amount: amount.toString(),
    costWei: (amount * 10n).toString(),
    investorDid: buyer.did,
    deliveryAddress: buyer.eth,
    paymentAddress: buyer.eth,
    createdAt: new Date(),
  });
  return {
    purchase,
    ...(key
      ? {
          idempotency: {
            userId: buyer.user.id,
            route: 'test',
            key,
            requestHash: 'h',
            response: { purchaseId: purchase.id },
          },
        }
      : {}),
  };
}

const reservedOf = async (listingId: string) =>
  (await db.select({ reserved: listings.reserved }).from(listings).where(eq(listings.id, listingId)))[0]!
    .reserved;
const purchasesOf = (listingId: string) =>
  db.select({ amount: purchases.amount }).from(purchases).where(eq(purchases.listingId, listingId));

describe('Reservations', () => {
  it('a lone buyer goes at once; those arriving meanwhile share the next transaction, in arrival order', async () => {
    const listing = await openListing(t.app, token, { tokenAmount: 10n });
    const before = transactions;
    const results = await Promise.all(
      [4n, 5n, 3n, 1n, 1n].map((amount) => reservations.claim(listing.id, claim(listing, amount))),
    );
    expect(transactions - before).toBe(2);
    expect(results).toEqual([
      { reserved: true },
      { reserved: true },
      { reserved: false, reason: 'too-many', remaining: 1n },
      { reserved: true },
      { reserved: false, reason: 'sold-out' },
    ]);
    expect(await reservedOf(listing.id)).toBe('10');
    expect((await purchasesOf(listing.id)).map((p) => p.amount).sort()).toEqual(['1', '4', '5']);
  });

  it('writes one settlement job per reserved purchase and nothing for a refused one', async () => {
    const listing = await openListing(t.app, token, { tokenAmount: 2n });
    const first = claim(listing, 2n);
    const second = claim(listing, 1n);
    await Promise.all([reservations.claim(listing.id, first), reservations.claim(listing.id, second)]);
    const queued = await db
      .select({ dedupeKey: jobs.dedupeKey })
      .from(jobs)
      .where(eq(jobs.queue, 'test.settle'));
    const keys = queued.map((job) => job.dedupeKey);
    expect(keys).toContain(first.purchase.id);
    expect(keys).not.toContain(second.purchase.id);
  });

  it('serves one of two claims with the same Idempotency-Key in one batch, and keeps its answer', async () => {
    const listing = await openListing(t.app, token, { tokenAmount: 10n });
    const key = `dup-${randomUUID()}`;
    const claims = [claim(listing, 1n), claim(listing, 1n, key), claim(listing, 1n, key)];
    const results = await Promise.all(claims.map((c) => reservations.claim(listing.id, c)));
    expect(results.slice(1)).toEqual([{ reserved: true }, { reserved: false, reason: 'duplicate' }]);
    const [stored] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(stored!.response).toEqual({ purchaseId: claims[1]!.purchase.id });
    expect(await reservedOf(listing.id)).toBe('2');
  });

  it('a key already written by another request is a duplicate and reserves nothing', async () => {
    const listing = await openListing(t.app, token, { tokenAmount: 10n });
    const key = `taken-${randomUUID()}`;
    await db
      .insert(idempotencyKeys)
      .values({ userId: buyer.user.id, route: 'test', key, requestHash: 'h', response: {} });
    expect(await reservations.claim(listing.id, claim(listing, 3n, key))).toEqual({
      reserved: false,
      reason: 'duplicate',
    });
    expect(await reservedOf(listing.id)).toBe('0');
    expect(await purchasesOf(listing.id)).toEqual([]);
  });

  it('refuses every claim on a closed, expired or missing listing', async () => {
    const closed = await openListing(t.app, token, { status: 'CLOSED' });
    const expired = await openListing(t.app, token, {
      deadline: new Date(t.app.container.clock.now().getTime() - 1000),
    });
    expect(await reservations.claim(closed.id, claim(closed, 1n))).toEqual({
      reserved: false,
      reason: 'unavailable',
    });
    expect(await reservations.claim(expired.id, claim(expired, 1n))).toEqual({
      reserved: false,
      reason: 'expired',
    });
    expect(await reservations.claim(randomUUID(), claim(closed, 1n))).toEqual({
      reserved: false,
      reason: 'missing',
    });
  });
});
