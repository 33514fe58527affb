import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MarketplaceResponse } from '@portal/shared/marketplace';
import { messages } from '@portal/shared/messages';
import { deployedToken, issuerAccount, openListing } from '../../test/market-fixtures.js';
import { testDatabaseUrl } from '../../test/test-database.js';
import {
  callApi,
  createTestApp,
  json,
  register,
  type Registered,
  type TestApp,
} from '../../test/test-app.js';

let t: TestApp;
let investor: Registered;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  await t.app.container.jobs.stop();
  investor = await register(t.app);
  const alice = await issuerAccount(t.app);
  const bob = await issuerAccount(t.app);
  const day = 86_400_000;
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1) + minutes * 60_000);
  const gold = await deployedToken(t.app, alice.user.id, {
    name: 'Gold Vault',
    symbol: 'GOLD',
    description: 'Bullion in a vault',
  });
  const art = await deployedToken(t.app, alice.user.id, {
    name: 'Art Editions',
    symbol: 'ART',
    tokenType: 'ERC721',
  });
  const sun = await deployedToken(t.app, bob.user.id, {
    name: 'Sun Farm',
    symbol: 'SUN',
    tokenType: 'SPL',
    decimals: 2,
    totalSupply: 10_000n,
  });
  const bond = await deployedToken(t.app, bob.user.id, {
    name: 'Bond 100%_off',
    symbol: 'BND',
    tokenType: 'ERC1155',
  });
  ids.gold = (
    await openListing(t.app, gold, {
      createdAt: at(1),
      tokenAmount: 250n,
      reserved: '50',
      priceWei: 1_234_500_000_000_000n,
    })
  ).id;
  ids.art = (await openListing(t.app, art, { createdAt: at(2), status: 'DEPLOYING' })).id;
  ids.sun = (await openListing(t.app, sun, { createdAt: at(3), tokenAmount: 150n })).id;
  ids.bond = (await openListing(t.app, bond, { createdAt: at(4), status: 'FAILED' })).id;
  ids.direct = (await openListing(t.app, gold, { createdAt: at(5), kind: 'direct' })).id;
  // Never shown: closed, expired, sold out.
  await openListing(t.app, gold, { createdAt: at(6), status: 'CLOSED' });
  await openListing(t.app, gold, { createdAt: at(7), deadline: new Date(t.clock.now().getTime() - day) });
  await openListing(t.app, gold, { createdAt: at(8), tokenAmount: 10n, reserved: '10' });
});
afterAll(() => t.close());

const browse = async (query = '') => {
  const response = await callApi(t.app, 'GET', `/api/escrow/marketplace${query}`, investor);
  expect(response.statusCode).toBe(200);
  return json<MarketplaceResponse>(response).data;
};

