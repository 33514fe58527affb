import fc from 'fast-check';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_RULES } from '@portal/shared/compliance';
import { messages } from '@portal/shared/messages';
import type { NotificationsResponse } from '@portal/shared/notifications';
import type {
  IssuerSecondaryResponse,
  MySecondaryFill,
  MySecondaryResponse,
  SecondaryOrder,
  SecondaryOrderBookResponse,
  SecondaryTradesResponse,
} from '@portal/shared/secondary-market';
import { eventually, issueToken, listToken, settled } from '../../test/issuance.js';
import { issuerAccount, verifiedInvestor } from '../../test/market-fixtures.js';
import { bearer, callApi, createTestApp, json, type TestApp } from '../../test/test-app.js';
import { IssuerRepo } from '../issuer/issuer.repo.js';
import { ledgerToken } from '../issuer/issuer.service.js';
import type { SecondaryChain } from './secondary-market.chain.js';

/**
 * The secondary market on the embedded EVM (ADR 75), through HTTP and the jobs: one app, one
 * ERC-20 token; alice and dana hold it, bob and carol buy. The steps build on each other.
 */
let t: TestApp;
let issuer: Awaited<ReturnType<typeof issuerAccount>>;
type Investor = Awaited<ReturnType<typeof verifiedInvestor>>;
let alice: Investor, bob: Investor, carol: Investor, dana: Investor;
let tokenId: string;
const PRICE = 10n ** 15n; // 0.001 ETH per token
// Short expiries: the test clock moves past them without expiring the 15-minute access tokens.
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  issuer = await issuerAccount(t.app);
  [alice, bob, carol, dana] = [
    await verifiedInvestor(t.app),
    await verifiedInvestor(t.app),
    await verifiedInvestor(t.app),
    await verifiedInvestor(t.app),
  ];
  const token = await issueToken(t.app, issuer, { symbol: 'SEC', decimals: 0, totalSupply: '1000' });
  tokenId = token.id;
  const listing = await listToken(t.app, issuer, tokenId, { tokenAmount: '100', priceETH: '0.001' });
  for (const [buyer, amount] of [
    [alice, 12],
    [dana, 20],
  ] as const) {
    const response = await callApi(t.app, 'POST', `/api/escrow/${listing.id}/purchase`, buyer, {
      escrowId: listing.id,
      amount,
      investorDid: buyer.did,
      investorWallet: buyer.eth,
    });
    expect(response.statusCode, response.body).toBe(202);
    const id = json<{ data: { purchase: { id: string } } }>(response).data.purchase.id;
    expect((await settled(t.app, buyer, id)).purchase.status).toBe('COMPLETED');
  }
}, 240_000);
afterAll(() => t.close());

const balance = async (owner: string) => {
  const row = (await new IssuerRepo(t.app.container.database.db).token(tokenId))!;
  return t.app.container.issuer.ledger(row).balanceOf(ledgerToken(row), owner);
};
const escrowHeld = () => balance(t.app.container.chain.contractAddress('secondaryMarket'));
const eth = (address: string) =>
  t.app.container.chain.publicClient.getBalance({ address: address as Address });
const post = (who: { token: string }, url: string, payload?: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(who.token), ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });
let keys = 0;
const order = (who: { token: string }, body: object, key = `order-key-${++keys}`) =>
  post(who, `/api/secondary/tokens/${tokenId}/orders`, body, key);
const sell = (amount: number, minutes = 10) => ({
  amount: String(amount),
  pricePerTokenWei: PRICE.toString(),
  expiresAt: new Date(t.clock.now().getTime() + minutes * MINUTE).toISOString(),
});
const take = (who: { token: string }, orderId: string, amount: number, key = `take-key-${++keys}`) =>
  post(who, `/api/secondary/orders/${orderId}/take`, { amount: String(amount) }, key);
const book = async (who: { token: string }) =>
  json<SecondaryOrderBookResponse>(await callApi(t.app, 'GET', `/api/secondary/tokens/${tokenId}/book`, who));
const mine = async (who: { token: string }) =>
  json<MySecondaryResponse>(await callApi(t.app, 'GET', '/api/secondary/mine', who));
