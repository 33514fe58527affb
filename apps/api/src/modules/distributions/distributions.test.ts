import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Distribution, IncomeResponse } from '@portal/shared/distributions';
import { messages } from '@portal/shared/messages';
import type { NotificationsResponse } from '@portal/shared/notifications';
import type { PurchaseResponse } from '@portal/shared/purchases';
import { eventually, issueToken, listToken, settled } from '../../test/issuance.js';
import { issuerAccount, verifiedInvestor } from '../../test/market-fixtures.js';
import { bearer, callApi, createTestApp, json, type Registered, type TestApp } from '../../test/test-app.js';

/**
 * Distributions through HTTP on the embedded EVM (ADR 71): two investors hold a token, the
 * issuer declares ETH and tUSD distributions, the jobs snapshot and pay; balances move exactly.
 */
let t: TestApp;
let issuer: Registered;
let otherIssuer: Registered;
let alice: Awaited<ReturnType<typeof verifiedInvestor>>;
let bob: Awaited<ReturnType<typeof verifiedInvestor>>;
let tokenId: string;
let listingId: string;

// Minutes, not hours: the access tokens of the test accounts live 15 minutes of the test clock.
const HOUR = 120_000;
const at = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();
const declare = (body: Record<string, unknown>, key: string = crypto.randomUUID(), who = issuer) =>
  t.app.inject({
    method: 'POST',
    url: `/api/issuer/tokens/${tokenId}/distributions`,
    headers: { ...bearer(who.token), 'idempotency-key': key },
    payload: body,
  });
const list = async () =>
  json<{ distributions: Distribution[] }>(
    await callApi(t.app, 'GET', `/api/issuer/tokens/${tokenId}/distributions`, issuer),
  ).distributions;
const statusOf = async (id: string) => (await list()).find((row) => row.id === id)!;
/** Moves the clock past `ms` and waits for the distribution to reach `status`. */
const reach = async (id: string, status: Distribution['status'], ms = 0) => {
  t.clock.advance(ms);
  t.app.container.jobs.notify();
  return eventually(
    () => statusOf(id),
    (row) => row.status === status,
    `distribution ${status}`,
  );
};
const buy = async (who: typeof alice, amount: number) => {
  const response = await callApi(t.app, 'POST', `/api/escrow/${listingId}/purchase`, who, {
    amount,
    investorDid: who.did,
    investorWallet: who.eth,
  });
  expect(response.statusCode, response.body).toBe(202);
  const done = await settled(t.app, who, json<PurchaseResponse>(response).data.purchase.id);
  expect(done.purchase.status).toBe('COMPLETED');
};
const ethOf = (address: string) =>
  t.app.container.chain.publicClient.getBalance({ address: getAddress(address) });
const tusdOf = (address: string) => t.app.container.stablecoins.evmBalance(address);

beforeAll(async () => {
  t = await createTestApp();
  [issuer, otherIssuer, alice, bob] = await Promise.all([
    issuerAccount(t.app),
    issuerAccount(t.app),
    verifiedInvestor(t.app),
    verifiedInvestor(t.app),
  ]);
  const token = await issueToken(t.app, issuer, { symbol: 'DIV', totalSupply: '1000' });
  tokenId = token.id;
  listingId = (await listToken(t.app, issuer, token.id, { tokenAmount: '200', priceETH: '0.001' })).id;
  await buy(alice, 10);
  await buy(bob, 20);
}, 240_000);
afterAll(() => t.close());