describe('GET /api/escrow/marketplace', () => {
  it('shows open listings with the spec fields, newest first, and the summary cards', async () => {
    const data = await browse();
    expect(data.listings.map((l) => l.listingId)).toEqual([ids.direct, ids.bond, ids.sun, ids.art, ids.gold]);
    expect(data.total).toBe(5);
    expect(data.summary).toEqual({
      totalTokens: 5,
      availableForInvestment: 3,
      activeIssuers: 2,
      totalValue: '$0',
    });
    const gold = data.listings.find((l) => l.listingId === ids.gold)!;
    expect(gold).toMatchObject({
      escrowId: ids.gold,
      kind: 'escrow',
      tokenAmount: '200',
      priceETH: '0.0012345',
      status: 'DEPLOYED',
      available: true,
      blockchain: 'ethereum',
      token: { name: 'Gold Vault', symbol: 'GOLD', tokenType: 'ERC20', totalSupply: '1000', decimals: 0 },
    });
    expect(gold.issuer.email).toMatch(/@example\.com$/);
    expect(gold.explorerUrl).toContain(gold.token.contractAddress);
    expect(data.listings.find((l) => l.listingId === ids.direct)).toMatchObject({
      escrowId: null,
      kind: 'direct',
    });
    expect(data.listings.find((l) => l.listingId === ids.art)).toMatchObject({
      available: false,
      status: 'DEPLOYING',
    });
    expect(data.listings.find((l) => l.listingId === ids.sun)).toMatchObject({
      tokenAmount: '1.5',
      blockchain: 'solana',
    });
  });

  it('searches name, symbol and description, case-insensitively, with LIKE characters taken literally', async () => {
    expect((await browse('?search=BULLION')).listings.map((l) => l.listingId)).toEqual([
      ids.direct,
      ids.gold,
    ]);
    expect((await browse('?search=sun')).listings.map((l) => l.listingId)).toEqual([ids.sun]);
    expect((await browse('?search=100%25_')).listings.map((l) => l.listingId)).toEqual([ids.bond]);
    expect((await browse('?search=%25')).total).toBe(1);
    expect((await browse('?search=nothing-like-this')).listings).toEqual([]);
  });

  it('filters by token type and status, and sorts by name, symbol and age', async () => {
    expect((await browse('?tokenType=SPL')).listings.map((l) => l.listingId)).toEqual([ids.sun]);
    expect((await browse('?status=FAILED')).listings.map((l) => l.listingId)).toEqual([ids.bond]);
    const filtered = await browse('?status=DEPLOYED&tokenType=ERC20');
    expect(filtered.total).toBe(2);
    expect(filtered.summary).toEqual({
      totalTokens: 2,
      availableForInvestment: 2,
      activeIssuers: 1,
      totalValue: '$0',
    });
    expect((await browse('?sort=oldest')).listings.map((l) => l.listingId)).toEqual([
      ids.gold,
      ids.art,
      ids.sun,
      ids.bond,
      ids.direct,
    ]);
    expect((await browse('?sort=name')).listings.map((l) => l.token.name)).toEqual([
      'Art Editions',
      'Bond 100%_off',
      'Gold Vault',
      'Gold Vault',
      'Sun Farm',
    ]);
    expect((await browse('?sort=symbol')).listings.map((l) => l.token.symbol)).toEqual([
      'ART',
      'BND',
      'GOLD',
      'GOLD',
      'SUN',
    ]);
  });

  it('pages with a cursor through every sort without gaps or repeats', async () => {
    for (const sort of ['newest', 'oldest', 'name', 'symbol']) {
      const all = (await browse(`?sort=${sort}`)).listings.map((l) => l.listingId);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: MarketplaceResponse['data'] = await browse(
          `?sort=${sort}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(page.total).toBe(5);
        seen.push(...page.listings.map((l) => l.listingId));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual(all);
    }
  });

  it('answers 400, never 500, for a bad query or a forged cursor', async () => {
    for (const query of [
      '?tokenType=BTC',
      '?status=CLOSED',
      '?sort=price',
      '?limit=0',
      '?cursor=AAAA',
      '?cursor=%00',
    ]) {
      const response = await callApi(t.app, 'GET', `/api/escrow/marketplace${query}`, investor);
      expect(response.statusCode, query).toBe(400);
    }
    const forged = Buffer.from(
      JSON.stringify(["x') or 1=1 --", '00000000-0000-0000-0000-000000000000']),
    ).toString('base64url');
    expect(
      (await callApi(t.app, 'GET', `/api/escrow/marketplace?sort=name&cursor=${forged}`, investor))
        .statusCode,
    ).toBe(200);
    expect(
      (await callApi(t.app, 'GET', `/api/escrow/marketplace?sort=newest&cursor=${forged}`, investor))
        .statusCode,
    ).toBe(400);
  });

  it.runIf(testDatabaseUrl)('has a trigram index for the search on PostgreSQL', async () => {
    const result = await t.app.container.database.db.execute(
      sql`select indexdef from pg_indexes where indexname = 'listings_search_trgm_idx'`,
    );
    expect(JSON.stringify(result)).toContain('gin_trgm_ops');
  });

  it('needs a session', async () => {
    const response = await callApi(t.app, 'GET', '/api/escrow/marketplace');
    expect(response.statusCode).toBe(401);
    expect(json(response)).toMatchObject({ error: messages.unauthenticated });
  });
});

describe('the marketplace cache', () => {
  it('serves a page from memory, and a listing created through the API appears at once', async () => {
    const cached = await createTestApp({ env: { MARKETPLACE_CACHE_MS: '60000' } });
    try {
      const viewer = await register(cached.app);
      const issuer = await issuerAccount(cached.app);
      const token = await deployedToken(cached.app, issuer.user.id, { symbol: 'CACHE' });
      const count = async () =>
        json<MarketplaceResponse>(await callApi(cached.app, 'GET', '/api/escrow/marketplace', viewer)).data
          .total;
      expect(await count()).toBe(0);
      await openListing(cached.app, token); // written behind the service's back: not seen yet
      expect(await count()).toBe(0);
      const created = await callApi(cached.app, 'POST', '/api/issuer/listings', issuer, {
        tokenId: token.id,
        kind: 'direct',
        tokenAmount: '10',
        priceETH: '0.001',
        deadline: new Date(cached.clock.now().getTime() + 86_400_000).toISOString(),
      });
      expect(created.statusCode).toBe(201);
      expect(await count()).toBe(2);
    } finally {
      await cached.close();
    }
  });

  it('serves an expired page once more while it refreshes, then the fresh one', async () => {
    const cached = await createTestApp({ env: { MARKETPLACE_CACHE_MS: '50' } });
    try {
      const viewer = await register(cached.app);
      const issuer = await issuerAccount(cached.app);
      const token = await deployedToken(cached.app, issuer.user.id, { symbol: 'STALE' });
      const count = async () =>
        json<MarketplaceResponse>(await callApi(cached.app, 'GET', '/api/escrow/marketplace', viewer)).data
          .total;
      expect(await count()).toBe(0);
      await openListing(cached.app, token); // another process's change
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(await count()).toBe(0); // the old page, answered without waiting for the query
      await vi.waitFor(async () => expect(await count()).toBe(1));
    } finally {
      await cached.close();
    }
  });
});
