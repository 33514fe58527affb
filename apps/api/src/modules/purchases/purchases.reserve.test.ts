import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, messages } from '@portal/shared/messages';
import type { MyAssetsResponse, PurchaseResponse } from '@portal/shared/purchases';
import { jobs, listings, purchases } from '../../db/schema/index.js';
import type { TokenRow } from '../issuer/issuer.repo.js';
import { deployedToken, issuerAccount, openListing, verifiedInvestor } from '../../test/market-fixtures.js';
import { bearer, callApi, createTestApp, json, register, type TestApp } from '../../test/test-app.js';

/**
 * Reservation: what a purchase request checks and claims, in one transaction. Settlement is
 * covered by purchases.settle.test.ts; here the job queue is stopped so reservations stay put.
 */
let t: TestApp;
let buyer: Awaited<ReturnType<typeof verifiedInvestor>>;
let erc20: TokenRow;
let spl: TokenRow;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.container.jobs.stop();
  const issuer = await issuerAccount(t.app);
  erc20 = await deployedToken(t.app, issuer.user.id, {
    name: 'Reserve Token',
    symbol: 'RSV',
    totalSupply: 1000n,
  });
  spl = await deployedToken(t.app, issuer.user.id, { tokenType: 'SPL', decimals: 2, totalSupply: 100_000n });
  buyer = await verifiedInvestor(t.app);
});
afterAll(() => t.close());