describe('declaring', () => {
  it('refuses bad input with clear messages and changes nothing', async () => {
    const good = {
      basis: 'total',
      amount: '0.03',
      currency: 'ETH',
      recordDate: at(HOUR),
      paymentDate: at(HOUR),
    };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...good, amount: '0' }, 'amount', messages.distributionAmountInvalid],
      [{ ...good, amount: '-1' }, 'amount', messages.distributionAmountInvalid],
      [{ ...good, currency: 'BTC' }, 'currency', messages.distributionCurrencyInvalid],
      [{ ...good, paymentDate: at(HOUR - 1000) }, 'paymentDate', messages.distributionPaymentBeforeRecord],
      [
        { ...good, recordDate: at(-HOUR), paymentDate: at(HOUR) },
        'recordDate',
        messages.distributionRecordDatePast,
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await declare(body);
      expect(response.statusCode, response.body).toBe(400);
      expect(json<{ fields: Record<string, string> }>(response).fields[field]).toBe(message);
    }
    const tooMuch = await declare({ ...good, amount: '1000000' });
    expect(tooMuch.statusCode).toBe(409);
    expect(json(tooMuch).error).toMatch(
      /^Your vault holds [\d.]+ ETH; this distribution needs 1000000 ETH\.$/,
    );
    const notMine = await declare(good, undefined, otherIssuer);
    expect(notMine.statusCode).toBe(404);
    expect(await list()).toEqual([]);
  });

  it('answers the first declaration again for the same key, and 422 for another body', async () => {
    const body = {
      basis: 'total',
      amount: '1',
      currency: 'tUSD',
      recordDate: at(HOUR),
      paymentDate: at(2 * HOUR),
    };
    const first = await declare(body, 'declare-key-1');
    expect(first.statusCode, first.body).toBe(201);
    const again = await declare(body, 'declare-key-1');
    expect(json(again)).toEqual(json(first));
    const other = await declare({ ...body, amount: '2' }, 'declare-key-1');
    expect(other.statusCode).toBe(422);
    expect(await list()).toHaveLength(1);
    // Cancelled before its record date: it never takes a snapshot.
    const { id } = json<{ distribution: Distribution }>(first).distribution;
    const cancelled = await callApi(t.app, 'POST', `/api/issuer/distributions/${id}/cancel`, issuer);
    expect(json<{ distribution: Distribution }>(cancelled).distribution.status).toBe('cancelled');
    const byOther = await callApi(t.app, 'POST', `/api/issuer/distributions/${id}/cancel`, otherIssuer);
    expect(byOther.statusCode).toBe(404);
  });
});

