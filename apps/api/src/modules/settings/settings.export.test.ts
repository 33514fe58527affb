import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALLET_PROFILE_FIELD_NAMES } from '@portal/shared/vault';
import { deployedToken, issuerAccount, openListing, verifiedInvestor } from '../../test/market-fixtures.js';
import { callApi, createTestApp, json, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The purchase stays PENDING: what is exported is the books, not the chain.
  await t.app.container.jobs.stop();
});
afterAll(() => t.close());

describe("'Download my data'", () => {
  it('holds the purchases, their credentials and the KYC submission, and each wallet once', async () => {
    const issuer = await issuerAccount(t.app);
    const token = await deployedToken(t.app, issuer.user.id, { name: 'Export Token', symbol: 'EXP' });
    const listing = await openListing(t.app, token);
    const investor = await verifiedInvestor(t.app);
    const bought = await callApi(t.app, 'POST', `/api/escrow/${listing.id}/purchase`, investor, {
      escrowId: listing.id,
      amount: 3,
      investorDid: investor.did,
      investorWallet: investor.eth,
    });
    expect(bought.statusCode).toBe(202);
    const issued = await t.app.container.credentials.issue({
      userId: investor.user.id,
      type: 'TokenPurchaseCredential',
      subject: { id: investor.did, tokenPurchase: { token: { symbol: 'EXP' }, amount: '3' } },
    });

    const data = json<Record<string, Record<string, unknown> & unknown[]>>(
      await callApi(t.app, 'GET', '/api/settings/export', investor),
    );
    expect(data.purchases).toEqual([
      expect.objectContaining({
        tokenName: 'Export Token',
        amount: '3',
        costETH: '0.003',
        status: 'PENDING',
      }),
    ]);
    expect(data.credentials).toEqual([
      expect.objectContaining({
        type: 'TokenPurchaseCredential',
        cid: issued.cid,
        revokedAt: null,
        credential: issued.credential,
      }),
    ]);
    expect(data.kyc).toMatchObject({
      status: 'verified',
      reviewAnswer: 'GREEN',
      verifiedIdentity: expect.objectContaining({ country: expect.any(String) }),
    });
    // The profile's per-chain alias fields are left out: each wallet is listed once.
    const account = data.account as Record<string, unknown>;
    expect(
      Object.keys(account).filter((key) => (WALLET_PROFILE_FIELD_NAMES as string[]).includes(key)),
    ).toEqual([]);
    expect(JSON.stringify(account).split(investor.eth).length - 1).toBe(1);
    expect(JSON.stringify(account).split(investor.sol).length - 1).toBe(1);
  });
});
