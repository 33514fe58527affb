import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, register, type Registered, type TestApp } from '../test/test-app.js';
import { addressKey } from './rate-limit.js';

const LIMIT = 5;
const OFFICE = '198.51.100.7';
const dist = mkdtempSync(path.join(tmpdir(), 'portal-rate-'));
const files = ['/assets/app-abc123.js', '/assets/app-abc123.css', '/assets/en-abc123.json', '/favicon.ico'];
let t: TestApp;

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Investor Portal</title>');
  for (const file of files) writeFileSync(path.join(dist, file), 'x');
  t = await createTestApp({ env: { WEB_DIST_DIR: dist, RATE_LIMIT_API_PER_MINUTE: String(LIMIT) } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, remoteAddress, headers });

const profileStatuses = async (
  times: number,
  remoteAddress: string,
  headers: Record<string, string> = {},
) => {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++)
    statuses.push((await get('/api/auth/profile', remoteAddress, headers)).statusCode);
  return statuses;
};

describe(`the API limit (${LIMIT} a minute here)`, () => {
  it('never counts the web app: many cold page loads from one address get no 429', async () => {
    for (let load = 0; load < 4 * LIMIT; load++) {
      for (const url of ['/dashboard', ...files]) {
        const response = await get(url, OFFICE, { cookie: 'portal_at=whatever' });
        expect(response.statusCode, `${url} on load ${load}`).toBe(200);
        expect(response.headers['x-ratelimit-limit']).toBeUndefined();
      }
    }
    // …while the API from that address is still limited.
    expect(await profileStatuses(LIMIT + 1, OFFICE)).toEqual([...Array(LIMIT).fill(401), 429]);
  });

  it('counts per session for signed-in callers, per address for anyone else', async () => {
    const office = '198.51.100.8';
    // Registrations come from elsewhere: here only the profile reads count.
    const alice: Registered = await register(t.app);
    const bob: Registered = await register(t.app);
    const limited = await profileStatuses(LIMIT + 1, office, bearer(alice.token));
    expect(limited).toEqual([...Array(LIMIT).fill(200), 429]);
    const tooMany = await get('/api/auth/profile', office, bearer(alice.token));
    expect(tooMany.headers['retry-after']).toBeDefined();
    expect(tooMany.json()).toMatchObject({ success: false });
    // A colleague's session at the same address, and an anonymous caller there, have their own counts.
    expect(await profileStatuses(LIMIT, office, bearer(bob.token))).toEqual(Array(LIMIT).fill(200));
    expect(await profileStatuses(LIMIT + 1, office)).toEqual([...Array(LIMIT).fill(401), 429]);
    // Alice's session stays limited from another address; a forged token counts as its address.
    expect((await get('/api/auth/profile', '192.0.2.1', bearer(alice.token))).statusCode).toBe(429);
    expect(await profileStatuses(LIMIT + 1, office, bearer(`${alice.token}x`))).toEqual([
      429, 429, 429, 429, 429, 429,
    ]);
  });
});

describe('addressKey', () => {
  it('keys IPv4 as is and IPv6 by its /64', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:0:1:aaaa::1')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:DB8:0:1:bbbb:cccc:dddd:eeee')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});