describe('paying', () => {
  it('snapshots the chain at the record date and pays each holder pro rata, exactly', async () => {
    // 0.1 ETH over 10 + 20 tokens: floors 0.0333… and 0.0666…, one wei stays with the issuer.
    const response = await declare({
      basis: 'total',
      amount: '0.1',
      currency: 'ETH',
      recordDate: at(HOUR),
      paymentDate: at(2 * HOUR),
      memo: 'Q4 dividend',
    });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = json<{ distribution: Distribution }>(response).distribution;
    const snap = await reach(id, 'snapshot', HOUR);
    expect(snap).toMatchObject({ holderCount: 2, total: '100000000000000000', remainder: '1', paid: '0' });

    // A transfer after the record date does not change who is paid.
    await buy(alice, 30);
    const before = [await ethOf(alice.eth), await ethOf(bob.eth)];
    const paid = await reach(id, 'paid', HOUR);
    expect(paid).toMatchObject({ paid: '99999999999999999', remainder: '1' });
    expect((await ethOf(alice.eth)) - before[0]!).toBe(33333333333333333n);
    expect((await ethOf(bob.eth)) - before[1]!).toBe(66666666666666666n);

    // Each holder: an income row (theirs only), a notification and a signed credential.
    const income = await eventually(
      async () => json<IncomeResponse>(await callApi(t.app, 'GET', '/api/income', alice)),
      (body) => body.income[0]?.credentialUrl != null,
      'alice credential',
    );
    expect(income.income).toHaveLength(1);
    expect(income.income[0]).toMatchObject({
      symbol: 'DIV',
      amount: '33333333333333333',
      balance: '10',
      memo: 'Q4 dividend',
    });
    expect(income.totals).toEqual([{ currency: 'ETH', decimals: 18, amount: '33333333333333333' }]);
    // The credential is private to its holder (ADR 12): Bob is told it does not exist.
    const vcPath = new URL(income.income[0]!.credentialUrl!).pathname;
    expect((await callApi(t.app, 'GET', vcPath, bob)).statusCode).toBe(404);
    const vc = json<{ type: string[]; proof: { cryptosuite: string } }>(
      await callApi(t.app, 'GET', vcPath, alice),
    );
    expect(vc.type).toContain('DistributionCredential');
    expect(vc.proof.cryptosuite).toBe('eddsa-rdfc-2022');
    const notices = await eventually(
      async () => json<NotificationsResponse>(await callApi(t.app, 'GET', '/api/notifications', bob)),
      (body) => body.notifications.some((n) => n.type === 'distribution.paid'),
      'bob notification',
    );
    expect(notices.notifications.find((n) => n.type === 'distribution.paid')!.data).toMatchObject({
      amount: '0.066666666666666666',
      currency: 'ETH',
      symbol: 'DIV',
    });
    const issuerIncome = json<IncomeResponse>(await callApi(t.app, 'GET', '/api/income', issuer));
    expect(issuerIncome.income).toEqual([]);
    const late = await callApi(t.app, 'POST', `/api/issuer/distributions/${id}/cancel`, issuer);
    expect(late.statusCode).toBe(409);
  }, 60_000);

  it('pays tUSD at a rate per token through the allowance, and reconciles', async () => {
    const response = await declare({
      basis: 'rate',
      amount: '1.5',
      currency: 'tUSD',
      recordDate: at(0),
      paymentDate: at(0),
    });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = json<{ distribution: Distribution }>(response).distribution;
    const before = [await tusdOf(alice.eth), await tusdOf(bob.eth)];
    const paid = await reach(id, 'paid');
    // Alice holds 40 since her second purchase, Bob 20: 60 and 30 tUSD, nothing left over.
    expect(paid).toMatchObject({ holderCount: 2, total: '90000000', paid: '90000000', remainder: '0' });
    expect((await tusdOf(alice.eth)) - before[0]!).toBe(60_000_000n);
    expect((await tusdOf(bob.eth)) - before[1]!).toBe(30_000_000n);
    const report = await t.app.container.distributions.reconcile();
    expect(report.problems).toEqual([]);
    expect(report.batches).toBe(2);
  }, 60_000);

  it('resumes after a crash between sending a batch and recording it, without paying twice', async () => {
    const service = t.app.container.distributions as unknown as { deps: { fault?: (point: string) => void } };
    const fault = service.deps.fault;
    let crashed = 0;
    // What kill -9 leaves at this point: the batch's transaction signed, stored, broadcast and its
    // hash journaled, the batch not recorded paid, the job not done (ADR 71).
    service.deps.fault = (point) => {
      if (point === 'distribution.batch.sent' && crashed++ === 0) throw new Error('killed');
    };
    try {
      const response = await declare({
        basis: 'total',
        amount: '6',
        currency: 'tUSD',
        recordDate: at(0),
        paymentDate: at(0),
      });
      expect(response.statusCode, response.body).toBe(201);
      const { id } = json<{ distribution: Distribution }>(response).distribution;
      const before = [await tusdOf(alice.eth), await tusdOf(bob.eth)];
      t.app.container.jobs.notify();
      await eventually(
        () => Promise.resolve(crashed),
        (count) => count > 0,
        'the crash',
      );
      expect((await statusOf(id)).status).toBe('paying');
      // The job retries after its back-off: the same stored transaction is found, not a second one.
      const paid = await reach(id, 'paid', 60_000);
      expect(paid).toMatchObject({ paid: '6000000', remainder: '0' });
      expect((await tusdOf(alice.eth)) - before[0]!).toBe(4_000_000n);
      expect((await tusdOf(bob.eth)) - before[1]!).toBe(2_000_000n);
      const report = await t.app.container.distributions.reconcile();
      expect(report.problems).toEqual([]);
    } finally {
      service.deps.fault = fault;
    }
  }, 60_000);
});