const orderOf = async (who: { token: string }, id: string) =>
  (await mine(who)).orders.find((o) => o.id === id)!;
const noticesOf = async (who: { token: string }) =>
  json<NotificationsResponse>(await callApi(t.app, 'GET', '/api/notifications', who)).notifications.map(
    (notice) => notice.type,
  );
const issuerKey = () => crypto.randomUUID();
async function issuerAction(path: string, payload: object, method: 'POST' | 'PUT' = 'POST') {
  const response = await t.app.inject({
    method,
    url: `/api/issuer/tokens/${tokenId}/${path}`,
    headers: { ...bearer(issuer.token), 'idempotency-key': issuerKey() },
    payload,
  });
  expect(response.statusCode, response.body).toBe(202);
  const { id } = json<{ data: { id: string } }>(response).data;
  await eventually(
    async () =>
      json<{ data: { actions: Array<{ id: string; status: string }> } }>(
        await callApi(t.app, 'GET', `/api/issuer/tokens/${tokenId}/compliance`, issuer),
      ).data.actions.find((action) => action.id === id)!,
    (action) => action.status === 'DONE',
    `the issuer's ${path} action`,
  );
}

describe('a sell order on an ERC-20 token', () => {
  let first: SecondaryOrder;

  it('locks the seller’s tokens in the escrow on chain; bad input changes nothing', async () => {
    for (const bad of [
      { amount: '0' },
      { amount: '1.5' },
      { pricePerTokenWei: 'abc' },
      { pricePerTokenWei: '0' },
      { expiresAt: 'tomorrow' },
      { extra: true },
    ]) {
      const refused = await order(alice, { ...sell(8), ...bad });
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const past = await order(alice, sell(8, -1));
    expect(past.statusCode).toBe(400);
    expect(json(past).error).toBe(messages.secondaryExpiryPast);
    const tooMany = await order(alice, sell(13));
    expect(tooMany.statusCode).toBe(409);
    expect(json(tooMany).error).toContain('at most 12 SEC');
    expect((await post(issuer, `/api/secondary/tokens/${tokenId}/orders`, sell(1))).statusCode).toBe(403);
    expect((await mine(alice)).orders).toEqual([]);
    expect(await balance(alice.eth)).toBe(12n);

    const body = sell(8);
    const posted = await order(alice, body, 'alice-order-1');
    expect(posted.statusCode, posted.body).toBe(201);
    first = json<{ order: SecondaryOrder }>(posted).order;
    expect(first).toMatchObject({ status: 'OPEN', amount: '8', remaining: '8', isMine: true, side: 'sell' });
    expect(first.lockTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await balance(alice.eth)).toBe(4n);
    expect(await escrowHeld()).toBe(8n);
    // The same key answers the same order; the same key for another body is refused.
    expect(json<{ order: SecondaryOrder }>(await order(alice, body, 'alice-order-1')).order.id).toBe(
      first.id,
    );
    expect((await order(alice, sell(2), 'alice-order-1')).statusCode).toBe(422);
  });

  it('shows the book to other investors without the seller’s identity', async () => {
    const seen = await book(bob);
    expect(seen).toMatchObject({ tradable: true, paused: false, pausedReason: null, lastPriceWei: null });
    expect(seen.orders.map((o) => [o.id, o.isMine])).toEqual([[first.id, false]]);
    expect(Object.keys(seen.orders[0]!).sort()).not.toContain('address');
    expect(JSON.stringify(seen)).not.toContain(alice.eth.slice(2).toLowerCase());
    expect((await book(alice)).orders[0]!.isMine).toBe(true);
  });

  it('refuses an ineligible taker before anything moves: no ETH, the order untouched', async () => {
    await issuerAction('rules', { ...OPEN_RULES, maxBalance: '5' }, 'PUT');
    const before = await eth(bob.eth);
    const refused = await take(bob, first.id, 6);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(json<{ code: string; reason: string }>(refused)).toMatchObject({
      code: 'NOT_ELIGIBLE',
      reason: 'max-balance',
    });
    expect(await eth(bob.eth)).toBe(before);
    expect(await orderOf(alice, first.id)).toMatchObject({ remaining: '8', status: 'OPEN' });
    expect(await escrowHeld()).toBe(8n);
    expect((await mine(bob)).fills).toEqual([]);
    await issuerAction('rules', OPEN_RULES, 'PUT');
  });

  it('fills in parts: tokens and ETH swap in one transaction, never beyond what remains', async () => {
    const aliceEth = await eth(alice.eth);
    const taken = await take(bob, first.id, 3, 'bob-take-1');
    expect(taken.statusCode, taken.body).toBe(201);
    const fill = json<{ fill: MySecondaryFill }>(taken).fill;
    expect(fill).toMatchObject({
      status: 'SETTLED',
      amount: '3',
      side: 'buy',
      totalWei: (3n * PRICE).toString(),
    });
    expect(await balance(bob.eth)).toBe(3n);
    // The seller paid no gas for the sale: the ETH rose by exactly the price.
    expect((await eth(alice.eth)) - aliceEth).toBe(3n * PRICE);
    expect(json<{ fill: MySecondaryFill }>(await take(bob, first.id, 3, 'bob-take-1')).fill.id).toBe(fill.id);
    expect((await take(bob, first.id, 2, 'bob-take-1')).statusCode).toBe(422);
    const over = await take(carol, first.id, 6);
    expect(over.statusCode).toBe(409);
    expect(json(over).error).toBe('Only 5 SEC remain in this order.');
    expect((await take(alice, first.id, 1)).statusCode).toBe(409);
    t.clock.advance(1000); // a later trade, so the lists' order is the time's
    const rest = await take(carol, first.id, 5);
    expect(json<{ fill: MySecondaryFill }>(rest).fill.status).toBe('SETTLED');
    expect(await orderOf(alice, first.id)).toMatchObject({ status: 'FILLED', remaining: '0' });
    expect(await escrowHeld()).toBe(0n);
    expect((await take(carol, first.id, 1)).statusCode).toBe(409);
    const trades = json<SecondaryTradesResponse>(
      await callApi(t.app, 'GET', `/api/secondary/tokens/${tokenId}/trades`, bob),
    );
    expect(trades.trades.map((trade) => trade.amount)).toEqual(['5', '3']);
    expect(trades.priceHistory.map((point) => point.amount)).toEqual(['3', '5']);
    expect((await mine(alice)).fills.map((f) => f.side)).toEqual(['sell', 'sell']);
    expect(await noticesOf(alice)).toContain('secondary.sold');
    expect(await noticesOf(bob)).toContain('secondary.bought');
  });

  it('cancels an open order for its owner only; the unsold tokens come back', async () => {
    const second = json<{ order: SecondaryOrder }>(await order(alice, sell(4))).order;
    expect(await balance(alice.eth)).toBe(0n);
    expect((await post(bob, `/api/secondary/orders/${second.id}/cancel`)).statusCode).toBe(404);
    const cancelled = await post(alice, `/api/secondary/orders/${second.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(json<{ order: SecondaryOrder }>(cancelled).order).toMatchObject({
      status: 'CANCELLED',
      remaining: '0',
    });
    expect(await balance(alice.eth)).toBe(4n);
    expect(await escrowHeld()).toBe(0n);
    expect((await take(bob, second.id, 1)).statusCode).toBe(409);
  });

  it('halts trading while the issuer pauses the token and says why', async () => {
    const open = json<{ order: SecondaryOrder }>(await order(dana, sell(2))).order;
    await issuerAction('pause', { paused: true, reason: 'Annual audit' });
    expect(await book(bob)).toMatchObject({ tradable: false, paused: true, pausedReason: 'Annual audit' });
    for (const refused of [await order(alice, sell(1)), await take(bob, open.id, 1)]) {
      expect(refused.statusCode).toBe(403);
      expect(json<{ error: string; reason: string }>(refused)).toMatchObject({
        reason: 'paused',
        error: 'Trading in SEC is paused by its issuer: Annual audit',
      });
    }
    await issuerAction('pause', { paused: false, reason: 'Audit done' });
    expect((await take(bob, open.id, 1)).statusCode).toBe(201);
  });

  it('expires at its expiry: a job returns the unsold tokens and tells the seller', async () => {
    const dated = json<{ order: SecondaryOrder }>(await order(dana, sell(3))).order;
    const danaBefore = await balance(dana.eth);
    t.clock.advance(11 * MINUTE);
    expect((await take(bob, dated.id, 1)).statusCode).toBe(409);
    t.app.container.jobs.notify();
    await eventually(
      async () => (await mine(dana)).orders.filter((o) => o.status === 'EXPIRED').length,
      (count) => count === 2,
      'both of dana’s orders to expire',
    );
    expect(await balance(dana.eth)).toBe(danaBefore + 4n); // 3 of this order, 1 left of the paused one
    expect(await escrowHeld()).toBe(0n);
    expect(await noticesOf(dana)).toContain('secondary.expired');
  });

  it('shows its issuer the volume and the traders; nobody else', async () => {
    const url = `/api/issuer/tokens/${tokenId}/secondary`;
    const view = json<IssuerSecondaryResponse>(await callApi(t.app, 'GET', url, issuer));
    expect(view).toMatchObject({
      volume: '9',
      valueWei: (9n * PRICE).toString(),
      trades: 3,
      buyers: 2,
      sellers: 2,
      openOrders: 0,
      locked: '0',
      lastPriceWei: PRICE.toString(),
    });
    expect((await callApi(t.app, 'GET', url, await issuerAccount(t.app))).statusCode).toBe(404);
    expect((await callApi(t.app, 'GET', url, bob)).statusCode).toBe(403);
  });

  it('resumes a swap that died after it was sent, without paying twice', async () => {
    const posted = json<{ order: SecondaryOrder }>(await order(dana, sell(2))).order;
    // The swap goes out, then the process "dies" before anything is recorded.
    const chain = Reflect.get(
      Reflect.get(t.app.container.secondaryMarket, 'deps') as object,
      'chain',
    ) as SecondaryChain;
    const send = chain.buy.bind(chain);
    let crashes = 0;
    chain.buy = async (...args) => {
      const hash = await send(...args);
      if (crashes++ === 0) throw new Error('process died after the swap was sent');
      return hash;
    };
    const [danaEth, bobTokens] = [await eth(dana.eth), await balance(bob.eth)];
    try {
      // The answer comes before or after the queue's retry: either way the fill is one swap.
      expect((await take(bob, posted.id, 1)).statusCode).toBe(201);
      // The job is retried by the queue (its back-off runs on the test clock) and finds the swap's
      // keyed send already made.
      const later = async () => {
        t.clock.advance(3000);
        t.app.container.jobs.notify();
        return (await mine(bob)).fills.find((fill) => fill.orderId === posted.id)!;
      };
      await eventually(later, (fill) => fill.status === 'SETTLED', 'the fill to settle again');
    } finally {
      chain.buy = send;
    }
    expect(crashes).toBeGreaterThanOrEqual(1);
    expect((await eth(dana.eth)) - danaEth).toBe(PRICE);
    expect((await balance(bob.eth)) - bobTokens).toBe(1n);
    expect((await post(dana, `/api/secondary/orders/${posted.id}/cancel`)).statusCode).toBe(200);
  });

  it('keeps the books, the escrow and the statements equal through random fills and cancels', async () => {
    const buyers = [bob, carol];
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.array(
          fc.record({ buyer: fc.integer({ min: 0, max: 1 }), amount: fc.integer({ min: 1, max: 3 }) }),
          {
            maxLength: 3,
          },
        ),
        fc.boolean(),
        async (size, takes, cancel) => {
          const before = await Promise.all(buyers.map((b) => balance(b.eth)));
          const posted = json<{ order: SecondaryOrder }>(await order(dana, sell(size))).order;
          let bought = 0n;
          for (const step of takes) {
            const response = await take(buyers[step.buyer]!, posted.id, step.amount);
            if (response.statusCode === 201) bought += BigInt(step.amount);
            else expect(response.statusCode).toBe(409);
          }
          if (cancel) {
            // A filled order has nothing left to cancel: 409, and nothing changes.
            const cancelled = await post(dana, `/api/secondary/orders/${posted.id}/cancel`);
            expect(cancelled.statusCode).toBe(bought < BigInt(size) ? 200 : 409);
          }
          const after = await Promise.all(buyers.map((b) => balance(b.eth)));
          const now = await orderOf(dana, posted.id);
          expect(bought).toBeLessThanOrEqual(BigInt(size));
          expect(after[0]! + after[1]! - before[0]! - before[1]!).toBe(bought);
          expect(BigInt(now.remaining)).toBe(cancel ? 0n : BigInt(size) - bought);
          expect(await escrowHeld()).toBe(cancel ? 0n : BigInt(size) - bought);
          if (!cancel) await post(dana, `/api/secondary/orders/${posted.id}/cancel`);
        },
      ),
      { numRuns: 4 },
    );
    const report = await t.app.container.reconcile.run();
    expect(report.problems).toEqual([]);
    expect(report.secondaryFills).toBeGreaterThanOrEqual(3);
    // The statement's lines change the holding exactly as the books did: 8 out, then 4 out and back.
    const all = { from: new Date(0), to: new Date('9999-01-01T00:00:00Z') };
    const { lines } = await t.app.container.secondaryMarket.statementLines(alice.user.id, all);
    const change = lines.reduce((sum, line) => sum + line.holdingChange, 0n);
    expect(change).toBe(-8n);
    expect(lines.filter((line) => line.kind === 'secondary-sale').map((line) => line.value?.amount)).toEqual(
      expect.arrayContaining([3n * PRICE, 5n * PRICE]),
    );
  });
});

describe('other kinds of token', () => {
  it('an ERC-1155 token trades the same way; an ERC-721 token is refused with a clear 409', async () => {
    const shares = await issueToken(t.app, issuer, {
      symbol: 'SHR',
      tokenType: 'ERC1155',
      totalSupply: '100',
    });
    const listing = await listToken(t.app, issuer, shares.id, { tokenAmount: '10', priceETH: '0.001' });
    const bought = await callApi(t.app, 'POST', `/api/escrow/${listing.id}/purchase`, alice, {
      escrowId: listing.id,
      amount: 3,
      investorDid: alice.did,
      investorWallet: alice.eth,
    });
    const purchase = json<{ data: { purchase: { id: string } } }>(bought).data.purchase.id;
    expect((await settled(t.app, alice, purchase)).purchase.status).toBe('COMPLETED');
    const posted = await post(alice, `/api/secondary/tokens/${shares.id}/orders`, sell(2), 'alice-shares-1');
    expect(posted.statusCode, posted.body).toBe(201);
    const open = json<{ order: SecondaryOrder }>(posted).order;
    expect(open).toMatchObject({ status: 'OPEN', symbol: 'SHR' });
    expect(json<{ fill: MySecondaryFill }>(await take(bob, open.id, 2)).fill.status).toBe('SETTLED');
    const row = (await new IssuerRepo(t.app.container.database.db).token(shares.id))!;
    const held = (owner: string) => t.app.container.issuer.ledger(row).balanceOf(ledgerToken(row), owner);
    expect([await held(alice.eth), await held(bob.eth)]).toEqual([1n, 2n]);

    const items = await issueToken(t.app, issuer, { symbol: 'ITM', tokenType: 'ERC721', totalSupply: '5' });
    const refused = await post(alice, `/api/secondary/tokens/${items.id}/orders`, sell(1));
    expect(refused.statusCode).toBe(409);
    expect(json(refused).error).toBe(messages.secondaryChainUnsupported);
    const itemBook = json<SecondaryOrderBookResponse>(
      await callApi(t.app, 'GET', `/api/secondary/tokens/${items.id}/book`, bob),
    );
    expect(itemBook).toMatchObject({
      tradable: false,
      unsupportedReason: messages.secondaryChainUnsupported,
    });
    expect((await t.app.container.reconcile.run()).problems).toEqual([]);
  });
});
