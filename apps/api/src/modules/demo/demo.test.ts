import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketplaceResponse } from '@portal/shared/marketplace';
import { eventually } from '../../test/issuance.js';
import {
  callApi,
  createTestApp,
  json,
  register,
  type Registered,
  type TestApp,
} from '../../test/test-app.js';
import { DEMO_ISSUER_EMAIL } from '@portal/shared/marketplace';

/** SEED_DEMO: an empty portal seeds a marked demo market on the real embedded chains, once. */
let t: TestApp;
let investor: Registered;
beforeAll(async () => {
  t = await createTestApp({ env: { SEED_DEMO: 'true' } });
  investor = await register(t.app);
}, 120_000);
afterAll(() => t.close());

const market = async () =>
  json<MarketplaceResponse>(await callApi(t.app, 'GET', '/api/escrow/marketplace', investor)).data;

describe('the demo market', () => {
  it('lists at least eight deployed listings across ERC20, ERC721, ERC1155 and SPL, by a marked demo issuer', async () => {
    const data = await eventually(
      market,
      (d) => d.summary.availableForInvestment >= 9,
      'the demo market',
      240_000,
    );
    expect(new Set(data.listings.map((l) => l.token.tokenType))).toEqual(
      new Set(['ERC20', 'ERC721', 'ERC1155', 'SPL']),
    );
    expect(new Set(data.listings.map((l) => l.blockchain))).toEqual(new Set(['ethereum', 'solana']));
    for (const listing of data.listings) {
      expect(listing.issuer.email).toBe(DEMO_ISSUER_EMAIL);
      expect(listing.token.description).toContain('demonstration');
      expect(listing.token.contractAddress).toBeTruthy();
      expect(Number(listing.priceETH)).toBeLessThanOrEqual(0.002);
    }
  }, 300_000);

  it('the demo issuer is pre-approved: it needed no administrator to list (ADR 55)', async () => {
    const applications = await t.app.container.onboarding.applications(200);
    expect(applications.find((item) => item.email === DEMO_ISSUER_EMAIL)).toMatchObject({
      status: 'approved',
      organisationName: 'Demo Issuer',
    });
  });

  it('does not seed twice', async () => {
    await t.app.container.demo.seed();
    expect((await market()).total).toBe(9);
  });
});
