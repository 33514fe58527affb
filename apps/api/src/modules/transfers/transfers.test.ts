import { sql } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/shared/messages';
import type { NotificationsResponse } from '@portal/shared/notifications';
import type { Transfer, TransferCheckResponse, TransfersResponse } from '@portal/shared/transfers';
import { eventually, issueToken, listToken, settled } from '../../test/issuance.js';
import { linkWallet } from '../../test/linked-wallet.js';
import { issuerAccount, verifiedInvestor } from '../../test/market-fixtures.js';
import { bearer, callApi, createTestApp, json, register, type TestApp } from '../../test/test-app.js';
import { IssuerRepo } from '../issuer/issuer.repo.js';
import { ledgerToken } from '../issuer/issuer.service.js';
import type { TransferChain } from './transfers.chain.js';

/**
 * Transfers on the embedded EVM (ADR 76), through HTTP and the job: one app, one ERC-20 token,
 * alice holds 10 and sends to bob by his handle, is refused for carol (not verified) before
 * anything is signed, and withdraws to her own linked wallet.
 */
let t: TestApp;
let alice: Awaited<ReturnType<typeof verifiedInvestor>>;
let bob: Awaited<ReturnType<typeof verifiedInvestor>>;
let tokenId: string;

beforeAll(async () => {
  t = await createTestApp();
  const issuer = await issuerAccount(t.app);
  [alice, bob] = [await verifiedInvestor(t.app), await verifiedInvestor(t.app)];
  const token = await issueToken(t.app, issuer, { symbol: 'TRF', decimals: 0, totalSupply: '1000' });
  tokenId = token.id;
  const listing = await listToken(t.app, issuer, tokenId, { tokenAmount: '100', priceETH: '0.001' });
  const bought = await callApi(t.app, 'POST', `/api/escrow/${listing.id}/purchase`, alice, {
    escrowId: listing.id,
    amount: 10,
    investorDid: alice.did,
    investorWallet: alice.eth,
  });
  expect(bought.statusCode, bought.body).toBe(202);
  const id = json<{ data: { purchase: { id: string } } }>(bought).data.purchase.id;
  expect((await settled(t.app, alice, id)).purchase.status).toBe('COMPLETED');
}, 180_000);
afterAll(() => t.close());

const balance = async (owner: string) => {
  const row = (await new IssuerRepo(t.app.container.database.db).token(tokenId))!;
  return t.app.container.issuer.ledger(row).balanceOf(ledgerToken(row), owner);
};
const send = (who: { token: string }, payload: object, key: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/transfers',
    headers: { ...bearer(who.token), 'idempotency-key': key },
    payload,
  });
const check = (who: { token: string }, payload: object) =>
  callApi(t.app, 'POST', '/api/transfers/check', who, payload);
const handleOf = async (who: { token: string }) =>
  json<{ handle: string }>(await callApi(t.app, 'GET', '/api/transfers/handle', who)).handle;
const history = async (who: { token: string }) =>
  json<TransfersResponse>(await callApi(t.app, 'GET', '/api/transfers', who)).transfers;
/** Every transaction the portal ever signed for a keyed send (ADR 17). */
const signedSends = async () => {
  const result = await t.app.container.database.db.execute(sql`select count(*)::int as n from chain_sends`);
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
};
const noticesOf = async (who: { token: string }) =>
  json<NotificationsResponse>(await callApi(t.app, 'GET', '/api/notifications', who)).notifications.map(
    (notice) => notice.type,
  );

