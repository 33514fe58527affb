import { eq } from 'drizzle-orm';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OPEN_RULES,
  type TokenActionView,
  type TokenComplianceResponse,
  type TokenEligibilityResponse,
  type TokenRules,
} from '@portal/shared/compliance';
import type { MarketplaceResponse } from '@portal/shared/marketplace';
import { messages } from '@portal/shared/messages';
import type { MyAssetsResponse, PurchaseResponse } from '@portal/shared/purchases';
import { linkedWallets, listings, purchases } from '../../db/schema/index.js';
import { eventually, issueToken, listToken, settled } from '../../test/issuance.js';
import { issuerAccount, verifiedInvestor } from '../../test/market-fixtures.js';
import {
  callApi,
  createAdmin,
  json,
  register,
  type Registered,
  type TestApp,
  createTestApp,
} from '../../test/test-app.js';

/**
 * Token rules end to end on the embedded chains: the investor's answer before paying, the refusal
 * before any money moves, the issuer's rules and actions carried out on chain by jobs, and the
 * registry following KYC (ADR 61).
 */
let t: TestApp;
let issuer: Registered;
let buyer: Awaited<ReturnType<typeof verifiedInvestor>>;

beforeAll(async () => {
  t = await createTestApp();
  issuer = await issuerAccount(t.app);
  buyer = await verifiedInvestor(t.app);
}, 120_000);
afterAll(() => t.close());

const key = () => crypto.randomUUID();
const rules = (change: Partial<TokenRules>): TokenRules => ({ ...OPEN_RULES, ...change });

async function setRules(tokenId: string, change: Partial<TokenRules>): Promise<TokenActionView> {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/issuer/tokens/${tokenId}/rules`,
    headers: { authorization: `Bearer ${issuer.token}`, 'idempotency-key': key() },
    payload: rules(change),
  });
  expect(response.statusCode, response.body).toBe(202);
  const action = json<{ data: TokenActionView }>(response).data;
  expect(action.status).toBe('PENDING');
  return done(tokenId, action.id);
}

async function act(tokenId: string, path: string, payload: object) {
  return t.app.inject({
    method: 'POST',
    url: `/api/issuer/tokens/${tokenId}/${path}`,
    headers: { authorization: `Bearer ${issuer.token}`, 'idempotency-key': key() },
    payload,
  });
}

const overview = async (tokenId: string) =>
  json<TokenComplianceResponse>(
    await callApi(t.app, 'GET', `/api/issuer/tokens/${tokenId}/compliance`, issuer),
  ).data;

const done = (tokenId: string, actionId: string) =>
  eventually(
    async () => (await overview(tokenId)).actions.find((action) => action.id === actionId)!,
    (action) => action.status !== 'PENDING',
    `action ${actionId}`,
  );

const eligibility = async (who: { token: string }, tokenId: string, amount?: string) => {
  const response = await callApi(
    t.app,
    'GET',
    `/api/tokens/${tokenId}/eligibility${amount ? `?amount=${amount}` : ''}`,
    who,
  );
  if (response.statusCode !== 200) throw new Error(`eligibility ${response.statusCode}: ${response.body}`);
  return json<TokenEligibilityResponse>(response).data;
};
const buy = (who: typeof buyer, listingId: string, amount: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/escrow/${listingId}/purchase`,
    headers: { authorization: `Bearer ${who.token}`, 'idempotency-key': key() },
    payload: { escrowId: listingId, amount, investorDid: who.did, investorWallet: who.eth },
  });

