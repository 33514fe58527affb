import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HoldingsResponse, VaultBalancesResponse } from '@portal/shared/holdings';
import { messages } from '@portal/shared/messages';
import type { MyAssetsResponse, PurchaseResponse } from '@portal/shared/purchases';
import { issueToken, listToken, settled } from '../../test/issuance.js';
import { issuerAccount, verifiedInvestor } from '../../test/market-fixtures.js';
import { callApi, createTestApp, json, type TestApp } from '../../test/test-app.js';
import { IssuerRepo } from '../issuer/issuer.repo.js';
import { ledgerToken } from '../issuer/issuer.service.js';
import { CHAIN_READ_TIMEOUT_MS } from './holdings.service.js';

/** Holdings through HTTP on the real embedded chains: purchases settle through the jobs. */
let t: TestApp;
let issuer: Awaited<ReturnType<typeof issuerAccount>>;
let buyer: Awaited<ReturnType<typeof verifiedInvestor>>;
let tokenId: string;
const purchaseIds: string[] = [];
let failedId: string;
let failedTokenId: string;

let splTokenId: string;

const buy = async (listingId: string, amount: number, wallet = buyer.eth) => {
  const response = await callApi(t.app, 'POST', `/api/escrow/${listingId}/purchase`, buyer, {
    amount,
    investorDid: buyer.did,
    investorWallet: wallet,
  });
  expect(response.statusCode, response.body).toBe(202);
  return (await settled(t.app, buyer, json<PurchaseResponse>(response).data.purchase.id)).purchase;
};
const holdingsOf = async (who: { token: string }) => {
  const response = await callApi(t.app, 'GET', '/api/holdings', who);
  expect(response.statusCode, response.body).toBe(200);
  return json<HoldingsResponse>(response);
};

beforeAll(async () => {
  t = await createTestApp();
  issuer = await issuerAccount(t.app);
  buyer = await verifiedInvestor(t.app);
  const token = await issueToken(t.app, issuer, { symbol: 'HLD', decimals: 2, totalSupply: '1000' });
  tokenId = token.id;
  // 0.002 ETH per whole token.
  const listing = await listToken(t.app, issuer, token.id, { tokenAmount: '100', priceETH: '0.002' });
  for (const amount of [2, 3]) {
    const done = await buy(listing.id, amount);
    expect(done.status).toBe('COMPLETED');
    purchaseIds.push(done.id);
  }
  // A token on Solana, delivered to the SOL address: another chain, read under its own deadline.
  const spl = await issueToken(t.app, issuer, {
    symbol: 'SOLH',
    tokenType: 'SPL',
    decimals: 2,
    totalSupply: '1000',
  });
  splTokenId = spl.id;
  const splListing = await listToken(t.app, issuer, spl.id, { tokenAmount: '100', priceETH: '0.001' });
  expect((await buy(splListing.id, 4, buyer.sol)).status).toBe('COMPLETED');
  // More than the vault's test ETH can pay: the settlement fails.
  const dear = await issueToken(t.app, issuer, { symbol: 'DEAR', tokenType: 'ERC1155', totalSupply: '100' });
  failedTokenId = dear.id;
  const expensive = await listToken(t.app, issuer, dear.id, { tokenAmount: '10', priceETH: '5' });
  const failed = await buy(expensive.id, 1);
  expect(failed.status).toBe('FAILED');
  failedId = failed.id;
}, 180_000);
afterAll(() => t.close());

