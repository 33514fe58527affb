import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Keypair } from '@stellar/stellar-sdk';
import type { TokenComplianceResponse } from '@portal/shared/compliance';
import { messages } from '@portal/shared/messages';
import type { MyAssetsResponse, PurchaseResponse } from '@portal/shared/purchases';
import { listings, purchases, tokenHoldings } from '../../db/schema/index.js';
import { IssuerRepo } from '../../modules/issuer/issuer.repo.js';
import { ledgerToken } from '../../modules/issuer/issuer.service.js';
import { eventually, issueToken, listToken, settled } from '../../test/issuance.js';
import { issuerAccount, verifiedInvestor } from '../../test/market-fixtures.js';
import { bearer, callApi, createTestApp, json, type TestApp } from '../../test/test-app.js';
import { HorizonTestServer } from './testing/horizon-test-server.js';

/** Stellar in the running portal: issue, list, buy with ETH and deliver, over HTTP. */
let server: HorizonTestServer;
let t: TestApp;
let issuer: Awaited<ReturnType<typeof issuerAccount>>;
let buyer: Awaited<ReturnType<typeof verifiedInvestor>> & { xlm: string };
const platform = Keypair.random();
/** A trust line's authorised flag (TrustLineFlags). */
const AUTHORIZED = 0x1;

beforeAll(async () => {
  server = await HorizonTestServer.start();
  server.fund(platform.publicKey(), 10_000n * 10_000_000n);
  t = await createTestApp({
    env: { STELLAR_HORIZON_URL: server.url, STELLAR_PLATFORM_SECRET: platform.secret() },
  });
  issuer = await issuerAccount(t.app);
  const investor = await verifiedInvestor(t.app);
  const wallets = (await t.app.container.vault.info(investor.user.id)).wallets;
  buyer = { ...investor, xlm: wallets.find((w) => w.assetId === 'XLM_TEST')!.address };
}, 120_000);
afterAll(async () => {
  await t.close();
  await server.close();
});

