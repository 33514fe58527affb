import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RedemptionRequest, RedemptionWindow } from '@portal/shared/redemptions';
import { issueToken, listToken, settled } from '../../test/issuance.js';
import { issuerAccount, verifiedInvestor } from '../../test/market-fixtures.js';
import { bearer, callApi, createTestApp, json, type TestApp } from '../../test/test-app.js';
import { IssuerRepo } from '../issuer/issuer.repo.js';
import { ledgerToken } from '../issuer/issuer.service.js';

/**
 * Requests of one holder racing each other (ADR 72). On PostgreSQL (`npm run test:pg`) they really
 * race: the guarded update of the holder's books must still lock no more than they hold.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());

describe('POST /api/redemptions/windows/:windowId/requests, concurrently', () => {
  it('12 requests of 3 by a holder of 10 lock 3 of them (9 tokens); the rest are 409', async () => {
    const issuer = await issuerAccount(t.app);
    const holder = await verifiedInvestor(t.app);
    const token = await issueToken(t.app, issuer, { symbol: 'RACE', decimals: 0, totalSupply: '1000' });
    const listing = await listToken(t.app, issuer, token.id, { tokenAmount: '100', priceETH: '0.001' });
    const bought = await callApi(t.app, 'POST', `/api/escrow/${listing.id}/purchase`, holder, {
      escrowId: listing.id,
      amount: 10,
      investorDid: holder.did,
      investorWallet: holder.eth,
    });
    await settled(t.app, holder, json<{ data: { purchase: { id: string } } }>(bought).data.purchase.id);
    const now = t.clock.now().getTime();
    const opened = await callApi(t.app, 'POST', `/api/issuer/tokens/${token.id}/redemption-windows`, issuer, {
      currency: 'ETH',
      price: '0.001',
      cap: '1000',
      opensAt: new Date(now).toISOString(),
      closesAt: new Date(now + 60_000).toISOString(),
    });
    const window = json<{ window: RedemptionWindow }>(opened).window;

    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/redemptions/windows/${window.id}/requests`,
          headers: { ...bearer(holder.token), 'idempotency-key': `redeem-race-${i}-0000` },
          payload: { amount: 3 },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(3).fill(201), ...Array<number>(9).fill(409)]);
    const locked = answers
      .filter((answer) => answer.statusCode === 201)
      .map((answer) => json<{ request: RedemptionRequest }>(answer).request.status);
    expect(locked).toEqual(['LOCKED', 'LOCKED', 'LOCKED']);
    const row = (await new IssuerRepo(t.database.db).token(token.id))!;
    expect(await t.app.container.issuer.ledger(row).balanceOf(ledgerToken(row), holder.eth)).toBe(1n);
    expect((await t.app.container.reconcile.run()).problems).toEqual([]);
  });
});
