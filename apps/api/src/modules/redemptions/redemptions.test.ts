import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import { messages } from '@portal/shared/messages';
import type { NotificationsResponse } from '@portal/shared/notifications';
import type { MyRedemptionsResponse, RedemptionRequest, RedemptionWindow } from '@portal/shared/redemptions';
import { eventually, issueToken, listToken, settled } from '../../test/issuance.js';
import { issuerAccount, verifiedInvestor } from '../../test/market-fixtures.js';
import { bearer, callApi, createTestApp, json, type TestApp } from '../../test/test-app.js';
import { IssuerRepo } from '../issuer/issuer.repo.js';
import { ledgerToken } from '../issuer/issuer.service.js';
import type { RedemptionChain } from './redemptions.chain.js';

/**
 * Redemptions on the embedded EVM (ADR 72), through HTTP and the jobs: one app, one token, two
 * holders; the steps build on each other like the life of one window.
 */
let t: TestApp;
let issuer: Awaited<ReturnType<typeof issuerAccount>>;
let alice: Awaited<ReturnType<typeof verifiedInvestor>>;
let bob: Awaited<ReturnType<typeof verifiedInvestor>>;
let tokenId: string;
let treasury: string;
// Short windows: the test clock moves past them without expiring the 15-minute access tokens.
const DAY = 5 * 60_000;
const PRICE = 2n * 10n ** 15n; // 0.002 ETH per token

