import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ChainFamily } from '@portal/shared/chain-families';
import type { TokenComplianceResponse } from '@portal/shared/compliance';
import type { CreateTokenRequest, IssuerToken } from '@portal/shared/issuer';
import { messages } from '@portal/shared/messages';
import type { MyAssetsResponse, PurchaseResponse } from '@portal/shared/purchases';
import type { CustodyAssetId } from '@portal/shared/vault';
import type { Env } from '../config.js';
import { listings, purchases, tokenActions, tokenHoldings } from '../db/schema/index.js';
import { IssuerRepo } from '../modules/issuer/issuer.repo.js';
import { ledgerToken } from '../modules/issuer/issuer.service.js';
import { eventually, issueToken, listToken, settled } from './issuance.js';
import { issuerAccount, verifiedInvestor } from './market-fixtures.js';
import { bearer, callApi, createTestApp, json, type TestApp } from './test-app.js';

/**
 * The end-to-end purchase on a ledger the portal reaches through a configured node (the XRP
 * Ledger, Stellar: docs/decisions/0066-xrpl-and-stellar.md), run the same way on each against its
 * local test server: issue, list, buy with ETH from escrow and directly, resume after a crash,
 * reconcile, freeze and force a transfer back to the treasury — all over HTTP.
 */

export interface LedgerPortal {
  t: TestApp;
  issuer: Awaited<ReturnType<typeof issuerAccount>>;
  buyer: Awaited<ReturnType<typeof verifiedInvestor>> & { address: string };
}

/** A portal with `env` (the ledger's node), an issuer and a verified investor with its address there. */
export async function ledgerPortal(env: Env, wallet: CustodyAssetId): Promise<LedgerPortal> {
  const t = await createTestApp({ env });
  const issuer = await issuerAccount(t.app);
  const investor = await verifiedInvestor(t.app);
  const wallets = (await t.app.container.vault.info(investor.user.id)).wallets;
  return { t, issuer, buyer: { ...investor, address: wallets.find((w) => w.assetId === wallet)!.address } };
}

/** What differs between ledgers: the token's type and how the test server shows a holding. */
export interface LedgerScenario {
  blockchain: ChainFamily;
  token: Pick<CreateTokenRequest, 'symbol' | 'tokenType'>;
  /** Checks the deployed token on the ledger (its address, its flags). */
  deployed(token: IssuerToken): void;
  /** A delivery hash as the ledger writes it. */
  hash: RegExp;
  txUrl(hash: string): string;
  tokenUrl(token: IssuerToken): string;
  /** Checks the buyer's holding on the test server once it holds 3.25 tokens, authorised. */
  held(token: IssuerToken, holder: string): void;
  /** Moves the holding on the test server by `delta` base units, behind the portal's back. */
  shift(token: IssuerToken, holder: string, delta: bigint): void;
  /** Whether the issuer's freeze reached the holding on the test server. */
  frozen(token: IssuerToken, holder: string): boolean;
}

export async function purchaseOnLedger(portal: LedgerPortal, scenario: LedgerScenario): Promise<void> {
  const { t, issuer, buyer } = portal;
  const token = await issueToken(t.app, issuer, { ...scenario.token, decimals: 2, totalSupply: '1000' });
  expect(token).toMatchObject({ status: 'DEPLOYED', blockchain: scenario.blockchain, environment: 'local' });
  scenario.deployed(token);
  const escrow = await listToken(t.app, issuer, token.id, { tokenAmount: '100' });
  expect(escrow.status).toBe('DEPLOYED');
  await listToken(t.app, issuer, token.id, { kind: 'direct', tokenAmount: '100' });

  const bought = await t.app.inject({
    method: 'POST',
    url: `/api/escrow/${escrow.id}/purchase`,
    headers: bearer(buyer.token),
    payload: { escrowId: escrow.id, amount: '1.25', investorDid: buyer.did, investorWallet: buyer.address },
  });
  expect(bought.statusCode, bought.body).toBe(202);
  const fromEscrow = await settled(t.app, buyer, json<PurchaseResponse>(bought).data.purchase.id);
  expect(fromEscrow.purchase.status).toBe('COMPLETED');
  expect(fromEscrow.purchase.paymentTxHash).toMatch(/^0x[0-9a-f]{64}$/);
  expect(fromEscrow.purchase.deliveryTxHash).toMatch(scenario.hash);
  expect(fromEscrow.ownershipRecord.explorerUrl).toBe(scenario.txUrl(fromEscrow.purchase.deliveryTxHash!));
  // My Assets and the marketplace name the chain with the spec's label and link the explorer.
  const [asset] = json<MyAssetsResponse>(
    await callApi(t.app, 'GET', '/api/token-purchases/my-assets', buyer),
  ).assets.filter((a) => a.id === fromEscrow.purchase.id);
  expect(asset).toMatchObject({
    blockchain: scenario.blockchain,
    explorerUrl: fromEscrow.ownershipRecord.explorerUrl,
  });
  const market = await callApi(t.app, 'GET', `/api/escrow/marketplace?search=${token.symbol}`, buyer);
  expect(market.body).toContain(`"blockchain":"${scenario.blockchain}"`);
  expect(market.body).toContain(`"explorerUrl":"${scenario.tokenUrl(token)}"`);
  const direct = await callApi(t.app, 'POST', '/api/token-purchases', buyer, {
    tokenId: token.id,
    amount: 2,
    investorDid: buyer.did,
    investorWallet: buyer.address,
    purchasePrice: null,
  });
  expect(direct.statusCode, direct.body).toBe(202);
  const done = await settled(t.app, buyer, json<PurchaseResponse>(direct).data.purchase.id);
  expect(done.purchase.status).toBe('COMPLETED');
  const onChain = async () => {
    const row = (await new IssuerRepo(t.app.container.database.db).token(token.id))!;
    return t.app.container.issuer.ledger(row).balanceOf(ledgerToken(row), buyer.address);
  };
  expect(await onChain()).toBe(325n);
  // The buyer's vault opted in; the issuer's vault authorised it.
  scenario.held(token, buyer.address);

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
  expect(await onChain()).toBe(325n);

  // Reconcile compares the holders' books with the ledger, and sees a balance they do not explain.
  const mine = async () =>
    (await t.app.container.reconcile.run()).problems.filter((problem) => problem.includes(token.id));
  expect(await mine()).toEqual([]);
  scenario.shift(token, buyer.address, -1n);
  expect(await mine()).toEqual([
    `token ${token.symbol} (${token.id}) at ${buyer.address}: chain holds 324, the books 325`,
  ]);
  scenario.shift(token, buyer.address, 1n);

  // The issuer's freeze reaches the holder's holding; a forced transfer to the treasury is a clawback.
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
  expect(scenario.frozen(token, buyer.address)).toBe(true);
  expect(
    await act('forced-transfer', { fromHolderId: buyer.user.id, toHolderId: null, amount: '1', reason }),
  ).toMatchObject({ status: 'DONE' });
  expect(await onChain()).toBe(225n);
  expect(await mine()).toEqual([]);

  // Moves between holders have no form there: refused, and nothing moves.
  const other = await verifiedInvestor(t.app);
  const between = await act('forced-transfer', {
    fromHolderId: buyer.user.id,
    toHolderId: other.user.id,
    amount: '1',
    reason,
  });
  expect(between).toMatchObject({ status: 'FAILED' });
  const [failed] = await db.select().from(tokenActions).where(eq(tokenActions.id, between.id));
  expect(failed?.error).toBe(messages.complianceChainUnsupported);
  expect(await onChain()).toBe(225n);
  expect(await mine()).toEqual([]);
}
