import { createHash } from 'node:crypto';
import { base32nopad } from '@scure/base';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ipfsBlocks } from '../../db/schema/index.js';
import { createTestApp, json, type TestApp } from '../../test/test-app.js';

/** Recomputes a CIDv1 (raw, sha256) from bytes, independently of the server's code. */
const cidOfBytes = (bytes: Buffer) =>
  `b${base32nopad
    .encode(Uint8Array.from([0x01, 0x55, 0x12, 0x20, ...createHash('sha256').update(bytes).digest()]))
    .toLowerCase()}`;

const credential = Buffer.from(
  JSON.stringify({
    id: 'urn:uuid:6f1c',
    issuer: 'did:key:z6MkPortal',
    credentialSubject: { full_name: 'Ada' },
  }),
);

describe('GET /ipfs/:cid (gateway)', () => {
  let t: TestApp;
  let cid: string;

  beforeAll(async () => {
    t = await createTestApp();
    cid = await t.app.container.ipfs.add(credential, 'application/json');
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('serves the exact bytes, which hash to the CID in the URL, with the stored content type', async () => {
    const response = await get(`/ipfs/${cid}`);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(credential);
    expect(cidOfBytes(response.rawPayload)).toBe(cid);
    expect(response.headers['content-type']).toBe('application/json');
    expect(JSON.parse(response.body)).toMatchObject({ issuer: 'did:key:z6MkPortal' });
    expect(t.app.container.ipfs.url(cid)).toBe(`http://portal.test/ipfs/${cid}`);
  });

  it('is cacheable forever, names the CID, and can run nothing as the portal', async () => {
    const { headers } = await get(`/ipfs/${cid}`);
    expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(headers.etag).toBe(`"${cid}"`);
    expect(headers['x-ipfs-path']).toBe(`/ipfs/${cid}`);
    expect(headers['content-security-policy']).toBe(
      "default-src 'none'; base-uri 'none'; frame-ancestors 'none'; sandbox",
    );
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['access-control-allow-origin']).toBe('*');
  });

  it('answers the raw block for ?format=raw and for Accept: application/vnd.ipld.raw', async () => {
    for (const response of [
      await get(`/ipfs/${cid}?format=raw`),
      await get(`/ipfs/${cid}`, { accept: 'application/vnd.ipld.raw' }),
    ]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/vnd.ipld.raw');
      expect(response.headers.etag).toBe(`"${cid}.raw"`);
      expect(cidOfBytes(response.rawPayload)).toBe(cid);
    }
  });

  it('answers 304 to a matching If-None-Match, and HEAD without a body', async () => {
    const cached = await get(`/ipfs/${cid}`, { 'if-none-match': `"${cid}"` });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
    const head = await t.app.inject({ method: 'HEAD', url: `/ipfs/${cid}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('application/json');
    expect(head.body).toBe('');
  });

  it('answers 404 for unknown, malformed and foreign CIDs', async () => {
    const unknown = cidOfBytes(Buffer.from('never stored'));
    for (const path of [unknown, 'not-a-cid', 'QmXTYiQ61f7S4Ddngps8NtPXbE1HsG2EfvFhbKA3A2oXpq', `${cid}x`]) {
      const response = await get(`/ipfs/${path}`);
      expect(response.statusCode, path).toBe(404);
      expect(json(response)).toMatchObject({ success: false, code: 'NOT_FOUND', error: 'Not found' });
    }
  });

  it('rejects an unsupported format with 400', async () => {
    const response = await get(`/ipfs/${cid}?format=car`);
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ error: 'Only format=raw is supported' });
  });

  it('refuses to serve bytes that were altered in the database', async () => {
    const other = await t.app.container.ipfs.add(Buffer.from('{"n":1}'), 'application/json');
    await t.database.db
      .update(ipfsBlocks)
      .set({ bytes: Buffer.from('{"n":666}') })
      .where(eq(ipfsBlocks.cid, other));
    const response = await get(`/ipfs/${other}`);
    expect(response.statusCode).toBe(500);
    expect(json(response)).toMatchObject({
      success: false,
      error: 'This document failed its integrity check and was not served',
    });
    expect(response.body).not.toContain('666');
    expect(t.logs.join('')).toContain('do not hash to their CID');
  });
});
