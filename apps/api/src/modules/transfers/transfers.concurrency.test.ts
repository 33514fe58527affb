import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transfer } from '@portal/shared/transfers';
import { issueToken, listToken, settled } from '../../test/issuance.js';
import { issuerAccount, verifiedInvestor } from '../../test/market-fixtures.js';
import { bearer, callApi, createTestApp, json, type TestApp } from '../../test/test-app.js';
import { IssuerRepo } from '../issuer/issuer.repo.js';
import { ledgerToken } from '../issuer/issuer.service.js';

/**
 * Transfers of one sender racing each other (ADR 76). On PostgreSQL (`npm run test:pg`) they
 * really race: the guarded update of the sender's books must still send no more than is free.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());

describe('POST /api/transfers, concurrently', () => {
  it('12 transfers of 3 by a holder of 10 send 3 of them (9 tokens); the rest are refused', async () => {
    const issuer = await issuerAccount(t.app);
    const [sender, receiver] = [await verifiedInvestor(t.app), await verifiedInvestor(t.app)];
    const token = await issueToken(t.app, issuer, { symbol: 'TRACE', decimals: 0, totalSupply: '1000' });
    const listing = await listToken(t.app, issuer, token.id, { tokenAmount: '100', priceETH: '0.001' });
    const bought = await callApi(t.app, 'POST', `/api/escrow/${listing.id}/purchase`, sender, {
      escrowId: listing.id,
      amount: 10,
      investorDid: sender.did,
      investorWallet: sender.eth,
    });
    await settled(t.app, sender, json<{ data: { purchase: { id: string } } }>(bought).data.purchase.id);
    const handle = json<{ handle: string }>(
      await callApi(t.app, 'GET', '/api/transfers/handle', receiver),
    ).handle;

    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/transfers',
          headers: { ...bearer(sender.token), 'idempotency-key': `transfer-race-${i}-0000` },
          payload: { tokenId: token.id, amount: '3', to: { handle } },
        }),
      ),
    );
    const sent = answers.filter((answer) => answer.statusCode === 201);
    expect(sent).toHaveLength(3);
    // The others are refused by the rules (nothing free left) or by the guarded update (409).
    expect(
      answers.filter((answer) => answer.statusCode !== 201).every((a) => [403, 409].includes(a.statusCode)),
    ).toBe(true);
    expect(sent.map((answer) => json<{ transfer: Transfer }>(answer).transfer.status)).toEqual([
      'COMPLETED',
      'COMPLETED',
      'COMPLETED',
    ]);
    const row = (await new IssuerRepo(t.database.db).token(token.id))!;
    const ledger = t.app.container.issuer.ledger(row);
    expect(await ledger.balanceOf(ledgerToken(row), sender.eth)).toBe(1n);
    expect(await ledger.balanceOf(ledgerToken(row), receiver.eth)).toBe(9n);
    expect((await t.app.container.reconcile.run()).problems).toEqual([]);
  });
});
