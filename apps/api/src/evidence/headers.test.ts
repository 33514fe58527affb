import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvidence } from '../test/evidence.js';
import {
  bearer,
  createAdmin,
  createTestApp,
  register,
  type Registered,
  type TestApp,
} from '../test/test-app.js';

/**
 * Headers and CORS (ADR 48): the headers every kind of answer carries
 * (web app, KYC page, IPFS gateway, explorer, one API route per module) on a production-like
 * HTTPS origin, and CORS never reflecting an origin other than the portal's own.
 */
const ORIGIN = 'https://portal.test';
const dist = mkdtempSync(path.join(tmpdir(), 'portal-headers-'));
let t: TestApp;
let investor: Registered;
let issuer: Registered;
let admin: Registered;
let publicCid: string;
let privateCid: string;

beforeAll(async () => {
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Investor Portal</title>');
  t = await createTestApp({ env: { PUBLIC_URL: ORIGIN, WEB_DIST_DIR: dist } });
  investor = await register(t.app);
  issuer = await register(t.app, { role: 'issuer' });
  admin = await createAdmin(t.app);
  publicCid = await t.app.container.ipfs.add(Buffer.from('{"name":"public"}'), 'application/json');
  privateCid = await t.app.container.ipfs.add(Buffer.from('{"name":"private"}'), 'application/json', {
    owner: investor.user.id,
  });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

interface Sample {
  url: string;
  who?: Registered;
  /** Pages framed by the portal itself (the KYC widget) allow 'self' as frame ancestor. */
  framedBy?: "'self'";
}

const pages = (): Sample[] => [
  { url: '/' },
  { url: '/dashboard' },
  { url: '/websdk/websdk.html', framedBy: "'self'" },
  { url: `/ipfs/${publicCid}` },
  { url: `/ipfs/${privateCid}`, who: investor },
  { url: '/explorer' },
  { url: '/explorer/solana' },
  { url: '/api/docs/' },
];

/** One GET per API module, as a caller the route admits. */
const apiRoutes = (): Sample[] => [
  { url: '/api/health' },
  { url: '/api/docs/json' },
  { url: '/api/auth/providers' },
  { url: '/api/auth/profile', who: investor },
  { url: '/api/settings', who: investor },
  { url: '/api/settings/wallets', who: investor },
  { url: '/api/notifications', who: investor },
  { url: '/api/kyc/verification-status', who: investor },
  { url: '/api/kyb', who: issuer },
  { url: '/api/vault/info', who: investor },
  { url: '/api/sbt/list', who: investor },
  { url: '/api/escrow/marketplace', who: investor },
  { url: '/api/issuer/tokens', who: issuer },
  { url: '/api/token-purchases/my-assets', who: investor },
  { url: '/api/credentials/issuer' },
  { url: '/api/admin/users', who: admin },
];

const get = (sample: Sample, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: sample.url,
    headers: { ...(sample.who ? bearer(sample.who.token) : {}), ...headers },
  });

/** A CSP header as directive → sources. */
function parseCsp(header: string): Map<string, string[]> {
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
  );
}

/** What the browser enforces for a fetch directive: its own sources, else default-src's. */
const effective = (csp: Map<string, string[]>, directive: string) =>
  csp.get(directive) ?? csp.get('default-src');

/** The headers the portal promises on every answer (OWASP HTTP Headers Cheat Sheet, §1.9). */
const REQUIRED: Record<string, (value: string) => boolean> = {
  'content-security-policy': (value) => value.length > 0,
  // ASVS 5.0 3.4.1: at least a year, subdomains included.
  'strict-transport-security': (value) =>
    Number(/max-age=(\d+)/.exec(value)?.[1]) >= 31_536_000 && /includeSubDomains/.test(value),
  'x-content-type-options': (value) => value === 'nosniff',
  'referrer-policy': (value) => ['strict-origin-when-cross-origin', 'no-referrer'].includes(value),
  'x-frame-options': (value) => ['DENY', 'SAMEORIGIN'].includes(value),
  'cross-origin-opener-policy': (value) => value === 'same-origin',
  'x-xss-protection': (value) => value === '0',
  'permissions-policy': (value) => value.includes('geolocation=()'),
};

let checked = 0;
let required = 0;
let present = 0;

/** Asserts the baseline headers and the CSP minimum (ASVS 5.0 3.4.3) of one answer. */
function expectSecureHeaders(response: LightMyRequestResponse, sample: Sample) {
  const at = `${sample.url} (${response.statusCode})`;
  expect(response.statusCode, at).toBeLessThan(400);
  checked += 1;
  const missing = Object.entries(REQUIRED)
    .filter(([name, valid]) => {
      const value = response.headers[name];
      return typeof value !== 'string' || !valid(value);
    })
    .map(([name]) => `${name}: ${String(response.headers[name])}`);
  required += Object.keys(REQUIRED).length;
  present += Object.keys(REQUIRED).length - missing.length;
  expect(missing, at).toEqual([]);
  expect(response.headers['x-powered-by'], at).toBeUndefined();
  expect(response.headers.server, at).toBeUndefined();

  const csp = parseCsp(String(response.headers['content-security-policy']));
  expect(effective(csp, 'object-src'), `object-src on ${at}`).toEqual(["'none'"]);
  expect(csp.get('base-uri'), `base-uri on ${at}`).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), `frame-ancestors on ${at}`).toEqual([sample.framedBy ?? "'none'"]);
  const scripts = effective(csp, 'script-src') ?? [];
  expect(scripts, `script-src on ${at}`).not.toContain("'unsafe-inline'");
  expect(scripts, `script-src on ${at}`).not.toContain("'unsafe-eval'");
  expect(scripts, `script-src on ${at}`).not.toContain('*');
}

