import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MySecondaryFill, SecondaryOrder } from '@portal/shared/secondary-market';
import { issueToken, listToken, settled } from '../../test/issuance.js';
import { issuerAccount, verifiedInvestor } from '../../test/market-fixtures.js';
import { bearer, callApi, createTestApp, json, type TestApp } from '../../test/test-app.js';
import { testDatabaseUrl } from '../../test/test-database.js';
import { IssuerRepo } from '../issuer/issuer.repo.js';
import { ledgerToken } from '../issuer/issuer.service.js';

/**
 * Takers racing for one sell order (ADR 75). On PostgreSQL (`npm run test:pg`) they really race:
 * the one guarded update of the order's remaining must let exactly the order's amount be taken,
 * and the chain must agree.
 */
let t: TestApp;
// PGlite serialises everything, so the full race runs on PostgreSQL; a smaller one keeps the
// embedded suite within its budget (ADR 60).
const [TAKERS, SIZE] = testDatabaseUrl ? [200, 100] : [24, 12];
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());

describe('POST /api/secondary/orders/:orderId/take, concurrently', () => {
  it(`${TAKERS} takers of 1 from an order of ${SIZE}: exactly ${SIZE} fill, the rest are 409, the chain agrees`, async () => {
    const issuer = await issuerAccount(t.app);
    const seller = await verifiedInvestor(t.app);
    const buyers = [
      await verifiedInvestor(t.app),
      await verifiedInvestor(t.app),
      await verifiedInvestor(t.app),
    ];
    const token = await issueToken(t.app, issuer, { symbol: 'RUSH', decimals: 0, totalSupply: '1000' });
    const listing = await listToken(t.app, issuer, token.id, { tokenAmount: '200', priceETH: '0.0001' });
    const bought = await callApi(t.app, 'POST', `/api/escrow/${listing.id}/purchase`, seller, {
      escrowId: listing.id,
      amount: 100,
      investorDid: seller.did,
      investorWallet: seller.eth,
    });
    expect(bought.statusCode, bought.body).toBe(202);
    const purchase = json<{ data: { purchase: { id: string } } }>(bought).data.purchase.id;
    expect((await settled(t.app, seller, purchase)).purchase.status).toBe('COMPLETED');
    const posted = await t.app.inject({
      method: 'POST',
      url: `/api/secondary/tokens/${token.id}/orders`,
      headers: { ...bearer(seller.token), 'idempotency-key': 'rush-order-0001' },
      payload: {
        amount: String(SIZE),
        pricePerTokenWei: '1000000000',
        expiresAt: new Date(t.clock.now().getTime() + 600_000).toISOString(),
      },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const order = json<{ order: SecondaryOrder }>(posted).order;

    const answers = await Promise.all(
      Array.from({ length: TAKERS }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/secondary/orders/${order.id}/take`,
          headers: { ...bearer(buyers[i % buyers.length]!.token), 'idempotency-key': `rush-take-${i}-0000` },
          payload: { amount: '1' },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(SIZE).fill(201), ...Array<number>(TAKERS - SIZE).fill(409)]);
    const fills = answers
      .filter((answer) => answer.statusCode === 201)
      .map((answer) => json<{ fill: MySecondaryFill }>(answer).fill.status);
    expect(new Set(fills)).toEqual(new Set(['SETTLED']));

    const row = (await new IssuerRepo(t.database.db).token(token.id))!;
    const ledger = t.app.container.issuer.ledger(row);
    const held = await Promise.all(buyers.map((buyer) => ledger.balanceOf(ledgerToken(row), buyer.eth)));
    expect(held.reduce((sum, amount) => sum + amount, 0n)).toBe(BigInt(SIZE));
    const escrow = t.app.container.chain.contractAddress('secondaryMarket');
    expect(await ledger.balanceOf(ledgerToken(row), escrow)).toBe(0n);
    const mine = json<{ orders: SecondaryOrder[] }>(
      await callApi(t.app, 'GET', '/api/secondary/mine', seller),
    );
    expect(mine.orders[0]).toMatchObject({ status: 'FILLED', remaining: '0' });
    expect((await t.app.container.reconcile.run()).problems).toEqual([]);
  }, 300_000);
});