beforeAll(async () => {
  t = await createTestApp();
  issuer = await issuerAccount(t.app);
  [alice, bob] = [await verifiedInvestor(t.app), await verifiedInvestor(t.app)];
  const token = await issueToken(t.app, issuer, { symbol: 'RDM', decimals: 0, totalSupply: '1000' });
  tokenId = token.id;
  treasury = (await new IssuerRepo(t.app.container.database.db).token(tokenId))!.treasuryAddress;
  const listing = await listToken(t.app, issuer, tokenId, { tokenAmount: '100', priceETH: '0.001' });
  for (const [buyer, amount] of [
    [alice, 10],
    [bob, 6],
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
}, 180_000);
afterAll(() => t.close());

const balance = async (owner: string) => {
  const row = (await new IssuerRepo(t.app.container.database.db).token(tokenId))!;
  return t.app.container.issuer.ledger(row).balanceOf(ledgerToken(row), owner);
};
const eth = (address: string) =>
  t.app.container.chain.publicClient.getBalance({ address: address as Address });
const post = (who: { token: string }, url: string, payload?: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(who.token), ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });
const windowsOf = async () =>
  json<{ windows: RedemptionWindow[] }>(
    await callApi(t.app, 'GET', `/api/issuer/tokens/${tokenId}/redemption-windows`, issuer),
  ).windows;
const mine = async (who: { token: string }) =>
  json<MyRedemptionsResponse>(await callApi(t.app, 'GET', '/api/redemptions', who));
const ask = async (who: { token: string }, windowId: string, amount: number | string, key: string) =>
  post(who, `/api/redemptions/windows/${windowId}/requests`, { amount }, key);
const noticesOf = async (who: { token: string }) =>
  json<NotificationsResponse>(await callApi(t.app, 'GET', '/api/notifications', who)).notifications.map(
    (notice) => notice.type,
  );

describe('a redemption window on an ERC-20 token', () => {
  let window: RedemptionWindow;
  let aliceRequest: RedemptionRequest;
  let bobKept: RedemptionRequest;

  it('opens for the token’s issuer only, and bad input changes nothing', async () => {
    const now = t.clock.now().getTime();
    const body = {
      currency: 'ETH',
      price: '0.002',
      cap: '8',
      opensAt: new Date(now - 1000).toISOString(),
      closesAt: new Date(now + DAY).toISOString(),
    };
    const url = `/api/issuer/tokens/${tokenId}/redemption-windows`;
    const other = await issuerAccount(t.app);
    expect((await post(other, url, body)).statusCode).toBe(404);
    expect((await post(alice, url, body)).statusCode).toBe(403);
    for (const bad of [
      { price: '0' },
      { price: 'abc' },
      { cap: '-1' },
      { currency: 'BTC' },
      { closesAt: body.opensAt },
      { extra: true },
    ]) {
      const refused = await post(issuer, url, { ...body, ...bad });
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const past = await post(issuer, url, { ...body, closesAt: new Date(now - 500).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(json(past).error).toBe(messages.redemptionClosePast);
    expect(await windowsOf()).toEqual([]);

    const opened = await post(issuer, url, body, 'window-key-1');
    expect(opened.statusCode, opened.body).toBe(201);
    window = json<{ window: RedemptionWindow }>(opened).window;
    expect(window).toMatchObject({ status: 'OPEN', price: PRICE.toString(), cap: '8', requested: '0' });
    // The same key answers the same window; an overlapping window is refused.
    expect(json<{ window: RedemptionWindow }>(await post(issuer, url, body, 'window-key-1')).window.id).toBe(
      window.id,
    );
    const overlap = await post(issuer, url, body, 'window-key-2');
    expect(overlap.statusCode).toBe(409);
    expect(json(overlap).error).toBe(messages.redemptionWindowOverlaps);
    expect(await windowsOf()).toHaveLength(1);
  });

  it('locks a holder’s tokens on chain at once, never beyond the free balance', async () => {
    expect((await mine(alice)).windows.map((w) => w.id)).toEqual([window.id]);
    const tooMany = await ask(alice, window.id, 11, 'alice-too-many');
    expect(tooMany.statusCode).toBe(409);
    expect(json(tooMany).error).toContain('at most 10 RDM');
    expect((await ask(alice, window.id, '1.5', 'alice-fraction')).statusCode).toBe(400);
    expect(await balance(alice.eth)).toBe(10n);

    // Tokens locked for redemption are no longer held: a promise of 8 breaks, one of 3 stands (ADR 74).
    const promise = async (threshold: string) => {
      const response = await callApi(t.app, 'POST', '/api/holding-credentials', alice, {
        tokenId,
        threshold,
      });
      expect(response.statusCode, response.body).toBe(201);
      return json<{ credential: { id: string } }>(response).credential.id;
    };
    const [eight, three] = [await promise('8'), await promise('3')];
    const asked = await ask(alice, window.id, 6, 'alice-request-1');
    expect(asked.statusCode, asked.body).toBe(201);
    aliceRequest = json<{ request: RedemptionRequest }>(asked).request;
    expect(aliceRequest).toMatchObject({ status: 'LOCKED', amount: '6', accepted: null });
    expect(aliceRequest.transactions.map((tx) => tx.kind)).toEqual(['lock']);
    expect(await balance(alice.eth)).toBe(4n);
    const promises = json<{ credentials: Array<{ id: string; status: string }> }>(
      await callApi(t.app, 'GET', '/api/holding-credentials', alice),
    ).credentials;
    expect(promises.find((c) => c.id === eight)?.status).toBe('revoked');
    expect(promises.find((c) => c.id === three)?.status).toBe('active');
    // A retry with the same key is the same request; the same key for another amount is refused.
    expect(
      json<{ request: RedemptionRequest }>(await ask(alice, window.id, 6, 'alice-request-1')).request.id,
    ).toBe(aliceRequest.id);
    expect((await ask(alice, window.id, 5, 'alice-request-1')).statusCode).toBe(422);
    // Another holder cannot see or cancel it.
    expect((await post(bob, `/api/redemptions/requests/${aliceRequest.id}/cancel`)).statusCode).toBe(404);
  });

  it('cancels while the window is open and gives the tokens back', async () => {
    bobKept = json<{ request: RedemptionRequest }>(await ask(bob, window.id, 4, 'bob-request-1')).request;
    const second = json<{ request: RedemptionRequest }>(
      await ask(bob, window.id, 2, 'bob-request-2'),
    ).request;
    expect(await balance(bob.eth)).toBe(0n);
    const cancelled = await post(
      bob,
      `/api/redemptions/requests/${second.id}/cancel`,
      undefined,
      'bob-cancel',
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(json<{ request: RedemptionRequest }>(cancelled).request).toMatchObject({ status: 'CANCELLED' });
    expect(await balance(bob.eth)).toBe(2n);
    expect((await windowsOf())[0]!.requested).toBe('10');
    expect(await noticesOf(bob)).toContain('redemption.cancelled');
  });

  it('settles at the close: pro-rata cut-back, tokens to the treasury, exact payments', async () => {
    const treasuryBefore = await balance(treasury);
    const [aliceEth, bobEth] = [await eth(alice.eth), await eth(bob.eth)];
    t.clock.advance(DAY + 1000);
    const late = await ask(alice, window.id, 1, 'alice-late');
    expect(late.statusCode).toBe(409);
    expect((await post(bob, `/api/redemptions/requests/${bobKept.id}/cancel`)).statusCode).toBe(409);
    t.app.container.jobs.notify();
    await eventually(windowsOf, (windows) => windows[0]!.status === 'SETTLED', 'the window to settle');

    // 10 asked for a cap of 8: alice 6 × 8 / 10 = 4.8, bob 3.2; the leftover unit to alice (0.8).
    const requests = new Map((await mine(alice)).requests.map((r) => [r.id, r]));
    expect(requests.get(aliceRequest.id)).toMatchObject({
      status: 'SETTLED',
      accepted: '5',
      payment: (5n * PRICE).toString(),
    });
    const bobs = (await mine(bob)).requests.find((r) => r.id === bobKept.id)!;
    expect(bobs).toMatchObject({ status: 'SETTLED', accepted: '3', payment: (3n * PRICE).toString() });
    expect(bobs.transactions.map((tx) => tx.kind).sort()).toEqual(['lock', 'payment', 'redeem', 'return']);
    expect(await balance(alice.eth)).toBe(5n);
    expect(await balance(bob.eth)).toBe(3n);
    expect(await balance(treasury)).toBe(treasuryBefore + 8n);
    // The holders paid no gas for any of it: their ETH rose by exactly the payment.
    expect((await eth(alice.eth)) - aliceEth).toBe(5n * PRICE);
    expect((await eth(bob.eth)) - bobEth).toBe(3n * PRICE);
    expect(await noticesOf(alice)).toContain('redemption.settled');
    expect((await windowsOf())[0]).toMatchObject({ status: 'SETTLED', accepted: '8' });
    expect((await mine(alice)).windows).toEqual([]);
    const report = await t.app.container.reconcile.run();
    expect(report.problems).toEqual([]);
    expect(report.redemptions).toBe(3);
    // The statement's lines change the holding exactly as the books did: 6 out, 1 back, paid.
    const all = { from: new Date(0), to: new Date('9999-01-01T00:00:00Z') };
    const { lines } = await t.app.container.redemptions.statementLines(alice.user.id, all);
    expect(lines.map((line) => line.holdingChange)).toEqual([-6n, 1n]);
    expect(lines[1]!.value).toEqual({ amount: 5n * PRICE, currency: 'ETH', decimals: 18 });
  });

  it('resumes a settlement that died after paying, without paying twice', async () => {
    const now = t.clock.now().getTime();
    const opened = await post(issuer, `/api/issuer/tokens/${tokenId}/redemption-windows`, {
      currency: 'ETH',
      price: '0.002',
      cap: '100',
      opensAt: new Date(now).toISOString(),
      closesAt: new Date(now + DAY).toISOString(),
    });
    const second = json<{ window: RedemptionWindow }>(opened).window;
    expect((await ask(alice, second.id, 2, 'alice-crash')).statusCode).toBe(201);
    // The payment goes out, then the process "dies" before anything is recorded.
    const chain = Reflect.get(
      Reflect.get(t.app.container.redemptions, 'deps') as object,
      'chain',
    ) as RedemptionChain;
    const pay = chain.pay.bind(chain);
    let crashes = 0;
    chain.pay = async (...args) => {
      await pay(...args);
      if (crashes++ === 0) throw new Error('process died after the payment was sent');
      return pay(...args);
    };
    const before = await eth(alice.eth);
    t.clock.advance(DAY + 1000);
    // The job fails once, is retried by the queue (its back-off runs on the test clock) and finds
    // the payment's keyed send already made.
    const later = async () => {
      t.clock.advance(3000);
      t.app.container.jobs.notify();
      return windowsOf();
    };
    await eventually(later, (windows) => windows[0]!.status === 'SETTLED', 'the window to settle again');
    chain.pay = pay;
    expect(crashes).toBeGreaterThanOrEqual(2);
    expect((await eth(alice.eth)) - before).toBe(2n * PRICE);
    expect((await t.app.container.reconcile.run()).problems).toEqual([]);
  });
});