describe('an investor meets the rules before paying', () => {
  it('reads why not, in words and codes, and is refused before any money moves', async () => {
    const token = await issueToken(t.app, issuer, { symbol: 'CHF' });
    const listing = await listToken(t.app, issuer, token.id, { tokenAmount: '100' });
    expect((await eligibility(buyer, token.id)).eligibility).toEqual({
      eligible: true,
      reason: null,
      message: null,
      params: {},
    });
    const action = await setRules(token.id, { allowedCountries: ['CHE', 'LIE'] });
    expect(action.status).toBe('DONE');
    expect(action.txHash).toMatch(/^0x[0-9a-f]{64}$/);

    const answer = await eligibility(buyer, token.id);
    expect(answer.rules.allowedCountries).toEqual(['CHE', 'LIE']);
    expect(answer.eligibility).toEqual({
      eligible: false,
      reason: 'country-not-allowed',
      message: 'This token is offered only to investors resident in Switzerland, Liechtenstein.',
      params: { countries: 'CHE,LIE' },
    });
    const page = json<MarketplaceResponse>(
      await callApi(t.app, 'GET', '/api/escrow/marketplace?search=CHF', buyer),
    );
    expect(page.data.listings.find((row) => row.listingId === listing.id)?.eligibility?.reason).toBe(
      'country-not-allowed',
    );

    const balanceBefore = await t.app.container.chain.publicClient.getBalance({
      address: buyer.eth as `0x${string}`,
    });
    const refused = await buy(buyer, listing.id, '5');
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toMatchObject({
      success: false,
      code: 'NOT_ELIGIBLE',
      reason: 'country-not-allowed',
      params: { countries: 'CHE,LIE' },
      error: 'This token is offered only to investors resident in Switzerland, Liechtenstein.',
    });
    const db = t.app.container.database.db;
    expect(await db.select().from(purchases).where(eq(purchases.listingId, listing.id))).toEqual([]);
    const [row] = await db.select().from(listings).where(eq(listings.id, listing.id));
    expect(row!.reserved).toBe('0');
    expect(await t.app.container.chain.publicClient.getBalance({ address: buyer.eth as `0x${string}` })).toBe(
      balanceBefore,
    );
  });

  it('counts what the investor holds against the holding cap, and the chain agrees', async () => {
    const token = await issueToken(t.app, issuer, { symbol: 'CAP' });
    const listing = await listToken(t.app, issuer, token.id, { tokenAmount: '100' });
    await setRules(token.id, { maxBalance: '10', lockupDays: 30 });
    expect((await eligibility(buyer, token.id, '11')).eligibility.reason).toBe('max-balance');
    const bought = await buy(buyer, listing.id, '6');
    expect(bought.statusCode, bought.body).toBe(202);
    const purchase = await settled(t.app, buyer, json<PurchaseResponse>(bought).data.purchase.id);
    expect(purchase.purchase.status).toBe('COMPLETED');
    const after = await eligibility(buyer, token.id, '5');
    expect(after.eligibility).toMatchObject({
      eligible: false,
      reason: 'max-balance',
      params: { amount: '10' },
    });
    expect(after.holding.balance).toBe('6');
    expect(after.holding.lockedUntil).not.toBeNull();
    const assets = json<MyAssetsResponse>(
      await callApi(t.app, 'GET', '/api/token-purchases/my-assets', buyer),
    );
    expect(assets.assets.find((asset) => asset.tokenId === token.id)?.holding).toMatchObject({
      balance: '6',
      frozen: '0',
    });
    // The chain refuses the same transfer with the same reason (escrow → buyer, 5 more).
    const { contractAddress } = token;
    const code = await t.app.container.assetContracts.check(
      contractAddress as `0x${string}`,
      t.app.container.assetContracts.escrowAddress,
      buyer.eth as `0x${string}`,
      5n,
    );
    expect(code).toBe(11);
  });
});