const buy = (
  listingId: string,
  body: Record<string, unknown>,
  who: { token: string } = buyer,
  key?: string,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/escrow/${listingId}/purchase`,
    headers: { ...bearer(who.token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });
const order = (amount: unknown = 5) => ({ amount, investorDid: buyer.did, investorWallet: buyer.eth });
const listingRow = async (id: string) =>
  (await t.app.container.database.db.select().from(listings).where(eq(listings.id, id)))[0]!;

describe('POST /api/escrow/:escrowId/purchase', () => {
  it('reserves the tokens and answers the spec shape with no hash before a transaction exists', async () => {
    const listing = await openListing(t.app, erc20, { tokenAmount: 100n, priceWei: 10n ** 15n });
    const response = await buy(listing.id, { escrowId: listing.id, ...order(12) });
    expect(response.statusCode).toBe(202);
    const body = json<PurchaseResponse>(response);
    expect(body).toMatchObject({
      success: true,
      data: {
        purchase: { status: 'PENDING', amount: '12', costETH: '0.012', tokenSymbol: 'RSV' },
        ownershipRecord: { amount: '12', percent: '1.200000', transactionHash: null },
        vcData: { ipfsUrl: null },
      },
    });
    expect((await listingRow(listing.id)).reserved).toBe('12');
  });

  it("gives the settlement job the buyer's request id, so its logs carry it", async () => {
    const listing = await openListing(t.app, erc20, { tokenAmount: 10n });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/escrow/${listing.id}/purchase`,
      headers: { ...bearer(buyer.token), 'x-request-id': 'req-buyer-0001' },
      payload: order(1),
    });
    expect(response.statusCode).toBe(202);
    const { id } = json<PurchaseResponse>(response).data.purchase;
    const [job] = await t.app.container.database.db.select().from(jobs).where(eq(jobs.dedupeKey, id));
    expect(job?.requestId).toBe('req-buyer-0001');
  });

  it('refuses bad amounts with the spec messages and changes nothing', async () => {
    const listing = await openListing(t.app, erc20, { tokenAmount: 30n });
    for (const [amount, message] of [
      [0, messages.purchaseAmountPositive],
      ['0.000', messages.purchaseAmountPositive],
      [-1, messages.purchaseAmountPositive],
      ['abc', messages.purchaseAmountPositive],
      [31, formatMessage(messages.purchaseTooMany, { tokenAmount: '30' })],
      ['1.5', formatMessage(messages.purchaseAmountPrecision, { decimals: 0 })],
    ] as const) {
      const response = await buy(listing.id, order(amount));
      expect([400, 409], String(amount)).toContain(response.statusCode);
      expect(json(response).error, String(amount)).toBe(message);
    }
    // An amount of the wrong type is a wrong amount, not missing DID and wallet information.
    for (const amount of [true, null, [], {}]) {
      const response = await buy(listing.id, order(amount));
      expect(response.statusCode, JSON.stringify(amount)).toBe(400);
      expect(json(response).error, JSON.stringify(amount)).toBe(messages.purchaseAmountPositive);
    }
    const { amount: _left, ...noAmount } = order(1);
    expect(json(await buy(listing.id, noAmount)).error).toBe(messages.purchaseMissingInfo);
    const missing = await buy(listing.id, { amount: 1 });
    expect(missing.statusCode).toBe(400);
    expect(json(missing).error).toBe(messages.purchaseMissingInfo);
    expect((await listingRow(listing.id)).reserved).toBe('0');
  });

  it('takes fractional amounts up to the token decimals (SPL, 2 decimals)', async () => {
    const listing = await openListing(t.app, spl, { tokenAmount: 10_000n });
    const ok = await buy(listing.id, { amount: '1.25', investorDid: buyer.did, investorWallet: buyer.sol });
    expect(ok.statusCode).toBe(202);
    expect(json<PurchaseResponse>(ok).data.ownershipRecord).toMatchObject({
      amount: '1.25',
      percent: '0.125000',
    });
    const wrongChain = await buy(listing.id, {
      amount: 1,
      investorDid: buyer.did,
      investorWallet: buyer.eth,
    });
    expect(wrongChain.statusCode).toBe(400);
    expect(json(wrongChain).error).toBe(
      formatMessage(messages.purchaseWalletWrongChain, { chain: 'Solana' }),
    );
  });

  it('needs verified KYC, the caller’s own DID and own wallet', async () => {
    const listing = await openListing(t.app, erc20);
    const unverified = await register(t.app);
    const noKyc = await buy(listing.id, order(), unverified);
    expect(noKyc.statusCode).toBe(403);
    expect(json(noKyc).error).toBe(messages.purchaseKycRequired);
    const other = await verifiedInvestor(t.app);
    const foreignDid = await buy(listing.id, { ...order(), investorDid: other.did });
    expect(foreignDid.statusCode).toBe(403);
    expect(json(foreignDid).error).toBe(messages.purchaseDidNotYours);
    const foreignWallet = await buy(listing.id, { ...order(), investorWallet: other.eth });
    expect(foreignWallet.statusCode).toBe(403);
    expect(json(foreignWallet).error).toBe(messages.purchaseWalletNotYours);
    expect((await listingRow(listing.id)).reserved).toBe('0');
  });

  it('answers 409 for expired, closed, not yet open and sold-out listings; 404 for unknown ones', async () => {
    const expired = await openListing(t.app, erc20, { deadline: new Date(t.clock.now().getTime() - 1) });
    expect(json(await buy(expired.id, order())).error).toBe(messages.purchaseListingExpired);
    const closed = await openListing(t.app, erc20, { status: 'CLOSED' });
    expect(json(await buy(closed.id, order())).error).toBe(messages.purchaseListingUnavailable);
    const deploying = await openListing(t.app, erc20, { status: 'DEPLOYING' });
    expect((await buy(deploying.id, order())).statusCode).toBe(409);
    const soldOut = await openListing(t.app, erc20, { tokenAmount: 5n, reserved: '5' });
    const sold = await buy(soldOut.id, order(1));
    expect(sold.statusCode).toBe(409);
    expect(json(sold).error).toBe(messages.purchaseSoldOut);
    const unknown = await buy('00000000-0000-4000-8000-000000000000', order());
    expect(unknown.statusCode).toBe(404);
    expect((await buy('not-a-uuid', order())).statusCode).toBe(400);
  });

  it('replays an Idempotency-Key: same body → same answer and one purchase; other body → 422', async () => {
    const listing = await openListing(t.app, erc20, { tokenAmount: 50n });
    const first = await buy(listing.id, order(3), buyer, 'key-replay-0001');
    const again = await buy(listing.id, order(3), buyer, 'key-replay-0001');
    expect(again.statusCode).toBe(202);
    expect(json(again)).toEqual(json(first));
    const changed = await buy(listing.id, order(4), buyer, 'key-replay-0001');
    expect(changed.statusCode).toBe(422);
    expect(json(changed).error).toBe(messages.idempotencyKeyReused);
    expect((await buy(listing.id, order(3), buyer, 'bad key!')).statusCode).toBe(400);
    expect((await listingRow(listing.id)).reserved).toBe('3');
  });

  it('runs concurrent duplicates of one key once', async () => {
    const listing = await openListing(t.app, erc20, { tokenAmount: 50n });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => buy(listing.id, order(2), buyer, 'key-concurrent-01')),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(202));
    expect(new Set(answers.map((a) => json<PurchaseResponse>(a).data.purchase.id)).size).toBe(1);
    expect((await listingRow(listing.id)).reserved).toBe('2');
  });

  it('never sells more than the listing holds: 200 buyers of 1 token, 100 on offer', async () => {
    const listing = await openListing(t.app, erc20, { tokenAmount: 100n });
    const answers = await Promise.all(Array.from({ length: 200 }, () => buy(listing.id, order(1))));
    expect(answers.filter((a) => a.statusCode === 202)).toHaveLength(100);
    const refused = answers.filter((a) => a.statusCode !== 202);
    expect(refused.every((a) => a.statusCode === 409 && json(a).error === messages.purchaseSoldOut)).toBe(
      true,
    );
    expect((await listingRow(listing.id)).reserved).toBe('100');
    const rows = await t.app.container.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.listingId, listing.id));
    expect(rows.reduce((sum, row) => sum + BigInt(row.amount), 0n)).toBe(100n);
  });

  it('holds for random amounts bought at once (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 25 }),
        async (amounts) => {
          const listing = await openListing(t.app, erc20, { tokenAmount: 50n });
          const answers = await Promise.all(amounts.map((amount) => buy(listing.id, order(amount))));
          const accepted = amounts.filter((_, i) => answers[i]!.statusCode === 202);
          const total = accepted.reduce((sum, amount) => sum + amount, 0);
          expect(total).toBeLessThanOrEqual(50);
          expect(answers.every((a) => a.statusCode === 202 || a.statusCode === 409)).toBe(true);
          expect((await listingRow(listing.id)).reserved).toBe(String(total));
        },
      ),
      { numRuns: 15 },
    );
  });
});