describe('GET /api/holdings', () => {
  it('two purchases of one token are one holding with their sum and both purchases', async () => {
    const { holdings } = await holdingsOf(buyer);
    const held = holdings.filter((holding) => holding.token.id === tokenId);
    expect(held).toHaveLength(1);
    const [holding] = held;
    expect(holding).toMatchObject({
      token: {
        symbol: 'HLD',
        tokenType: 'ERC20',
        blockchain: 'ethereum',
        decimals: 2,
        totalSupply: '100000',
      },
      issuer: { email: issuer.email },
      balance: '500', // base units: 5 whole tokens
      booked: '500',
      frozen: '0',
      lockedUntil: null,
      percent: '0.500000',
      priceWei: (2n * 10n ** 15n).toString(),
      priceSource: 'last-sale',
      valueWei: (10n ** 16n).toString(), // 5 × 0.002 ETH
      addresses: [buyer.eth],
    });
    // The test clock stands still, so both purchases share a moment: compare them as a set.
    expect(holding!.purchases.map((p) => `${p.id}:${p.amount}`).sort()).toEqual(
      [`${purchaseIds[0]}:200`, `${purchaseIds[1]}:300`].sort(),
    );
    for (const purchase of holding!.purchases) {
      expect(purchase.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(purchase.explorerUrl).toContain(purchase.transactionHash);
      expect(purchase.vcUrl).toMatch(/\/ipfs\//);
    }
    // The old route still answers one entry per purchase (docs/product.md §7).
    const assets = json<MyAssetsResponse>(
      await callApi(t.app, 'GET', '/api/token-purchases/my-assets', buyer),
    );
    expect(assets.assets.filter((asset) => asset.tokenId === tokenId)).toHaveLength(2);
  });

  it('reads the balance from the chain, and it equals the books', async () => {
    const { holdings } = await holdingsOf(buyer);
    const holding = holdings.find((h) => h.token.id === tokenId)!;
    const row = (await new IssuerRepo(t.app.container.database.db).token(tokenId))!;
    const onChain = await t.app.container.issuer.ledger(row).balanceOf(ledgerToken(row), buyer.eth);
    expect(holding.chainBalance).toBe(onChain.toString());
    expect(holding).toMatchObject({ chainBalance: '500', booked: '500', agrees: true, chainError: null });
  });

  it('a failed purchase is an attempt, never a holding', async () => {
    const { holdings, attempts } = await holdingsOf(buyer);
    expect(holdings.some((holding) => holding.token.id === failedTokenId)).toBe(false);
    expect(attempts).toEqual([
      expect.objectContaining({
        id: failedId,
        status: 'FAILED',
        amount: '1',
        error: messages.purchaseInsufficientFunds,
        token: expect.objectContaining({ id: failedTokenId, symbol: 'DEAR' }),
      }),
    ]);
    expect(JSON.stringify(attempts)).not.toContain('"percent"');
  });

  it('totals the value in wei and allocates it by token', async () => {
    const { totals } = await holdingsOf(buyer);
    // 5 HLD at 0.002 ETH and 4 SOLH at 0.001 ETH: 0.01 + 0.004 ETH.
    expect(totals).toEqual({
      valueWei: (14n * 10n ** 15n).toString(),
      unpriced: 0,
      allocation: [
        {
          tokenId,
          symbol: 'HLD',
          name: 'Settlement Token',
          valueWei: (10n ** 16n).toString(),
          percent: '71.428571',
        },
        {
          tokenId: splTokenId,
          symbol: 'SOLH',
          name: 'Settlement Token',
          valueWei: (4n * 10n ** 15n).toString(),
          percent: '28.571429',
        },
      ],
    });
  });

  it("another user's holdings are never visible", async () => {
    const other = await verifiedInvestor(t.app);
    const answer = await holdingsOf(other);
    expect(answer).toEqual({
      success: true,
      holdings: [],
      attempts: [],
      totals: { valueWei: '0', unpriced: 0, allocation: [] },
    });
    const balances = json<VaultBalancesResponse>(await callApi(t.app, 'GET', '/api/vault/balances', other));
    const text = JSON.stringify(balances);
    for (const id of [...purchaseIds, failedId, tokenId, buyer.eth]) expect(text).not.toContain(id);
    expect((await callApi(t.app, 'GET', '/api/holdings', { token: '' })).statusCode).toBe(401);
  });

  it('a chain that fails marks its entries (null chain balance, the books shown) and answers 200', async () => {
    const ledger = t.app.container.tokenLedgers.get('ethereum')!;
    const spy = vi.spyOn(ledger, 'balanceOf').mockRejectedValue(new Error('node down'));
    try {
      const { holdings, totals } = await holdingsOf(buyer);
      expect(holdings.find((h) => h.token.id === tokenId)).toMatchObject({
        balance: '500',
        chainBalance: null,
        chainError: 'unavailable',
        booked: '500',
        agrees: null,
        valueWei: (10n ** 16n).toString(),
      });
      // Valued from the books: the total is the same.
      expect(totals.valueWei).toBe((14n * 10n ** 15n).toString());
    } finally {
      spy.mockRestore();
    }
  });

  it('a chain that does not answer in time marks its entries timed out', async () => {
    const ledger = t.app.container.tokenLedgers.get('ethereum')!;
    const spy = vi.spyOn(ledger, 'balanceOf').mockReturnValue(new Promise<bigint>(() => undefined));
    try {
      const started = Date.now();
      const { holdings } = await holdingsOf(buyer);
      expect(Date.now() - started).toBeLessThan(CHAIN_READ_TIMEOUT_MS + 3_000);
      expect(holdings.find((h) => h.token.id === tokenId)).toMatchObject({
        chainBalance: null,
        chainError: 'timeout',
        balance: '500',
      });
      // Solana answered in time: its entry is read from its chain.
      expect(holdings.find((h) => h.token.id === splTokenId)).toMatchObject({
        token: { blockchain: 'solana', tokenType: 'SPL' },
        chainBalance: '400',
        chainError: null,
        agrees: true,
        addresses: [buyer.sol],
      });
    } finally {
      spy.mockRestore();
    }
  }, 20_000);
});

describe('GET /api/vault/balances', () => {
  it("each vault address's native balance and the portal's tokens held there, from the chains", async () => {
    const response = await callApi(t.app, 'GET', '/api/vault/balances', buyer);
    expect(response.statusCode, response.body).toBe(200);
    const { balances } = json<VaultBalancesResponse>(response);
    const eth = balances.find((b) => b.address === buyer.eth)!;
    const wei = await t.app.container.chain.publicClient.getBalance({ address: buyer.eth as `0x${string}` });
    expect(eth.native).toEqual({ symbol: 'ETH', decimals: 18, balance: wei.toString(), error: null });
    expect(wei).toBeGreaterThan(0n);
    expect(eth.tokens).toEqual([
      { tokenId, symbol: 'HLD', decimals: 2, balance: '500', error: null },
      // The failed purchase delivered nothing: the token is not listed.
    ]);
    const sol = balances.find((b) => b.address === buyer.sol)!;
    expect(sol.native).toMatchObject({ symbol: 'SOL', decimals: 9, error: null });
    expect(sol.tokens).toEqual([
      { tokenId: splTokenId, symbol: 'SOLH', decimals: 2, balance: '400', error: null },
    ]);
    // No XRP Ledger node and no Bitcoin engine in this deployment.
    expect(balances.find((b) => b.assetId.startsWith('XRP'))!.native).toEqual({
      symbol: 'XRP',
      decimals: 6,
      balance: null,
      error: 'not-connected',
    });
    expect(balances.find((b) => b.assetId.startsWith('BTC'))!.native.error).toBe('not-connected');
  });
});
