import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

const dist = mkdtempSync(path.join(tmpdir(), 'portal-spa-'));
const script = 'console.log("the portal");'.repeat(100);
let t: TestApp;

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Investor Portal</title>');
  writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  writeFileSync(path.join(dist, 'assets/app-abc123.js'), script);
  writeFileSync(path.join(dist, 'assets/app-abc123.js.br'), brotliCompressSync(script));
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers client-side routes with index.html, revalidated on every visit', async () => {
    for (const url of ['/', '/dashboard?tab=sbt', '/verify', '/no/such/page']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('Investor Portal');
    }
  });

  it('serves fingerprinted assets immutable, pre-compressed when the browser accepts it', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(script.length / 5);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('keeps API paths out of the web app', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });

  it('answers a missing file with 404, never the app shell', async () => {
    for (const url of ['/old-app.js', '/wp-login.php', '/assets/gone-123.css', '/images/logo.png?v=2']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('Investor Portal');
    }
  });

  it('serves robots.txt from the build', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('User-agent: *');
  });

  it('ships /favicon.ico and /robots.txt with the web app (browsers and crawlers ask for them)', () => {
    const publicDir = path.resolve(import.meta.dirname, '../../../web/public');
    expect(readFileSync(path.join(publicDir, 'favicon.ico')).subarray(0, 4)).toEqual(
      Buffer.from([0, 0, 1, 0]),
    );
    expect(readFileSync(path.join(publicDir, 'robots.txt'), 'utf8')).toMatch(/^User-agent: \*$/m);
  });
});
