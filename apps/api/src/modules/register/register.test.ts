import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PurchaseResponse } from '@portal/shared/purchases';
import {
  REGISTER_CSV_HEADER,
  type RegisterResponse,
  type RegisterTokensResponse,
} from '@portal/shared/register';
import type { AccountSettingsResponse } from '@portal/shared/settings';
import { issueToken, listToken, settled } from '../../test/issuance.js';
import { issuerAccount, verifiedInvestor } from '../../test/market-fixtures.js';
import {
  callApi,
  createAdmin,
  createTestApp,
  json,
  type Registered,
  type TestApp,
} from '../../test/test-app.js';

/** The register of holders through HTTP (ADR 69): two investors buy on the embedded chain. */
let t: TestApp;
let issuer: Registered;
let otherIssuer: Registered;
let admin: Registered;
let alice: Awaited<ReturnType<typeof verifiedInvestor>>;
let bob: Awaited<ReturnType<typeof verifiedInvestor>>;
let tokenId: string;
const hashes: string[] = [];

const buy = async (who: typeof alice, listingId: string, amount: number) => {
  const response = await callApi(t.app, 'POST', `/api/escrow/${listingId}/purchase`, who, {
    amount,
    investorDid: who.did,
    investorWallet: who.eth,
  });
  expect(response.statusCode, response.body).toBe(202);
  const done = await settled(t.app, who, json<PurchaseResponse>(response).data.purchase.id);
  expect(done.purchase.status).toBe('COMPLETED');
  return { ...done.purchase, transactionHash: done.ownershipRecord.transactionHash };
};
const registerOf = async (who: { token: string }, prefix = '/api/issuer') => {
  const response = await callApi(t.app, 'GET', `${prefix}/tokens/${tokenId}/register`, who);
  expect(response.statusCode, response.body).toBe(200);
  return json<RegisterResponse>(response).register;
};
const keyOf = async (userId: string) => {
  const { rows } = (await t.app.container.db.execute(
    sql`select identity_key from identity_registrations where user_id = ${userId}`,
  )) as unknown as { rows: { identity_key: string }[] };
  return rows[0]!.identity_key;
};

