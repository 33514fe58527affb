import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/shared/messages';
import type { MyAssetsResponse, PurchaseResponse } from '@portal/shared/purchases';
import { listings, purchases, tokenHoldings } from '../../db/schema/index.js';
import { eventually, issueToken, listToken, settled } from '../../test/issuance.js';
import { issuerAccount, verifiedInvestor } from '../../test/market-fixtures.js';
import { bearer, callApi, createTestApp, json, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app.js';
import { IssuerRepo } from '../issuer/issuer.repo.js';
import { ledgerToken } from '../issuer/issuer.service.js';

/** Settlement on the real embedded chains: EVM contracts and SPL tokens, through the jobs. */
let t: TestApp;
let issuer: Awaited<ReturnType<typeof issuerAccount>>;
let buyer: Awaited<ReturnType<typeof verifiedInvestor>>;

beforeAll(async () => {
  t = await createTestApp();
  issuer = await issuerAccount(t.app);
  buyer = await verifiedInvestor(t.app);
}, 120_000);
afterAll(() => t.close());

const buyEscrow = async (listingId: string, amount: string | number, wallet = buyer.eth, key?: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/escrow/${listingId}/purchase`,
    headers: { ...bearer(buyer.token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: { escrowId: listingId, amount, investorDid: buyer.did, investorWallet: wallet },
  });
  expect(response.statusCode, response.body).toBe(202);
  return json<PurchaseResponse>(response).data.purchase;
};
const buyDirect = async (tokenId: string, amount: string | number, wallet = buyer.eth) => {
  const response = await callApi(t.app, 'POST', '/api/token-purchases', buyer, {
    tokenId,
    amount,
    investorDid: buyer.did,
    investorWallet: wallet,
    purchasePrice: null,
  });
  expect(response.statusCode, response.body).toBe(202);
  return json<PurchaseResponse>(response).data.purchase;
};
const onChain = async (tokenId: string, owner: string) => {
  const row = (await new IssuerRepo(t.app.container.database.db).token(tokenId))!;
  return t.app.container.issuer.ledger(row).balanceOf(ledgerToken(row), owner);
};
const ethBalance = (address: string) =>
  t.app.container.chain.publicClient.getBalance({ address: address as `0x${string}` });
const listingRow = async (id: string) =>
  (await t.app.container.database.db.select().from(listings).where(eq(listings.id, id)))[0]!;

describe('EVM escrow purchases', () => {
  it('ERC-20: the buyer pays the issuer and receives the tokens in one transaction', async () => {
    const token = await issueToken(t.app, issuer, { symbol: 'EVE', decimals: 2, totalSupply: '1000' });
    expect(token.status).toBe('DEPLOYED');
    expect(token.contractAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const listing = await listToken(t.app, issuer, token.id, { tokenAmount: '100', priceETH: '0.001' });
    expect(listing.status).toBe('DEPLOYED');
    const issuerEth = (await t.app.container.vault.info(issuer.user.id)).wallets.find((w) =>
      w.assetId.startsWith('ETH'),
    )!;
    const issuerBefore = await ethBalance(issuerEth.address);
    const purchase = await buyEscrow(listing.id, 5);
    const done = await settled(t.app, buyer, purchase.id);
    expect(done.purchase).toMatchObject({
      status: 'COMPLETED',
      amount: '5',
      percent: '0.500000',
      error: null,
    });
    expect(done.ownershipRecord.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(done.ownershipRecord.explorerUrl).toBe(
      `${TEST_PUBLIC_URL}/explorer/tx/${done.ownershipRecord.transactionHash}`,
    );
    expect(done.vcData.ipfsUrl).toMatch(/\/ipfs\//);
    const [asset] = json<MyAssetsResponse>(
      await callApi(t.app, 'GET', '/api/token-purchases/my-assets', buyer),
    ).assets.filter((a) => a.id === purchase.id);
    // 5 tokens at 0.001 ETH: what the Overview sums as the portfolio's value.
    expect(asset).toMatchObject({ costETH: '0.005', explorerUrl: done.ownershipRecord.explorerUrl });
    expect(await onChain(token.id, buyer.eth)).toBe(500n);
    const issuerAfter = await ethBalance(issuerEth.address);
    expect(issuerAfter - issuerBefore).toBe(5n * 10n ** 15n);
    expect(await listingRow(listing.id)).toMatchObject({ reserved: '500', sold: '500' }); // base units
    const notes = json<{ notifications: Array<{ type: string; data: Record<string, string> }> }>(
      await callApi(t.app, 'GET', '/api/notifications', buyer),
    ).notifications;
    expect(notes).toContainEqual(
      expect.objectContaining({ type: 'purchase.settled', data: { amount: '5', symbol: 'EVE' } }),
    );
  });

  it('ERC-20 escrow sells whole tokens only', async () => {
    const token = await issueToken(t.app, issuer, { symbol: 'WHL', decimals: 2, totalSupply: '100' });
    const listing = await listToken(t.app, issuer, token.id, { tokenAmount: '10' });
    const response = await callApi(t.app, 'POST', `/api/escrow/${listing.id}/purchase`, buyer, {
      amount: '1.5',
      investorDid: buyer.did,
      investorWallet: buyer.eth,
    });
    expect(response.statusCode).toBe(400);
  });

  it('ERC-721: the buyer receives the next items of the listing', async () => {
    const token = await issueToken(t.app, issuer, { symbol: 'ITM', tokenType: 'ERC721', totalSupply: '20' });
    const first = await listToken(t.app, issuer, token.id, { tokenAmount: '5' });
    const second = await listToken(t.app, issuer, token.id, { tokenAmount: '5' });
    const bought = await settled(t.app, buyer, (await buyEscrow(second.id, 2)).id);
    expect(bought.purchase.status).toBe('COMPLETED');
    expect(await onChain(token.id, buyer.eth)).toBe(2n);
    const [row] = await t.app.container.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.id, bought.purchase.id));
    expect(row!.itemIds).toEqual(['6', '7']);
    expect(first.status).toBe('DEPLOYED');
    const metadata = await t.app.inject({ method: 'GET', url: `/api/tokens/${token.id}/items/6` });
    expect(json(metadata)).toMatchObject({ name: 'Settlement Token #6' });
    const direct = await callApi(t.app, 'POST', '/api/issuer/listings', issuer, {
      tokenId: token.id,
      kind: 'direct',
      tokenAmount: '1',
      priceETH: '0.001',
      deadline: new Date(t.clock.now().getTime() + 86_400_000).toISOString(),
    });
    expect(json(direct).error).toBe(messages.issuerItemsInEscrowOnly);
  });

  it('fails with a clear message and releases the tokens when the vault cannot pay', async () => {
    const token = await issueToken(t.app, issuer, {
      symbol: 'DEAR',
      tokenType: 'ERC1155',
      totalSupply: '100',
    });
    const listing = await listToken(t.app, issuer, token.id, { tokenAmount: '10', priceETH: '5' });
    const done = await settled(t.app, buyer, (await buyEscrow(listing.id, 1)).id);
    expect(done.purchase).toMatchObject({ status: 'FAILED', error: messages.purchaseInsufficientFunds });
    expect(done.ownershipRecord.transactionHash).toBeNull();
    expect(await listingRow(listing.id)).toMatchObject({ reserved: '0', sold: '0' });
  });
});

describe('direct purchases and SPL tokens', () => {
  it('ERC-1155 direct: paid through the payment recorder, delivered from the treasury', async () => {
    const token = await issueToken(t.app, issuer, { symbol: 'DIR', tokenType: 'ERC1155', totalSupply: '50' });
    await listToken(t.app, issuer, token.id, { kind: 'direct', tokenAmount: '10' });
    const done = await settled(t.app, buyer, (await buyDirect(token.id, 3)).id);
    expect(done.purchase.status).toBe('COMPLETED');
    expect(done.purchase.paymentTxHash).not.toBe(done.purchase.deliveryTxHash);
    expect(await onChain(token.id, buyer.eth)).toBe(3n);
    expect(await t.app.container.purchases.paymentRecorded(done.purchase.id)).toBe(true);
  });

  it('SPL escrow and direct: ETH paid on Ethereum, tokens delivered to the SOL address', async () => {
    const token = await issueToken(t.app, issuer, {
      symbol: 'SPLT',
      tokenType: 'SPL',
      decimals: 2,
      totalSupply: '1000',
    });
    expect(token.status).toBe('DEPLOYED');
    const escrow = await listToken(t.app, issuer, token.id, { tokenAmount: '100' });
    expect(escrow.status).toBe('DEPLOYED');
    await listToken(t.app, issuer, token.id, { kind: 'direct', tokenAmount: '100' });
    const wrong = await callApi(t.app, 'POST', `/api/escrow/${escrow.id}/purchase`, buyer, {
      amount: 1,
      investorDid: buyer.did,
      investorWallet: buyer.eth,
    });
    expect(wrong.statusCode).toBe(400);
    const fromEscrow = await settled(t.app, buyer, (await buyEscrow(escrow.id, '1.25', buyer.sol)).id);
    expect(fromEscrow.purchase.status).toBe('COMPLETED');
    const direct = await settled(t.app, buyer, (await buyDirect(token.id, 2, buyer.sol)).id);
    expect(direct.purchase.status).toBe('COMPLETED');
    expect(await onChain(token.id, buyer.sol)).toBe(325n);
  });
});

describe('crash safety and the books', () => {
  it('a settlement re-run after a crash reuses its transactions and never delivers twice', async () => {
    const token = await issueToken(t.app, issuer, {
      symbol: 'CRSH',
      tokenType: 'ERC1155',
      totalSupply: '100',
    });
    await listToken(t.app, issuer, token.id, { kind: 'direct', tokenAmount: '10' });
    const done = await settled(t.app, buyer, (await buyDirect(token.id, 4)).id);
    const { db } = t.app.container.database;
    // As if the worker died after both sends but before recording anything.
    await db
      .update(purchases)
      .set({ status: 'SETTLING', paymentTxHash: null, deliveryTxHash: null, vcCid: null, completedAt: null })
      .where(eq(purchases.id, done.purchase.id));
    await db.update(listings).set({ sold: '0' }).where(eq(listings.id, done.purchase.listingId));
    // The books' holding is written in the same transaction as COMPLETED: gone with it.
    await db.delete(tokenHoldings).where(eq(tokenHoldings.tokenId, token.id));
    await t.app.container.purchases.settle(done.purchase.id, { attempts: 1, maxAttempts: 8 } as never);
    const again = await settled(t.app, buyer, done.purchase.id);
    expect(again.purchase).toMatchObject({
      status: 'COMPLETED',
      paymentTxHash: done.purchase.paymentTxHash,
      deliveryTxHash: done.purchase.deliveryTxHash,
    });
    expect(await onChain(token.id, buyer.eth)).toBe(4n);
    expect(await listingRow(done.purchase.listingId)).toMatchObject({ sold: '4' });
  });

  it('reconcile agrees with the chains, and reports a tampered book', async () => {
    await eventually(
      async () =>
        (await t.app.container.database.db.select().from(purchases)).filter(
          (p) => p.status === 'PENDING' || p.status === 'SETTLING',
        ).length,
      (n) => n === 0,
      'purchases to settle',
    );
    expect((await t.app.container.reconcile.run()).problems).toEqual([]);
    const [completed] = await t.app.container.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.status, 'COMPLETED'));
    await t.app.container.database.db
      .update(listings)
      .set({ sold: '0' })
      .where(eq(listings.id, completed!.listingId));
    const report = await t.app.container.reconcile.run();
    expect(report.problems.some((p) => p.includes(completed!.listingId))).toBe(true);
    await t.app.container.database.db
      .update(listings)
      .set({ sold: (await listingRow(completed!.listingId)).reserved })
      .where(eq(listings.id, completed!.listingId));
  });

  it('cancelling returns the unsold tokens to the issuer once purchases have settled', async () => {
    const token = await issueToken(t.app, issuer, {
      symbol: 'CNCL',
      tokenType: 'ERC1155',
      totalSupply: '30',
    });
    const listing = await listToken(t.app, issuer, token.id, { tokenAmount: '20' });
    await settled(t.app, buyer, (await buyEscrow(listing.id, 5)).id);
    const cancelled = await callApi(t.app, 'POST', `/api/issuer/listings/${listing.id}/cancel`, issuer);
    expect(cancelled.statusCode).toBe(200);
    const treasury = (await t.app.container.vault.info(issuer.user.id)).wallets.find((w) =>
      w.assetId.startsWith('ETH'),
    )!.address;
    await eventually(
      () => onChain(token.id, treasury),
      (held) => held === 25n,
      'unsold tokens to return',
    );
    // The job records what came back right after the chain confirms it.
    await eventually(
      () => listingRow(listing.id),
      (row) => row.returned === '15',
      'the return to be recorded',
    );
    expect(await listingRow(listing.id)).toMatchObject({ status: 'CLOSED', returned: '15' });
    const closedBuy = await callApi(t.app, 'POST', `/api/escrow/${listing.id}/purchase`, buyer, {
      amount: 1,
      investorDid: buyer.did,
      investorWallet: buyer.eth,
    });
    expect(closedBuy.statusCode).toBe(409);
  });
});