describe('the issuer enforces', () => {
  it('freezes part of a holding, moves tokens by force without unfreezing the rest, and recovers a wallet', async () => {
    const token = await issueToken(t.app, issuer, { symbol: 'FRZ' });
    const listing = await listToken(t.app, issuer, token.id, { tokenAmount: '100' });
    const bought = await buy(buyer, listing.id, '20');
    await settled(t.app, buyer, json<PurchaseResponse>(bought).data.purchase.id);

    const frozen = await act(token.id, 'freeze', {
      holderId: buyer.user.id,
      amount: '8',
      reason: 'Court order 17',
    });
    expect(frozen.statusCode, frozen.body).toBe(202);
    expect((await done(token.id, json<{ data: TokenActionView }>(frozen).data.id)).status).toBe('DONE');
    const holding = await t.app.container.assetContracts.holding(
      'ERC20',
      token.contractAddress as `0x${string}`,
      buyer.eth as `0x${string}`,
    );
    expect(holding).toMatchObject({ balance: 20n, frozen: 8n });

    const forced = await act(token.id, 'forced-transfer', {
      fromHolderId: buyer.user.id,
      toHolderId: null,
      amount: '15',
      reason: 'Redemption',
    });
    expect(forced.statusCode, forced.body).toBe(202);
    expect((await done(token.id, json<{ data: TokenActionView }>(forced).data.id)).status).toBe('DONE');
    // 12 were unfrozen: 3 frozen tokens had to go, 5 stay frozen (said, not silent).
    expect(
      await t.app.container.assetContracts.holding(
        'ERC20',
        token.contractAddress as `0x${string}`,
        buyer.eth as `0x${string}`,
      ),
    ).toMatchObject({ balance: 5n, frozen: 5n });
    expect((await overview(token.id)).holders[0]).toMatchObject({ balance: '5', frozen: '5' });

    // The issuer knows the holder as the register does (ADR 69): an identity key, never the
    // e-mail, and the name only once the holder consents.
    const seen = await overview(token.id);
    expect(seen.holders[0]).toMatchObject({
      identityKey: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      name: null,
    });
    expect(seen.actions.find((action) => action.reason === 'Court order 17')).toMatchObject({
      holderIdentityKey: seen.holders[0]!.identityKey,
      holderName: null,
    });
    expect(JSON.stringify(seen)).not.toContain(buyer.email);
    await callApi(t.app, 'POST', '/api/settings/privacy', buyer, { showNameToIssuers: true });
    const consented = await overview(token.id);
    expect(consented.holders[0]!.name).toBe('Test Investor');
    expect(consented.actions[0]!.holderName).toBe('Test Investor');
    await callApi(t.app, 'POST', '/api/settings/privacy', buyer, { showNameToIssuers: false });

    // A wallet of someone else is refused; one the investor linked is accepted.
    const stranger = privateKeyToAccount(generatePrivateKey()).address;
    const wrong = await act(token.id, 'recover', {
      holderId: buyer.user.id,
      newAddress: stranger,
      reason: 'Lost key',
    });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).error).toBe(messages.complianceRecoveryOtherIdentity);
    const own = privateKeyToAccount(generatePrivateKey()).address;
    await t.app.container.database.db
      .insert(linkedWallets)
      .values({ userId: buyer.user.id, address: own, chainId: 11155111 });
    const recovered = await act(token.id, 'recover', {
      holderId: buyer.user.id,
      newAddress: own,
      reason: 'Lost key',
    });
    expect(recovered.statusCode, recovered.body).toBe(202);
    expect((await done(token.id, json<{ data: TokenActionView }>(recovered).data.id)).status).toBe('DONE');
    const contract = token.contractAddress as `0x${string}`;
    expect(await t.app.container.assetContracts.holding('ERC20', contract, own)).toMatchObject({
      balance: 5n,
      frozen: 5n,
    });
    expect(
      await t.app.container.assetContracts.holding('ERC20', contract, buyer.eth as `0x${string}`),
    ).toMatchObject({
      balance: 0n,
    });
  });

  it('keeps other issuers out and answers one action at a time', async () => {
    const token = await issueToken(t.app, issuer, { symbol: 'OWN' });
    const other = await issuerAccount(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/issuer/tokens/${token.id}/rules`,
      headers: { authorization: `Bearer ${other.token}`, 'idempotency-key': key() },
      payload: rules({}),
    });
    expect(response.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/issuer/tokens/${token.id}/rules`,
      headers: { authorization: `Bearer ${issuer.token}`, 'idempotency-key': key() },
      payload: rules({ allowedCountries: ['FRA'], blockedCountries: ['FRA'] }),
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).error).toBe(messages.complianceCountryBothLists);
  });
});

describe('the registry follows identity', () => {
  it('an accredited-only token opens to an investor an administrator accredits', async () => {
    const token = await issueToken(t.app, issuer, { symbol: 'ACC' });
    await setRules(token.id, { accreditedOnly: true });
    const investor = await verifiedInvestor(t.app);
    expect((await eligibility(investor, token.id)).eligibility.reason).toBe('not-accredited');
    const admin = await createAdmin(t.app);
    const accredit = await callApi(
      t.app,
      'POST',
      `/api/admin/users/${investor.user.id}/accreditation`,
      admin,
      {
        accredited: true,
        reason: 'Professional investor certificate',
      },
    );
    expect(accredit.statusCode, accredit.body).toBe(200);
    expect((await eligibility(investor, token.id)).eligibility.eligible).toBe(true);
    const unverified = await register(t.app);
    const refused = await callApi(
      t.app,
      'POST',
      `/api/admin/users/${unverified.user.id}/accreditation`,
      admin,
      {
        accredited: true,
        reason: 'x',
      },
    );
    expect(refused.statusCode).toBe(409);
  });

  it('a revoked identity can no longer receive anything, on chain too', async () => {
    const token = await issueToken(t.app, issuer, { symbol: 'REV' });
    const investor = await verifiedInvestor(t.app);
    expect((await eligibility(investor, token.id)).eligibility.eligible).toBe(true);
    const admin = await createAdmin(t.app);
    const revoke = await callApi(
      t.app,
      'POST',
      `/api/admin/users/${investor.user.id}/revoke-identity`,
      admin,
      {
        reason: 'Fraud',
      },
    );
    expect(revoke.statusCode).toBe(200);
    const answer = await eventually(
      () => eligibility(investor, token.id),
      (read) => !read.eligibility.eligible,
      'the revocation to reach the registry',
    );
    expect(answer.eligibility.reason).toBe('not-verified');
    const onChain = await t.app.container.complianceContracts.investorOf(investor.eth as `0x${string}`);
    expect(onChain.validUntil.getTime()).toBe(0);
  });
});
