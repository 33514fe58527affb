import { randomBytes } from 'node:crypto';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@portal/shared/auth';
import type { DidInfoResponse, DidResolveResponse, DidStartResponse } from '@portal/shared/did';
import { messages } from '@portal/shared/messages';
import { dids } from '../../db/schema/index.js';
import { MasterKey, type Envelope } from '../../secrets/envelope.js';
import {
  callApi,
  createTestApp,
  json,
  register,
  type Registered,
  type TestApp,
} from '../../test/test-app.js';
import { didKeyAad } from './did.service.js';

const masterKey = new MasterKey(randomBytes(32));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ overrides: { masterKey } });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, who?: Registered, payload?: object) =>
  callApi(t.app, method, url, who, payload);
const start = (who: Registered) => call('POST', '/api/did/start', who);

/** Every row of every table as text: what a stolen database backup would reveal. */
async function dumpDatabase(): Promise<string> {
  const result = (await t.database.db.execute(
    sql`select string_agg(query_to_xml(format('select * from %I', tablename), true, false, '')::text, '')
          as dump from pg_tables where schemaname = 'public'`,
  )) as unknown as { rows: Array<{ dump: string }> };
  return result.rows[0]!.dump;
}

/** Multikey encoding of an Ed25519 public key, done independently of the DID library. */
const multikey = (publicKey: Uint8Array) => `z${base58.encode(new Uint8Array([0xed, 0x01, ...publicKey]))}`;

describe('starting a DID', () => {
  let alice: Registered;
  let did: string;

  beforeAll(async () => {
    alice = await register(t.app);
  });

  it('requires a session', async () => {
    expect((await call('POST', '/api/did/start')).statusCode).toBe(401);
    expect((await call('GET', '/api/did/')).statusCode).toBe(401);
  });

  it('has no DID before the first start', async () => {
    const response = await call('GET', '/api/did/', alice);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ success: true, didMetadata: null });
  });

  it('generates an Ed25519 did:key with the spec message', async () => {
    const response = await start(alice);
    expect(response.statusCode).toBe(200);
    const body = json<DidStartResponse>(response);
    expect(body).toEqual({
      success: true,
      didMetadata: { did: expect.stringMatching(/^did:key:z6Mk[1-9A-HJ-NP-Za-km-z]{44,45}$/) },
      message: 'DID generated successfully!',
    });
    did = body.didMetadata.did;
  });

  it('is idempotent: later calls return the same DID with the same answer', async () => {
    const again = await start(alice);
    expect(again.statusCode).toBe(200);
    expect(json(again)).toEqual({ success: true, didMetadata: { did }, message: messages.didGenerated });
    expect(json<DidInfoResponse>(await call('GET', '/api/did/', alice)).didMetadata).toEqual({ did });
    // docs/product.md §7.2 spells the path with a trailing slash, and only that spelling is served
    expect((await call('GET', '/api/did', alice)).statusCode).toBe(404);
  });

  it('shows the DID in the profile (did and didMetadata.did)', async () => {
    const { user } = json<{ user: User }>(await call('GET', '/api/auth/profile', alice));
    expect(user.did).toBe(did);
    expect(user.didMetadata).toEqual({ did });
  });

  it('gives concurrent first calls one DID', async () => {
    const bob = await register(t.app);
    const responses = await Promise.all(Array.from({ length: 6 }, () => start(bob)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    const seen = new Set(responses.map((r) => json<DidStartResponse>(r).didMetadata.did));
    expect(seen.size).toBe(1);
    expect(seen.has(did)).toBe(false);
    const rows = await t.database.db.select().from(dids).where(eq(dids.userId, bob.user.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses a body with unknown fields and changes nothing', async () => {
    const carol = await register(t.app);
    const response = await call('POST', '/api/did/start', carol, { did: 'did:key:z6Mkattacker' });
    expect(response.statusCode).toBe(400);
    expect(json(await call('GET', '/api/did/', carol))).toEqual({ success: true, didMetadata: null });
  });

  it('keeps the key encrypted: it opens only with the master key, in its own row', async () => {
    const [row] = await t.database.db.select().from(dids).where(eq(dids.userId, alice.user.id));
    const envelope = row!.keyEnvelope as Envelope;
    const seed = masterKey.open(envelope, didKeyAad(alice.user.id, did));
    expect(seed).toHaveLength(32);
    // The decrypted key is the DID's key.
    expect(`did:key:${multikey(ed25519.getPublicKey(seed))}`).toBe(did);
    // Moved to another user's row, it does not open.
    expect(() => masterKey.open(envelope, didKeyAad(randomBytes(16).toString('hex'), did))).toThrow();

    const { secretKeyMultibase } = (await Ed25519Multikey.generate({ seed })) as unknown as {
      secretKeyMultibase: string;
    };
    const dump = await dumpDatabase();
    expect(dump).toContain(did);
    for (const form of [
      seed.toString('hex'),
      seed.toString('base64'),
      seed.toString('base64url'),
      base58.encode(seed),
      secretKeyMultibase,
    ]) {
      expect(dump).not.toContain(form);
      expect(t.logs.join('')).not.toContain(form);
    }
  });
});

describe('resolving a DID', () => {
  it('returns the DID document of an investor DID, with its key as assertion method', async () => {
    const dave = await register(t.app);
    const { did } = json<DidStartResponse>(await start(dave)).didMetadata;
    const response = await call('GET', `/api/did/resolve/${encodeURIComponent(did)}`);
    expect(response.statusCode).toBe(200);
    const { didDocument } = json<DidResolveResponse>(response);
    const fingerprint = did.slice('did:key:'.length);
    const methodId = `${did}#${fingerprint}`;
    expect(didDocument).toMatchObject({
      '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/multikey/v1'],
      id: did,
      verificationMethod: [
        { id: methodId, type: 'Multikey', controller: did, publicKeyMultibase: fingerprint },
      ],
      assertionMethod: [methodId],
      authentication: [methodId],
    });
  });

  it('resolves any Ed25519 did:key, not only ours', async () => {
    const did = `did:key:${multikey(ed25519.getPublicKey(randomBytes(32)))}`;
    const response = await call('GET', `/api/did/resolve/${did}`);
    expect(response.statusCode).toBe(200);
    expect(json<DidResolveResponse>(response).didDocument.id).toBe(did);
  });

  it.each([
    ['another DID method', 'did:web:example.com'],
    ['a truncated key', 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2d'],
    ['a secp256k1 did:key', 'did:key:zQ3shokFTS3brHcDQrn82RUDfCZESWL1ZdCEJwekUDPQiYBme'],
    ['not a DID', 'hello'],
  ])('refuses %s with 400', async (_label, did) => {
    const response = await call('GET', `/api/did/resolve/${encodeURIComponent(did)}`);
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ success: false, error: messages.didKeyOnly });
  });
});
