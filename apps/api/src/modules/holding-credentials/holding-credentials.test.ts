import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VerifyCredentialResponse } from '@portal/shared/credentials';
import type {
  HoldingCredential,
  HoldingCredentialResponseSchema,
  HoldingCredentialShareResponseSchema,
  HoldingCredentialsResponseSchema,
} from '@portal/shared/holding-credentials';
import { messages } from '@portal/shared/messages';
import type { PurchaseResponse } from '@portal/shared/purchases';
import type { z } from 'zod';
import { independentVerifier } from '../../test/independent-verifier.js';
import { eventually, issueToken, listToken, settled } from '../../test/issuance.js';
import { issuerAccount, verifiedInvestor } from '../../test/market-fixtures.js';
import {
  callApi,
  createTestApp,
  json,
  openShared,
  shareTokenOf,
  type Registered,
  type TestApp,
} from '../../test/test-app.js';

/**
 * Holding credentials through HTTP (ADR 74): Alice holds 20, proves "at least 15" and "at least
 * 5", shares one by link; the issuer takes 10 by force and the first is revoked in the status
 * list, which a verifier with none of the portal's code sees.
 */
let t: TestApp;
let issuer: Registered;
let alice: Awaited<ReturnType<typeof verifiedInvestor>>;
let bob: Awaited<ReturnType<typeof verifiedInvestor>>;
let tokenId: string;
let verify: Awaited<ReturnType<typeof independentVerifier>>;

const issue = (who: { token: string }, body: object) =>
  callApi(t.app, 'POST', '/api/holding-credentials', who, body);
const issued = async (body: object) => {
  const response = await issue(alice, body);
  expect(response.statusCode, response.body).toBe(201);
  return json<z.infer<typeof HoldingCredentialResponseSchema>>(response).credential;
};
const listOf = async (who: { token: string }) =>
  json<z.infer<typeof HoldingCredentialsResponseSchema>>(
    await callApi(t.app, 'GET', '/api/holding-credentials', who),
  ).credentials;
