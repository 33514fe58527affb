import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/shared/messages';
import { issuerAccount } from './test/market-fixtures.js';
import {
  bearer,
  callApi,
  createAdmin,
  createTestApp,
  json,
  register,
  type TestApp,
} from './test/test-app.js';

/**
 * Bad input is a 4xx, everywhere (docs/product.md §5, ADR 14): every route, called by an investor and by
 * an admin, with a NUL byte in its path, its query and its body, with malformed cursors and with
 * paths that climb out of a directory. No answer may be a 5xx.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NUL = '\u0000';

describe('the bad-input sweep', () => {
  it('no route answers 5xx to NULs and control characters; with a session they are a 400', async () => {
    const investor = await register(t.app);
    const admin = await createAdmin(t.app);
    const routes = t.app.routeInventory().filter((route) => route.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const route of routes) {
      const path = route.url.replace(/:[A-Za-z]+/g, `a${NUL}b`).replace(/\*$/, `x${NUL}`);
      const clean = route.url.replace(/:[A-Za-z]+/g, 'abc').replace(/\*$/, 'x');
      const bodies = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);
      const attempts = [
        // A path without parameters has no room for a NUL (and an event stream would never end).
        ...(path === clean ? [] : [{ url: encodeURI(path) }]),
        { url: `${clean}?cursor=AAAA&q=${encodeURIComponent(`x${NUL}`)}` },
        ...(bodies
          ? [
              {
                url: clean,
                payload: { applicantId: `abc${NUL}`, email: `a${NUL}@b.c`, nested: { x: '\u0007' } },
              },
              { url: clean, payload: { [`key${NUL}`]: 'x' } },
            ]
          : []),
      ];
      for (const who of [investor, admin, undefined]) {
        for (const attempt of attempts) {
          const response = await t.app.inject({
            method: route.method as 'GET',
            url: attempt.url,
            headers: who ? bearer(who.token) : {},
            ...('payload' in attempt ? { payload: attempt.payload } : {}),
          });
          if (response.statusCode >= 500)
            failures.push(
              `${route.method} ${attempt.url} → ${response.statusCode} ${response.body.slice(0, 120)}`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);

  it('the reported cases: a NUL in a KYC applicant id, a forged cursor, a climbing docs path', async () => {
    const investor = await register(t.app);
    const admin = await createAdmin(t.app);
    const storeData = await t.app.inject({
      method: 'POST',
      url: '/api/kyc/store-data',
      headers: bearer(investor.token),
      payload: { applicantId: `abc${NUL}` },
    });
    expect(storeData.statusCode).toBe(400);
    expect(json(storeData)).toMatchObject({
      code: 'VALIDATION_ERROR',
      error: messages.controlCharacters,
      fields: { applicantId: messages.controlCharacters },
    });
    // Half a surrogate pair is no character: refused before it reaches a jsonb audit entry.
    const listing = await t.app.inject({
      method: 'POST',
      url: `/api/admin/listings/${crypto.randomUUID()}/suspension`,
      headers: { ...bearer(admin.token), 'content-type': 'application/json' },
      payload: '{"suspended":true,"reason":"\\ud800"}',
    });
    expect(listing.statusCode, listing.body).toBe(400);
    expect(json(listing)).toMatchObject({ fields: { reason: messages.controlCharacters } });
    for (const cursor of ['AAAA', 'AA', 'bm9ib2R5', '%%%']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/vault/all-users?cursor=${cursor}`,
        headers: bearer(admin.token),
      });
      expect(response.statusCode, cursor).toBe(400);
    }
    for (const url of [
      '/api/docs/static/../package.json',
      '/api/docs/static/..%2f..%2fpackage.json',
      '/api/docs/static/..%5c..%5cpackage.json',
      '/api/docs/static/%00',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    // A path that does not even decode is refused by the router itself.
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/static/%E0%A4%A' })).statusCode).toBe(400);
    // Multi-line text keeps its tabs and line breaks.
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/credentials/verify',
      payload: { credential: { note: 'line one\n\tline two\r\n' } },
    });
    expect(verify.statusCode).toBe(200);
  });

  it('names without a visible character or with text-direction controls are a 400, wherever people name things', async () => {
    const issuer = await issuerAccount(t.app);
    const investor = await register(t.app);
    const token = {
      symbol: 'SAFE',
      tokenType: 'ERC20',
      assetCategory: 'Debt',
      decimals: 0,
      totalSupply: '1000',
    };
    for (const name of ['\u200b', '\u200b\u200d', 'Safe\u202eFDP.exe', '\u3164']) {
      const attempts = [
        [issuer, '/api/issuer/tokens', { ...token, name }, 'name'],
        [investor, '/api/settings/personal', { firstName: name, lastName: 'Lovelace' }, 'firstName'],
        [
          investor,
          '/api/settings/personal',
          { firstName: 'Ada', lastName: 'Lovelace', company: name },
          'company',
        ],
      ] as const;
      for (const [who, url, body, field] of attempts) {
        const response = await callApi(t.app, 'POST', url, who, body);
        expect(response.statusCode, `${url} ${JSON.stringify(name)}`).toBe(400);
        expect(json<{ fields: Record<string, string> }>(response).fields[field]).toBeDefined();
      }
    }
    const token201 = await callApi(t.app, 'POST', '/api/issuer/tokens', issuer, {
      ...token,
      name: 'Safe Bond',
    });
    expect(token201.statusCode).toBe(201);
  });
});