beforeAll(async () => {
  t = await createTestApp();
  issuer = await issuerAccount(t.app);
  otherIssuer = await issuerAccount(t.app);
  admin = await createAdmin(t.app);
  alice = await verifiedInvestor(t.app);
  bob = await verifiedInvestor(t.app);
  for (const [who, firstName, lastName] of [
    [alice, 'Alice', 'Martin'],
    [bob, 'Bob', 'Durand'],
  ] as const) {
    const saved = await callApi(t.app, 'POST', '/api/settings/personal', who, { firstName, lastName });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  const token = await issueToken(t.app, issuer, { symbol: 'REG', totalSupply: '1000' });
  tokenId = token.id;
  const listing = await listToken(t.app, issuer, token.id, { tokenAmount: '200', priceETH: '0.001' });
  for (const [who, amount] of [
    [alice, 20],
    [bob, 30],
    [alice, 20],
  ] as const) {
    const purchase = await buy(who, listing.id, amount);
    // Each purchase completes at its own moment (the test clock stands still otherwise).
    t.clock.advance(60_000);
    hashes.push(purchase.transactionHash ?? '');
  }
}, 240_000);
afterAll(() => t.close());

describe('privacy consent', () => {
  it('is off by default and saved per user', async () => {
    const before = json<AccountSettingsResponse>(await callApi(t.app, 'GET', '/api/settings', alice));
    expect(before.settings.privacy).toEqual({ showNameToIssuers: false });
    const saved = await callApi(t.app, 'POST', '/api/settings/privacy', alice, { showNameToIssuers: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json<AccountSettingsResponse>(saved).settings.privacy).toEqual({ showNameToIssuers: true });
    const bobs = json<AccountSettingsResponse>(await callApi(t.app, 'GET', '/api/settings', bob));
    expect(bobs.settings.privacy.showNameToIssuers).toBe(false);
    const extra = await callApi(t.app, 'POST', '/api/settings/privacy', bob, {
      showNameToIssuers: true,
      x: 1,
    });
    expect(extra.statusCode).toBe(400);
  });
});

describe('GET /api/issuer/tokens/:id/register', () => {
  it('lists each holder once as an identity, with exact balances and shares', async () => {
    const register = await registerOf(issuer);
    expect(register).toMatchObject({
      token: { id: tokenId, symbol: 'REG', decimals: 0, totalSupply: '1000' },
      holderCount: 2,
      circulating: '70',
      treasury: '930',
      namesShown: 'consented',
    });
    const [first, second] = register.holders;
    expect(first).toMatchObject({
      identityKey: await keyOf(alice.user.id),
      // Alice consented: her name as her profile has it; never an e-mail.
      name: 'Alice Martin',
      verified: true,
      balance: '40',
      percentOfSupply: '4.000000',
      percentOfCirculating: '57.142857',
      frozen: '0',
      acquisitionCount: 2,
    });
    expect(second).toMatchObject({
      identityKey: await keyOf(bob.user.id),
      name: null,
      balance: '30',
      percentOfSupply: '3.000000',
      percentOfCirculating: '42.857143',
      acquisitionCount: 1,
    });
    expect(first!.identityKey).toMatch(/^0x[0-9a-f]{64}$/);
    expect(first!.acquisitions.map((a) => [a.amount, a.transactionHash])).toEqual([
      ['20', hashes[2]],
      ['20', hashes[0]],
    ]);
    expect(first!.firstAcquiredAt! < first!.lastAcquiredAt!).toBe(true);
    const text = JSON.stringify(register);
    for (const email of [alice.email, bob.email]) expect(text).not.toContain(email);
    expect(text).not.toContain('Durand');
  });

  it('is the token issuer’s only: another issuer gets 404, an investor 403', async () => {
    for (const path of ['register', 'register.csv']) {
      const url = `/api/issuer/tokens/${tokenId}/${path}`;
      expect((await callApi(t.app, 'GET', url, otherIssuer)).statusCode).toBe(404);
      expect((await callApi(t.app, 'GET', url, alice)).statusCode).toBe(403);
      expect((await callApi(t.app, 'GET', url)).statusCode).toBe(401);
      expect((await callApi(t.app, 'GET', `/api/admin/tokens/${tokenId}/${path}`, issuer)).statusCode).toBe(
        403,
      );
    }
  });

  it('withdrawing consent hides the name again', async () => {
    await callApi(t.app, 'POST', '/api/settings/privacy', alice, { showNameToIssuers: false });
    expect((await registerOf(issuer)).holders.map((h) => h.name)).toEqual([null, null]);
    await callApi(t.app, 'POST', '/api/settings/privacy', alice, { showNameToIssuers: true });
  });
});

describe('GET /api/issuer/tokens/:id/register.csv', () => {
  it('downloads RFC 4180 CSV with formula-looking cells defused', async () => {
    // A name from before today's name rule (or set by an operator) may start with '='.
    await t.app.container.db.execute(
      sql`update users set name = ${'=HYPERLINK("http://evil.example","x")'} where id = ${alice.user.id}`,
    );
    const response = await callApi(t.app, 'GET', `/api/issuer/tokens/${tokenId}/register.csv`, issuer);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="register-REG-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(REGISTER_CSV_HEADER.join(','));
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
    const [aliceKey, bobKey] = [await keyOf(alice.user.id), await keyOf(bob.user.id)];
    const aliceLine = lines.find((line) => line.startsWith(`${aliceKey},`))!;
    expect(aliceLine).toContain(
      `,"'=HYPERLINK(""http://evil.example"",""x"")",yes,40,4.000000,57.142857,0,,`,
    );
    expect(aliceLine.endsWith(',2')).toBe(true);
    const bobLine = lines.find((line) => line.startsWith(`${bobKey},`))!;
    expect(bobLine).toContain(',,yes,30,3.000000,42.857143,0,,');
  });
});

describe('the admin’s registers', () => {
  it('lists every token and shows every name, consent or not', async () => {
    const tokens = json<RegisterTokensResponse>(await callApi(t.app, 'GET', '/api/admin/tokens', admin));
    expect(tokens.tokens.find((token) => token.id === tokenId)).toMatchObject({
      symbol: 'REG',
      holderCount: 2,
    });
    const register = await registerOf(admin, '/api/admin');
    expect(register.namesShown).toBe('all');
    expect(register.holders.map((h) => h.name)).toEqual([
      '=HYPERLINK("http://evil.example","x")',
      'Bob Durand',
    ]);
    const csv = await callApi(t.app, 'GET', `/api/admin/tokens/${tokenId}/register.csv`, admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(',Bob Durand,');
    // The issuer console's route answers an admin for the tokens they issued only.
    expect((await callApi(t.app, 'GET', `/api/issuer/tokens/${tokenId}/register`, admin)).statusCode).toBe(
      404,
    );
    expect((await callApi(t.app, 'GET', '/api/admin/tokens', issuer)).statusCode).toBe(403);
  });
});