describe('purchases belong to their buyer', () => {
  it('lists my assets only, and another user’s purchase is not found', async () => {
    const listing = await openListing(t.app, erc20);
    const mine = json<PurchaseResponse>(await buy(listing.id, order(1))).data.purchase;
    const assets = json<MyAssetsResponse>(
      await callApi(t.app, 'GET', '/api/token-purchases/my-assets', buyer),
    ).assets;
    expect(assets.some((a) => a.id === mine.id)).toBe(true);
    expect(assets.find((a) => a.id === mine.id)).toMatchObject({
      tokenName: 'Reserve Token',
      status: 'PENDING',
      amount: '1',
      percent: '0.100000',
      costETH: mine.costETH,
      transactionHash: null,
      explorerUrl: null,
      vcUrl: null,
    });
    const stranger = await register(t.app);
    expect(
      json<MyAssetsResponse>(await callApi(t.app, 'GET', '/api/token-purchases/my-assets', stranger)).assets,
    ).toEqual([]);
    expect((await callApi(t.app, 'GET', `/api/token-purchases/${mine.id}`, stranger)).statusCode).toBe(404);
    expect((await callApi(t.app, 'GET', `/api/token-purchases/${mine.id}`, buyer)).statusCode).toBe(200);
  });

  it('issuers cannot buy through the investor routes', async () => {
    const issuer = await register(t.app, { role: 'issuer' });
    const listing = await openListing(t.app, erc20);
    expect((await buy(listing.id, order(), issuer)).statusCode).toBe(403);
  });
});