const buyEscrow = async (listingId: string, amount: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/escrow/${listingId}/purchase`,
    headers: bearer(buyer.token),
    payload: { escrowId: listingId, amount, investorDid: buyer.did, investorWallet: buyer.xlm },
  });
  expect(response.statusCode, response.body).toBe(202);
  return json<PurchaseResponse>(response).data.purchase;
};
const onChain = async (tokenId: string, owner: string) => {
  const row = (await new IssuerRepo(t.app.container.database.db).token(tokenId))!;
  return t.app.container.issuer.ledger(row).balanceOf(ledgerToken(row), owner);
};

describe('Classic assets on Stellar', () => {
  it('the issuer console is told Stellar is available', async () => {
    const answer = await callApi(t.app, 'GET', '/api/issuer/chains', issuer);
    expect(json(answer)).toEqual({ success: true, chains: ['ethereum', 'solana', 'stellar'] });
  });

  it('an issuer issues and lists a Stellar asset; an investor pays ETH and receives it on their XLM address', async () => {
    const token = await issueToken(t.app, issuer, {
      symbol: 'XLMT',
      tokenType: 'STELLAR',
      decimals: 2,
      totalSupply: '1000',
    });
    expect(token).toMatchObject({ status: 'DEPLOYED', blockchain: 'stellar', environment: 'local' });
    const issuerAccount = token.contractAddress!.slice(4);
    expect(token.contractAddress).toBe(`XLMT${issuerAccount}`);
    expect(server.accounts.get(issuerAccount)!.flags).toBe(0x1 | 0x2 | 0x8);
    const escrow = await listToken(t.app, issuer, token.id, { tokenAmount: '100' });
    expect(escrow.status).toBe('DEPLOYED');
    await listToken(t.app, issuer, token.id, { kind: 'direct', tokenAmount: '100' });

    const fromEscrow = await settled(t.app, buyer, (await buyEscrow(escrow.id, '1.25')).id);
    expect(fromEscrow.purchase.status).toBe('COMPLETED');
    expect(fromEscrow.purchase.paymentTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(fromEscrow.purchase.deliveryTxHash).toMatch(/^[0-9a-f]{64}$/);
    expect(fromEscrow.ownershipRecord.explorerUrl).toBe(
      `https://stellar.expert/explorer/testnet/tx/${fromEscrow.purchase.deliveryTxHash}`,
    );
    // My Assets and the marketplace name the chain with the spec's label and link the explorer.
    const [asset] = json<MyAssetsResponse>(
      await callApi(t.app, 'GET', '/api/token-purchases/my-assets', buyer),
    ).assets.filter((a) => a.id === fromEscrow.purchase.id);
    expect(asset).toMatchObject({
      blockchain: 'stellar',
      explorerUrl: fromEscrow.ownershipRecord.explorerUrl,
    });
    const market = await callApi(t.app, 'GET', `/api/escrow/marketplace?search=${token.symbol}`, buyer);
    expect(market.body).toContain('"blockchain":"stellar"');
    expect(market.body).toContain(
      `"explorerUrl":"https://stellar.expert/explorer/testnet/asset/XLMT-${issuerAccount}"`,
    );
    const direct = await callApi(t.app, 'POST', '/api/token-purchases', buyer, {
      tokenId: token.id,
      amount: 2,
      investorDid: buyer.did,
      investorWallet: buyer.xlm,
      purchasePrice: null,
    });
    expect(direct.statusCode, direct.body).toBe(202);
    const done = await settled(t.app, buyer, json<PurchaseResponse>(direct).data.purchase.id);
    expect(done.purchase.status).toBe('COMPLETED');
    expect(await onChain(token.id, buyer.xlm)).toBe(325n);
    // The buyer's vault opened its trust line; the issuer's vault authorised it (3.25 = 32500000 stroops).
    expect(server.trustLine('XLMT', issuerAccount, buyer.xlm)).toMatchObject({
      balance: 32_500_000n,
      flags: AUTHORIZED | 0x4,
    });

    // A crash between the payment and the delivery: the re-run reuses both transactions.
    const { db } = t.app.container.database;
    await db
      .update(purchases)
      .set({ status: 'SETTLING', deliveryTxHash: null, vcCid: null, completedAt: null })
      .where(eq(purchases.id, done.purchase.id));
    // The direct listing's sale and the books' holding are written with COMPLETED: gone with it.
    await db.update(listings).set({ sold: '0' }).where(eq(listings.id, done.purchase.listingId));
    await db.update(tokenHoldings).set({ balance: '125' }).where(eq(tokenHoldings.tokenId, token.id));
    await t.app.container.purchases.settle(done.purchase.id, { attempts: 1, maxAttempts: 8 } as never);
    const again = await settled(t.app, buyer, done.purchase.id);
    expect(again.purchase).toMatchObject({
      status: 'COMPLETED',
      paymentTxHash: done.purchase.paymentTxHash,
      deliveryTxHash: done.purchase.deliveryTxHash,
    });
    expect(await onChain(token.id, buyer.xlm)).toBe(325n);

    // Reconcile compares the holders' books with the ledger, and sees a balance they do not explain.
    const mine = async () =>
      (await t.app.container.reconcile.run()).problems.filter((problem) => problem.includes(token.id));
    expect(await mine()).toEqual([]);
    server.trustLine('XLMT', issuerAccount, buyer.xlm)!.balance -= 100_000n;
    expect(await mine()).toEqual([
      `token XLMT (${token.id}) at ${buyer.xlm}: chain holds 324, the books 325`,
    ]);
    server.trustLine('XLMT', issuerAccount, buyer.xlm)!.balance += 100_000n;

    // The issuer's freeze deauthorises the holder's trust line; a forced transfer to the treasury is a clawback.
    const act = async (path: string, payload: object) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/issuer/tokens/${token.id}/${path}`,
        headers: { ...bearer(issuer.token), 'idempotency-key': crypto.randomUUID() },
        payload,
      });
      expect(response.statusCode, response.body).toBe(202);
      const { id } = json<{ data: { id: string } }>(response).data;
      return eventually(
        async () =>
          json<TokenComplianceResponse>(
            await callApi(t.app, 'GET', `/api/issuer/tokens/${token.id}/compliance`, issuer),
          ).data.actions.find((action) => action.id === id)!,
        (action) => action.status !== 'PENDING',
        `${path} to be carried out`,
      );
    };
    const reason = 'Court order';
    expect(await act('freeze', { holderId: buyer.user.id, amount: '1', reason })).toMatchObject({
      status: 'DONE',
    });
    expect(server.trustLine('XLMT', issuerAccount, buyer.xlm)!.flags & AUTHORIZED).toBe(0);
    expect(
      await act('forced-transfer', { fromHolderId: buyer.user.id, toHolderId: null, amount: '1', reason }),
    ).toMatchObject({ status: 'DONE' });
    expect(await onChain(token.id, buyer.xlm)).toBe(225n);
    expect(await mine()).toEqual([]);
  });

  it('refuses at creation what Stellar cannot carry: more than 7 decimals, a second asset with the same code', async () => {
    const create = (request: object) =>
      callApi(t.app, 'POST', '/api/issuer/tokens', issuer, {
        name: 'Second',
        description: '',
        tokenType: 'STELLAR',
        assetCategory: 'Other',
        totalSupply: '10',
        ...request,
      });
    const decimals = await create({ symbol: 'XLMD', decimals: 8 });
    expect(decimals.statusCode).toBe(400);
    expect(json(decimals)).toMatchObject({ fields: { decimals: messages.issuerDecimalsTooMany } });
    const twice = await create({ symbol: 'XLMT', decimals: 0 });
    expect(twice.statusCode).toBe(409);
    expect(json(twice)).toMatchObject({ error: messages.issuerStellarCodeTaken });
  });
});