describe('security headers (H1, D5)', () => {
  it('the web app, the KYC page, the IPFS gateway and the explorer carry the full set', async () => {
    for (const sample of pages()) expectSecureHeaders(await get(sample), sample);
  });

  it('one API route per module carries the full set', async () => {
    for (const sample of apiRoutes()) expectSecureHeaders(await get(sample), sample);
  });

  it('authenticated answers are never stored by a cache', async () => {
    const authenticated = [...pages(), ...apiRoutes()].filter((sample) => sample.who);
    expect(authenticated.length).toBeGreaterThan(10);
    for (const sample of authenticated) {
      const response = await get(sample);
      expect(response.headers['cache-control'], sample.url).toMatch(/(^|,\s*)no-store(,|$)/);
    }
  });

  it('the KYC page may use the camera for the portal only; nothing may use geolocation or payment', async () => {
    const response = await get({ url: '/websdk/websdk.html' });
    expect(response.headers['permissions-policy']).toMatch(/camera=\(self[^)]*\)/);
    expect(response.headers['permissions-policy']).toMatch(/payment=\(\)/);
    // Framed by the portal only: the page's X-Frame-Options agrees with its frame-ancestors.
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

/** Origins a browser might send: only the first is the portal's. */
const FOREIGN_ORIGINS = [
  'https://evil.test',
  'null',
  'https://portal.test.evil.test',
  'https://evilportal.test',
  'https://evil.test/https://portal.test',
  'http://portal.test',
  'https://portal.test:8443',
  'https://PORTAL.test.evil.test',
];

let corsChecks = 0;
let corsReflections = 0;

/** An answer's CORS headers admit at most the portal's own origin, and `*` never with credentials. */
function expectNoReflection(response: LightMyRequestResponse, origin: string, at: string) {
  corsChecks += 1;
  const allowed = response.headers['access-control-allow-origin'];
  const credentials = response.headers['access-control-allow-credentials'];
  if (allowed !== undefined && allowed !== '*' && allowed !== ORIGIN) corsReflections += 1;
  expect([undefined, '*', ORIGIN], `${at} from ${origin}`).toContain(allowed);
  if (allowed === '*') expect(credentials, `${at} from ${origin}`).toBeUndefined();
  if (origin !== ORIGIN) expect(allowed, `${at} from ${origin}`).not.toBe(origin);
}

describe('CORS (H2)', () => {
  const credentialed = () => [
    { url: '/api/auth/profile', who: investor },
    { url: '/api/vault/info', who: investor },
    { url: '/api/admin/users', who: admin },
    { url: `/ipfs/${privateCid}`, who: investor },
  ];

  it('simple requests: no origin is echoed, the portal’s own included (same-origin needs no CORS)', async () => {
    for (const origin of [ORIGIN, ...FOREIGN_ORIGINS]) {
      for (const sample of [...credentialed(), { url: '/api/health' }]) {
        const response = await get(sample, { origin, cookie: 'portal_session=x' });
        expectNoReflection(response, origin, sample.url);
      }
    }
  });

  it('preflights from any origin are not granted', async () => {
    for (const origin of [ORIGIN, ...FOREIGN_ORIGINS]) {
      for (const url of ['/api/auth/login', '/api/auth/profile', '/api/escrow/marketplace', '/ipfs/x']) {
        const response = await t.app.inject({
          method: 'OPTIONS',
          url,
          headers: {
            origin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'content-type, authorization, x-portal-csrf',
          },
        });
        expectNoReflection(response, origin, `OPTIONS ${url}`);
        expect(response.headers['access-control-allow-methods'], url).toBeUndefined();
        expect(response.headers['access-control-allow-headers'], url).toBeUndefined();
      }
    }
  });

  it('public documents are readable from anywhere, but never with credentials', async () => {
    for (const origin of FOREIGN_ORIGINS) {
      const response = await get({ url: `/ipfs/${publicCid}` }, { origin });
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expectNoReflection(response, origin, '/ipfs (public)');
      // A private document answers no other origin, even to its signed-in owner.
      const own = await get({ url: `/ipfs/${privateCid}`, who: investor }, { origin });
      expect(own.headers['access-control-allow-origin']).toBeUndefined();
    }
  });
});

afterAll(() => {
  recordEvidence('headers', {
    checked,
    present: required ? Math.round((present / required) * 1000) / 10 : 0,
    corsChecks,
    corsReflections,
  });
});