describe('transfers between investors and to my own wallet', () => {
  let bobHandle: string;

  it('gives each investor a random handle that resolves to "a verified investor" only', async () => {
    const first = await handleOf(bob);
    expect(first).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(await handleOf(bob)).toBe(first);
    const renewed = json<{ handle: string }>(
      await callApi(t.app, 'POST', '/api/transfers/handle', bob),
    ).handle;
    expect(renewed).not.toBe(first);
    bobHandle = renewed;
    // The old handle is unknown now; a malformed one is a 400; neither says anything of anyone.
    const old = await check(alice, { tokenId, amount: '1', to: { handle: first } });
    expect(old.statusCode).toBe(404);
    expect(json(old).error).toBe(messages.transferHandleNotFound);
    expect((await check(alice, { tokenId, amount: '1', to: { handle: 'not-a-handle!' } })).statusCode).toBe(
      400,
    );
    // Typed in lower case with a dash, it is the same handle.
    const typed = `${bobHandle.slice(0, 5).toLowerCase()}-${bobHandle.slice(5)}`;
    const answer = await check(alice, { tokenId, amount: '3', to: { handle: typed } });
    expect(answer.statusCode, answer.body).toBe(200);
    const body = json<TransferCheckResponse>(answer);
    expect(body.recipient).toEqual({ kind: 'peer', address: null });
    expect(body.eligibility.eligible).toBe(true);
    expect(answer.body).not.toContain(bob.eth);
    expect(answer.body).not.toContain(bob.email);
    // My own handle is not a way to send to myself.
    expect(
      (await check(alice, { tokenId, amount: '1', to: { handle: await handleOf(alice) } })).statusCode,
    ).toBe(400);
  });

  it('refuses an ineligible receiver before anything is signed, with the purchase words', async () => {
    const carol = await register(t.app);
    const carolHandle = await handleOf(carol);
    const sends = await signedSends();
    const before = { alice: await balance(alice.eth), mine: await history(alice) };
    const refused = await send(alice, { tokenId, amount: '2', to: { handle: carolHandle } }, 'to-carol-0001');
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toMatchObject({ code: 'NOT_ELIGIBLE', reason: 'not-verified' });
    expect(json(refused).error).toBe(messages.eligibilityNotVerified);
    const checked = json<TransferCheckResponse>(
      await check(alice, { tokenId, amount: '2', to: { handle: carolHandle } }),
    );
    expect(checked.eligibility).toMatchObject({ eligible: false, reason: 'not-verified' });
    // More than is free is the rules' "frozen" answer with what is free.
    const tooMuch = await send(alice, { tokenId, amount: '11', to: { handle: bobHandle } }, 'too-much-0001');
    expect(tooMuch.statusCode).toBe(403);
    expect(json(tooMuch)).toMatchObject({ reason: 'frozen', params: { amount: '10' } });
    expect(await balance(alice.eth)).toBe(before.alice);
    expect(await history(alice)).toEqual(before.mine);
    expect(await signedSends()).toBe(sends);
    expect(
      (await send(alice, { tokenId, amount: '0', to: { handle: bobHandle } }, 'zero-0001')).statusCode,
    ).toBe(400);
  });

  it('sends to an eligible investor by handle: on chain, in both histories, the receiver told', async () => {
    const body = { tokenId, amount: '3', to: { handle: bobHandle } };
    const sent = await send(alice, body, 'to-bob-0001');
    expect(sent.statusCode, sent.body).toBe(201);
    const transfer = json<{ transfer: Transfer }>(sent).transfer;
    expect(transfer).toMatchObject({ status: 'COMPLETED', direction: 'out', kind: 'peer', amount: '3' });
    expect(transfer.counterparty).toBe(bobHandle);
    expect(transfer.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await balance(alice.eth)).toBe(7n);
    expect(await balance(bob.eth)).toBe(3n);
    // The same key is the same transfer; the same key for another amount is refused.
    expect(json<{ transfer: Transfer }>(await send(alice, body, 'to-bob-0001')).transfer.id).toBe(
      transfer.id,
    );
    expect((await send(alice, { ...body, amount: '4' }, 'to-bob-0001')).statusCode).toBe(422);
    expect(await balance(alice.eth)).toBe(7n);

    const received = (await history(bob)).find((entry) => entry.id === transfer.id)!;
    expect(received).toMatchObject({ direction: 'in', counterparty: null, txHash: transfer.txHash });
    expect(JSON.stringify(await history(bob))).not.toContain(alice.eth);
    expect(await noticesOf(bob)).toContain('transfer.received');
    expect(await noticesOf(alice)).toContain('transfer.completed');
    // The books moved for both sides, as My Assets shows them.
    const holdings = json<{ holdings: Array<{ token: { id: string }; booked: string }> }>(
      await callApi(t.app, 'GET', '/api/holdings', bob),
    ).holdings;
    expect(holdings.find((h) => h.token.id === tokenId)?.booked).toBe('3');
    expect((await t.app.container.reconcile.run()).problems).toEqual([]);
  });

  it('withdraws only to a wallet linked to my verified identity, then on chain into self-custody', async () => {
    const stranger = privateKeyToAccount(generatePrivateKey()).address;
    const unlinked = await send(alice, { tokenId, amount: '1', to: { wallet: stranger } }, 'w-stranger-01');
    expect(unlinked.statusCode).toBe(400);
    expect(json(unlinked).error).toBe(messages.transferWalletNotLinked);
    // Bob's linked wallet is not Alice's either.
    const bobs = await linkWallet(t.app, bob, t.clock.now());
    expect(
      (await send(alice, { tokenId, amount: '1', to: { wallet: bobs } }, 'w-bobs-0001')).statusCode,
    ).toBe(400);

    const own = await linkWallet(t.app, alice, t.clock.now());
    const checked = json<TransferCheckResponse>(
      await check(alice, { tokenId, amount: '2', to: { wallet: own } }),
    );
    expect(checked).toMatchObject({ recipient: { kind: 'withdrawal' }, eligibility: { eligible: true } });
    const sent = await send(alice, { tokenId, amount: '2', to: { wallet: own } }, 'w-own-00001');
    expect(sent.statusCode, sent.body).toBe(201);
    expect(json<{ transfer: Transfer }>(sent).transfer).toMatchObject({
      status: 'COMPLETED',
      kind: 'withdrawal',
      counterparty: own.toLowerCase(),
    });
    expect(await balance(own)).toBe(2n);
    expect(await balance(alice.eth)).toBe(5n);
    const report = await t.app.container.reconcile.run();
    expect(report.problems).toEqual([]);
    expect(report.transfers).toBe(2);

    // The statement lines change the holdings exactly as the books did.
    const all = { from: new Date(0), to: new Date('9999-01-01T00:00:00Z') };
    const lines = async (userId: string) =>
      (await t.app.container.transfers.statementLines(userId, all)).lines.map((line) => line.holdingChange);
    expect(await lines(alice.user.id)).toEqual([-3n, -2n]);
    expect(await lines(bob.user.id)).toEqual([3n]);
  });

  it('sends ERC-721 items one at a time and ERC-1155 amounts; other chains are refused with a 409', async () => {
    const issuer = await issuerAccount(t.app);
    for (const tokenType of ['ERC721', 'ERC1155'] as const) {
      const token = await issueToken(t.app, issuer, {
        symbol: `T${tokenType}`,
        tokenType,
        totalSupply: '20',
      });
      const listing = await listToken(t.app, issuer, token.id, { tokenAmount: '5', priceETH: '0.001' });
      const bought = await callApi(t.app, 'POST', `/api/escrow/${listing.id}/purchase`, alice, {
        escrowId: listing.id,
        amount: 3,
        investorDid: alice.did,
        investorWallet: alice.eth,
      });
      const id = json<{ data: { purchase: { id: string } } }>(bought).data.purchase.id;
      expect((await settled(t.app, alice, id)).purchase.status).toBe('COMPLETED');
      const body = { tokenId: token.id, amount: '2', to: { handle: bobHandle } };
      if (tokenType === 'ERC721') {
        const refused = await send(alice, body, `items-two-${tokenType}`);
        expect(refused.statusCode).toBe(400);
        expect(json(refused).error).toBe(messages.transferItemsOneByOne);
      }
      const amount = tokenType === 'ERC721' ? '1' : '2';
      const sent = await send(alice, { ...body, amount }, `items-${tokenType}`);
      expect(sent.statusCode, sent.body).toBe(201);
      expect(json<{ transfer: Transfer }>(sent).transfer.status).toBe('COMPLETED');
      const row = (await new IssuerRepo(t.app.container.database.db).token(token.id))!;
      const ledger = t.app.container.issuer.ledger(row);
      expect(await ledger.balanceOf(ledgerToken(row), bob.eth)).toBe(BigInt(amount));
      expect(await ledger.balanceOf(ledgerToken(row), alice.eth)).toBe(3n - BigInt(amount));
    }
    const spl = await issueToken(t.app, issuer, { symbol: 'TSPL', tokenType: 'SPL', totalSupply: '20' });
    const solana = await check(alice, { tokenId: spl.id, amount: '1', to: { handle: bobHandle } });
    expect(solana.statusCode).toBe(409);
    expect(json(solana).error).toBe(messages.transferChainUnsupported);
    expect((await t.app.container.reconcile.run()).problems).toEqual([]);
  });

  it('resumes a send that died after broadcasting, without sending twice', async () => {
    // The transaction goes out, then the process "dies" before anything is recorded.
    const chain = Reflect.get(
      Reflect.get(t.app.container.transfers, 'deps') as object,
      'chain',
    ) as TransferChain;
    const real = chain.send.bind(chain);
    let crashes = 0;
    chain.send = async (...args) => {
      const hash = await real(...args);
      if (crashes++ === 0) throw new Error('process died after the transfer was sent');
      return hash;
    };
    const sent = await send(alice, { tokenId, amount: '1', to: { handle: bobHandle } }, 'to-bob-crash-01');
    expect(sent.statusCode, sent.body).toBe(201);
    const id = json<{ transfer: Transfer }>(sent).transfer.id;
    // PENDING, unless the queue's own run already finished it from the keyed send.
    expect(['PENDING', 'COMPLETED']).toContain(json<{ transfer: Transfer }>(sent).transfer.status);
    expect(await balance(alice.eth)).toBe(4n);
    // The queue retries (its back-off runs on the test clock) and finds the keyed send already made.
    const later = async () => {
      t.clock.advance(3000);
      t.app.container.jobs.notify();
      return history(alice);
    };
    await eventually(
      later,
      (list) => list.find((entry) => entry.id === id)?.status === 'COMPLETED',
      'the retry',
    );
    chain.send = real;
    expect(crashes).toBeGreaterThanOrEqual(2);
    expect(await balance(alice.eth)).toBe(4n);
    expect(await balance(bob.eth)).toBe(4n);
    expect((await t.app.container.reconcile.run()).problems).toEqual([]);
  });
});