/** The credential as anyone with the share link gets it. */
const shared = async (credential: HoldingCredential) => {
  const response = await callApi(t.app, 'POST', `/api/holding-credentials/${credential.id}/share`, alice);
  expect(response.statusCode, response.body).toBe(200);
  const { url } = json<z.infer<typeof HoldingCredentialShareResponseSchema>>(response);
  expect(url).toMatch(/^http:\/\/portal\.test\/verify#share=[A-Za-z0-9_-]{43}$/);
  const opened = await openShared(t.app, shareTokenOf(url));
  expect(opened.statusCode).toBe(200);
  const body = json<{ success: true; credential: Record<string, unknown> }>(opened);
  expect(Object.keys(body).sort()).toEqual(['credential', 'success']);
  return body.credential;
};

beforeAll(async () => {
  t = await createTestApp();
  issuer = await issuerAccount(t.app);
  alice = await verifiedInvestor(t.app);
  bob = await verifiedInvestor(t.app);
  const token = await issueToken(t.app, issuer, { symbol: 'HLD', totalSupply: '1000' });
  tokenId = token.id;
  const listing = await listToken(t.app, issuer, token.id, { tokenAmount: '100' });
  const bought = await callApi(t.app, 'POST', `/api/escrow/${listing.id}/purchase`, alice, {
    amount: 20,
    investorDid: alice.did,
    investorWallet: alice.eth,
  });
  expect(bought.statusCode, bought.body).toBe(202);
  await settled(t.app, alice, json<PurchaseResponse>(bought).data.purchase.id);
  verify = await independentVerifier(t);
}, 240_000);
afterAll(() => t.close());

describe('POST /api/holding-credentials', () => {
  it('signs "holds at least N" that a third-party verifier accepts, without the balance or anything personal', async () => {
    const credential = await issued({ tokenId, threshold: '15' });
    expect(credential).toMatchObject({
      token: { id: tokenId, symbol: 'HLD', decimals: 0 },
      threshold: '15',
      discloseDid: false,
      status: 'active',
      revocationReason: null,
    });
    const document = await shared(credential);
    expect(await verify(document)).toBe(true);
    expect(document.type).toEqual(['VerifiableCredential', 'HoldingCredential']);
    const subject = document.credentialSubject as { id: string; holds: object };
    expect(subject.holds).toEqual({
      atLeast: '15',
      token: {
        name: 'Settlement Token',
        symbol: 'HLD',
        blockchain: 'ethereum',
        contractAddress: expect.any(String),
      },
    });
    // Not the holder's DID unless they choose it; never the balance, a name or an e-mail.
    expect(subject.id).toMatch(/^urn:uuid:/);
    const text = JSON.stringify(document);
    for (const secret of [alice.did, alice.email, '"20"', alice.eth]) expect(text).not.toContain(secret);
    for (const personal of ['full_name', 'email', 'wallets', 'balance'])
      expect(text).not.toContain(`"${personal}"`);
  });

  it('binds the credential to the holder’s DID when they choose to disclose it', async () => {
    const credential = await issued({ tokenId, threshold: '5', discloseDid: true });
    const document = await shared(credential);
    expect((document.credentialSubject as { id: string }).id).toBe(alice.did);
    expect(await verify(document)).toBe(true);
  });

  it('refuses more than the holding, a bad amount, a token not held, and extra fields, issuing nothing', async () => {
    const before = (await listOf(alice)).length;
    const refused = async (who: { token: string }, body: object, status: number, message: string) => {
      const response = await issue(who, body);
      expect(response.statusCode, response.body).toBe(status);
      expect(json<{ error: string }>(response).error).toBe(message);
    };
    await refused(alice, { tokenId, threshold: '21' }, 409, messages.holdingCredentialAboveBalance);
    await refused(alice, { tokenId, threshold: '0' }, 400, messages.holdingCredentialThresholdInvalid);
    await refused(alice, { tokenId, threshold: '1.5' }, 400, messages.holdingCredentialThresholdInvalid);
    await refused(alice, { tokenId, threshold: '-1' }, 400, messages.holdingCredentialThresholdInvalid);
    await refused(bob, { tokenId, threshold: '1' }, 404, messages.holdingCredentialTokenNotHeld);
    expect((await issue(alice, { tokenId, threshold: '1', balance: '20' })).statusCode).toBe(400);
    expect(await listOf(alice)).toHaveLength(before);
  });
});

describe('who may do what', () => {
  it('lists, revokes and shares only the holder’s own', async () => {
    const [mine] = await listOf(alice);
    expect(await listOf(bob)).toEqual([]);
    for (const action of ['revoke', 'share']) {
      const response = await callApi(t.app, 'POST', `/api/holding-credentials/${mine!.id}/${action}`, bob);
      expect(response.statusCode).toBe(404);
      expect(json<{ error: string }>(response).error).toBe(messages.holdingCredentialNotFound);
    }
    expect((await callApi(t.app, 'GET', '/api/holding-credentials')).statusCode).toBe(401);
    expect((await issue(issuer, { tokenId, threshold: '1' })).statusCode).toBe(403);
    expect((await listOf(alice)).every((credential) => credential.status === 'active')).toBe(true);
  });
});

describe('revocation', () => {
  it('revokes in the status list what a forced transfer takes the holding below, and keeps the rest', async () => {
    const credentials = await listOf(alice);
    const fifteen = credentials.find((credential) => credential.threshold === '15')!;
    const five = credentials.find((credential) => credential.threshold === '5')!;
    const [before15, before5] = [await shared(fifteen), await shared(five)];
    const forced = await t.app.inject({
      method: 'POST',
      url: `/api/issuer/tokens/${tokenId}/forced-transfer`,
      headers: { authorization: `Bearer ${issuer.token}`, 'idempotency-key': crypto.randomUUID() },
      payload: { fromHolderId: alice.user.id, toHolderId: null, amount: '10', reason: 'Court order 4' },
    });
    expect(forced.statusCode, forced.body).toBe(202);
    const after = await eventually(
      () => listOf(alice),
      (list) => list.find((credential) => credential.id === fifteen.id)!.status === 'revoked',
      'the revocation',
    );
    expect(after.find((credential) => credential.id === fifteen.id)).toMatchObject({
      status: 'revoked',
      revocationReason: 'holding-below-threshold',
    });
    expect(after.find((credential) => credential.id === five.id)!.status).toBe('active');
    expect(await verify(before15)).toBe(false);
    expect(await verify(before5)).toBe(true);
    const checked = await t.app.inject({
      method: 'POST',
      url: '/api/credentials/verify',
      payload: { credential: before15 },
    });
    expect(json<VerifyCredentialResponse>(checked)).toMatchObject({ verified: false, revoked: true });
    // Ten are left: "at least 15" can no longer be issued, "at least 10" can.
    expect((await issue(alice, { tokenId, threshold: '11' })).statusCode).toBe(409);
    expect((await issued({ tokenId, threshold: '10' })).status).toBe('active');
  });

  it('lets the holder revoke one', async () => {
    const five = (await listOf(alice)).find((credential) => credential.threshold === '5')!;
    const document = await shared(five);
    const response = await callApi(t.app, 'POST', `/api/holding-credentials/${five.id}/revoke`, alice);
    expect(response.statusCode, response.body).toBe(200);
    expect(json<z.infer<typeof HoldingCredentialResponseSchema>>(response).credential).toMatchObject({
      status: 'revoked',
      revocationReason: 'holder-revoked',
    });
    expect(await verify(document)).toBe(false);
  });
});
