import { randomBytes } from 'node:crypto';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { contexts as dataIntegrityContexts } from '@digitalbazaar/data-integrity-context';
import { driver as didKeyDriver } from '@digitalbazaar/did-method-key';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { cryptosuite as eddsaRdfc2022 } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import { securityLoader } from '@digitalbazaar/security-document-loader';
import * as vc from '@digitalbazaar/vc';
import { contexts as statusListContexts } from '@digitalbazaar/vc-bitstring-status-list-context';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { sha256 } from 'multiformats/hashes/sha2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  IssuerResponse,
  VerifiableCredential,
  VerifyCredentialResponse,
} from '@portal/shared/credentials';
import type { DidStartResponse } from '@portal/shared/did';
import { messages } from '@portal/shared/messages';
import { CUSTODY_ASSET_IDS, type CreateVaultResponse } from '@portal/shared/vault';
import { DomainError } from '../../errors.js';
import {
  bearer,
  createAdmin,
  createTestApp,
  json,
  openShared,
  register,
  shareTokenOf,
  TEST_PUBLIC_URL,
  type Registered,
  type TestApp,
} from '../../test/test-app.js';
import { independentVerifier } from '../../test/independent-verifier.js';
import type { IssuedCredential } from './credentials.service.js';

const CONTEXT_URL = `${TEST_PUBLIC_URL}/contexts/portal/v1`;
const YEAR_MS = 365 * 24 * 3600_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const verifyCall = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/credentials/verify', payload: payload as object });
const verifyAnswer = async (payload: unknown) => {
  const response = await verifyCall(payload);
  expect(response.statusCode).toBe(200);
  return json<VerifyCredentialResponse>(response);
};
const clone = <T>(value: T): T => structuredClone(value);

/** A fresh Ed25519 did:key with a signer, made with the library directly. */
async function foreignKey() {
  const driver = didKeyDriver();
  driver.use({ multibaseMultikeyHeader: 'z6Mk', fromMultibase: Ed25519Multikey.from });
  const keyPair = await Ed25519Multikey.generate({ seed: randomBytes(32) });
  const { didDocument, methodFor } = await driver.fromKeyPair({ verificationKeyPair: keyPair });
  keyPair.id = methodFor({ purpose: 'assertionMethod' }).id;
  keyPair.controller = didDocument.id;
  return { did: didDocument.id, keyPair };
}

/** Signs `credential` with `keyPair`, the way any Data Integrity issuer would. */
async function signWith(keyPair: Ed25519Multikey.Ed25519MultikeyPair, credential: object) {
  const driver = didKeyDriver();
  driver.use({ multibaseMultikeyHeader: 'z6Mk', fromMultibase: Ed25519Multikey.from });
  const loader = securityLoader();
  for (const [url, document] of [...dataIntegrityContexts, ...statusListContexts])
    loader.addStatic(url, document);
  loader.addStatic(CONTEXT_URL, t.app.container.credentials.context());
  loader.setDidResolver({ get: ({ did, url }) => driver.get({ did, url }) });
  const unsigned = clone(credential) as Record<string, unknown>;
  delete unsigned.proof;
  return vc.issue({
    credential: unsigned,
    suite: new DataIntegrityProof({
      signer: keyPair.signer(),
      cryptosuite: eddsaRdfc2022,
      date: t.clock.now(),
    }),
    documentLoader: loader.build(),
  });
}

describe('the platform issuer', () => {
  it('publishes its DID', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/credentials/issuer' });
    expect(response.statusCode).toBe(200);
    const { did } = json<IssuerResponse>(response);
    expect(did).toMatch(/^did:key:z6Mk[1-9A-HJ-NP-Za-km-z]+$/);
    const resolved = await t.app.inject({ method: 'GET', url: `/api/did/resolve/${did}` });
    expect(resolved.statusCode).toBe(200);
  });

  it('publishes the portal JSON-LD context', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/contexts/portal/v1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/ld\+json/);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const { '@context': context } = response.json() as { '@context': Record<string, unknown> };
    expect(context['@vocab']).toBe(`${CONTEXT_URL}#`);
    expect(context.wallets).toEqual({ '@id': 'portal:wallets', '@type': '@json' });
    for (const term of ['full_name', 'email', 'kycStatus', 'country'])
      expect(context[term]).toBe(`portal:${term}`);
  });
});

describe('issuing a credential', () => {
  let alice: Registered;
  let aliceDid: string;
  let issuerDid: string;
  let issued: IssuedCredential;
  let verifyIndependently: (credential: object) => Promise<boolean>;

  beforeAll(async () => {
    alice = await register(t.app, { name: 'Ada Lovelace' });
    aliceDid = json<DidStartResponse>(
      await t.app.inject({ method: 'POST', url: '/api/did/start', headers: bearer(alice.token) }),
    ).didMetadata.did;
    issuerDid = json<IssuerResponse>(
      await t.app.inject({ method: 'GET', url: '/api/credentials/issuer' }),
    ).did;
    verifyIndependently = await independentVerifier(t);
  });

  it("builds the investor's subject from the profile: DID, identity, KYC status and vault wallets", async () => {
    const vault = json<CreateVaultResponse>(
      await t.app.inject({
        method: 'POST',
        url: '/api/vault/create',
        headers: bearer(alice.token),
        payload: { autoFuel: false },
      }),
    );
    const address = (assetId: string) => vault.wallets.find((w) => w.assetId === assetId)!.address;
    expect(vault.wallets.map((w) => w.assetId)).toEqual([...CUSTODY_ASSET_IDS]);
    const subject = await t.app.container.credentials.investorSubject(alice.user.id);
    expect(subject).toEqual({
      id: aliceDid,
      full_name: 'Ada Lovelace',
      email: alice.email,
      kycStatus: 'not_started',
      wallets: {
        Ethereum: address('ETH_TEST5'),
        Bitcoin: address('BTC_TEST'),
        Solana: address('SOL_TEST'),
        Ripple: address('XRP_TEST'),
        Stellar: address('XLM_TEST'),
      },
    });
  });

  it('asks for a DID before building a subject', async () => {
    const bob = await register(t.app);
    const attempt = t.app.container.credentials.investorSubject(bob.user.id);
    await expect(attempt).rejects.toBeInstanceOf(DomainError);
    await expect(attempt).rejects.toMatchObject({ code: 'CONFLICT', message: messages.didRequired });
  });

  it("signs a VCDM 1.1 credential with the spec's fields and an eddsa-rdfc-2022 proof", async () => {
    const subject = await t.app.container.credentials.investorSubject(alice.user.id);
    issued = await t.app.container.credentials.issue({
      userId: alice.user.id,
      type: 'SoulBoundTokenCredential',
      subject: { ...subject, sbt: { tokenId: '1', imageUrl: 'https://portal.test/sbt/1.png' } },
    });
    const fingerprint = issuerDid.slice('did:key:'.length);
    expect(issued.credential).toEqual({
      '@context': [
        'https://www.w3.org/2018/credentials/v1',
        'https://www.w3.org/ns/credentials/status/v1',
        'https://w3id.org/security/data-integrity/v2',
        CONTEXT_URL,
      ],
      id: expect.stringMatching(/^urn:uuid:[0-9a-f-]{36}$/),
      type: ['VerifiableCredential', 'SoulBoundTokenCredential'],
      issuer: issuerDid,
      issuanceDate: '2026-11-21T12:00:00Z',
      expirationDate: '2027-11-21T12:00:00Z',
      credentialSubject: { ...subject, sbt: { tokenId: '1', imageUrl: 'https://portal.test/sbt/1.png' } },
      credentialStatus: {
        id: expect.stringMatching(new RegExp(`^${TEST_PUBLIC_URL}/api/credentials/status/1#\\d+$`)),
        type: 'BitstringStatusListEntry',
        statusPurpose: 'revocation',
        statusListIndex: expect.stringMatching(/^\d+$/),
        statusListCredential: `${TEST_PUBLIC_URL}/api/credentials/status/1`,
      },
      proof: {
        type: 'DataIntegrityProof',
        cryptosuite: 'eddsa-rdfc-2022',
        created: '2026-11-21T12:00:00Z',
        verificationMethod: `${issuerDid}#${fingerprint}`,
        proofPurpose: 'assertionMethod',
        proofValue: expect.stringMatching(/^z[1-9A-HJ-NP-Za-km-z]{80,90}$/),
      },
    });
  });

  it('stores the exact serialized bytes under their CID, readable only by the holder and admins', async () => {
    expect(new TextDecoder().decode(issued.bytes)).toBe(JSON.stringify(issued.credential));
    const expected = CID.create(1, raw.code, await sha256.digest(issued.bytes)).toString();
    expect(issued.cid).toBe(expected);
    expect(issued.url).toBe(`${TEST_PUBLIC_URL}/ipfs/${expected}`);
    const path = new URL(issued.url).pathname;
    // What the holder downloads from the vcUrl is byte for byte what was signed; nobody may cache it.
    const served = await t.app.inject({ method: 'GET', url: path, headers: bearer(alice.token) });
    expect(served.statusCode).toBe(200);
    expect(new Uint8Array(served.rawPayload)).toEqual(issued.bytes);
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(served.headers['access-control-allow-origin']).toBeUndefined();
    const admin = await createAdmin(t.app);
    expect((await t.app.inject({ method: 'GET', url: path, headers: bearer(admin.token) })).statusCode).toBe(
      200,
    );
    // Anonymous callers and other investors: it does not exist, by URL or by verify-by-CID.
    const mallory = await register(t.app);
    expect((await t.app.inject({ method: 'GET', url: path, headers: bearer('stale') })).statusCode).toBe(401);
    for (const headers of [{}, bearer(mallory.token)]) {
      const response = await t.app.inject({ method: 'GET', url: path, headers });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain(alice.email);
      const byCid = await t.app.inject({
        method: 'POST',
        url: '/api/credentials/verify',
        headers,
        payload: { cid: issued.cid },
      });
      expect(byCid.statusCode).toBe(404);
    }
  });

  it('is accepted by an independent verifier', async () => {
    expect(await verifyIndependently(issued.credential)).toBe(true);
    const fromIpfs = JSON.parse(new TextDecoder().decode(issued.bytes)) as object;
    expect(await verifyIndependently(fromIpfs)).toBe(true);
  });

  it.each<[string, (c: VerifiableCredential) => void]>([
    ['one character of the name', (c) => (c.credentialSubject.full_name = 'Ada Lovelacf')],
    ['a wallet address', (c) => (c.credentialSubject.wallets.Ethereum = '0x' + '1'.repeat(40))],
    ['the expiration date', (c) => (c.expirationDate = '2037-11-21T12:00:00Z')],
    ['a claim added by a feature', (c) => ((c.credentialSubject.sbt as { tokenId: string }).tokenId = '2')],
    [
      'the subject DID',
      (c) => (c.credentialSubject.id = aliceDid.replace(/.$/, (x) => (x === 'a' ? 'b' : 'a'))),
    ],
    ['an added claim', (c) => (c.credentialSubject.accredited = true)],
  ])('is rejected by the independent verifier when %s changes', async (_label, tamper) => {
    const tampered = clone(issued.credential);
    tamper(tampered);
    expect(await verifyIndependently(tampered)).toBe(false);
  });

  it('is rejected when signed by another key in the platform’s name', async () => {
    const { keyPair } = await foreignKey();
    // The forger names the platform's key, but the signature is theirs.
    keyPair.id = issued.credential.proof.verificationMethod;
    keyPair.controller = issuerDid;
    const forged = (await signWith(keyPair, issued.credential)) as unknown as VerifiableCredential;
    expect(forged.issuer).toBe(issuerDid);
    expect(await verifyIndependently(forged)).toBe(false);
    const answer = await verifyAnswer({ credential: forged });
    expect(answer).toMatchObject({ verified: false, trustedIssuer: false, issuer: issuerDid });
    expect(answer.errors.length).toBeGreaterThan(0);
  });

  it('is rejected when a foreign key signs with the platform as issuer', async () => {
    const { keyPair } = await foreignKey();
    const forged = await signWith(keyPair, issued.credential);
    expect(await verifyIndependently(forged)).toBe(false);
    expect(await verifyAnswer({ credential: forged })).toMatchObject({
      verified: false,
      trustedIssuer: false,
    });
  });

  describe('POST /api/credentials/verify', () => {
    it('verifies our credential and trusts its issuer', async () => {
      expect(await verifyAnswer({ credential: issued.credential })).toEqual({
        success: true,
        verified: true,
        revoked: false,
        trustedIssuer: true,
        issuerIsPortal: true,
        issuer: issuerDid,
        explorerLinks: {},
        errors: [],
      });
    });

    it('verifies a credential by its CID for its holder and returns it', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/credentials/verify',
        headers: bearer(alice.token),
        payload: { cid: issued.cid },
      });
      expect(json(response)).toEqual({
        success: true,
        verified: true,
        revoked: false,
        trustedIssuer: true,
        issuerIsPortal: true,
        issuer: issuerDid,
        explorerLinks: {},
        errors: [],
        credential: issued.credential,
      });
    });

    it('rejects a tampered credential with the reason, still naming the portal as its issuer', async () => {
      const tampered = clone(issued.credential);
      tampered.credentialSubject.full_name = 'Ada Lovelacf';
      expect(await verifyAnswer({ credential: tampered })).toEqual({
        success: true,
        verified: false,
        revoked: false,
        trustedIssuer: false,
        issuerIsPortal: true,
        issuer: issuerDid,
        explorerLinks: {},
        errors: ['Invalid signature.'],
      });
    });

    it("links a purchase credential's payment and delivery to their explorers, well-formed hashes only", async () => {
      const payment = `0x${'ab'.repeat(32)}`;
      const signature = '5'.repeat(87);
      const purchase = (blockchain: string, deliveryTransaction: string) =>
        t.app.container.credentials.issue({
          userId: alice.user.id,
          type: 'TokenPurchaseCredential',
          subject: {
            id: aliceDid,
            tokenPurchase: { blockchain, amount: '2', paymentTransaction: payment, deliveryTransaction },
          },
        });
      const spl = await verifyAnswer({ credential: (await purchase('solana', signature)).credential });
      expect(spl).toMatchObject({ verified: true, trustedIssuer: true });
      expect(spl.explorerLinks).toEqual({
        [payment]: `${TEST_PUBLIC_URL}/explorer/tx/${payment}`,
        [signature]: `${TEST_PUBLIC_URL}/explorer/solana/tx/${signature}`,
      });
      const junk = await verifyAnswer({
        credential: (await purchase('ethereum', 'javascript:alert(1)')).credential,
      });
      expect(junk.explorerLinks).toEqual({ [payment]: `${TEST_PUBLIC_URL}/explorer/tx/${payment}` });
    });

    it('verifies a valid credential from another issuer without trusting the issuer', async () => {
      const other = await foreignKey();
      const { credentialStatus: _ours, ...unlisted } = issued.credential as Record<string, unknown>;
      const theirs = await signWith(other.keyPair, { ...unlisted, issuer: other.did });
      expect(await verifyAnswer({ credential: theirs })).toMatchObject({
        verified: true,
        trustedIssuer: false,
        issuer: other.did,
      });
    });

    it('never fetches: a verification method on a remote server is simply not found', async () => {
      const remote = clone(issued.credential);
      remote.proof.verificationMethod = 'http://169.254.169.254/latest/meta-data#key';
      const answer = await verifyAnswer({ credential: remote });
      expect(answer.verified).toBe(false);
      expect(answer.errors.join(' ')).toContain('Document not found');
      const unknownContext = clone(issued.credential);
      unknownContext['@context'][2] = 'http://127.0.0.1:9/context';
      expect((await verifyAnswer({ credential: unknownContext })).verified).toBe(false);
      const didWeb = clone(issued.credential);
      didWeb.issuer = 'did:web:evil.example';
      didWeb.proof.verificationMethod = 'did:web:evil.example#key-1';
      expect((await verifyAnswer({ credential: didWeb })).verified).toBe(false);
    });

    it.each<[string, unknown]>([
      ['an empty object', {}],
      ['a bare proof', { proof: { type: 'DataIntegrityProof' } }],
      ['a context that is not a list', { '@context': 5, proof: {} }],
      [
        'an unsigned credential',
        { '@context': ['https://www.w3.org/2018/credentials/v1'], type: ['VerifiableCredential'] },
      ],
      ['a credential of the wrong data model', { '@context': ['https://example.com'], proof: {} }],
    ])('answers %s as unverified, not as an error', async (_label, credential) => {
      const answer = await verifyAnswer({ credential });
      expect(answer.verified).toBe(false);
      expect(answer.trustedIssuer).toBe(false);
      expect(answer.errors.length).toBeGreaterThan(0);
      expect(JSON.stringify(answer)).not.toMatch(/\bat .+\.js:\d+/);
    });

    it('answers a stored document that is not JSON as unverified', async () => {
      const cid = await t.app.container.ipfs.add(new TextEncoder().encode('not json'), 'text/plain');
      expect(await verifyAnswer({ cid })).toMatchObject({
        verified: false,
        errors: [messages.credentialNotJson],
      });
    });

    it.each<[string, unknown, number, string]>([
      ['no body fields', {}, 400, messages.credentialOrCidRequired],
      [
        'both a credential and a CID',
        { credential: {}, cid: 'bafkrei' },
        400,
        messages.credentialOrCidRequired,
      ],
      ['a credential that is a string', { credential: 'eyJhbGciOi' }, 400, messages.credentialNotAnObject],
      ['a credential that is a list', { credential: [1, 2] }, 400, messages.credentialNotAnObject],
      ['an unknown field', { credential: {}, extra: 1 }, 400, 'Unrecognized key: "extra"'],
      ['a CID that is not one', { cid: 'not-a-cid' }, 404, messages.credentialNotFound],
      [
        'an unknown CID',
        { cid: 'bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy' },
        404,
        messages.credentialNotFound,
      ],
    ])('refuses %s', async (_label, payload, status, error) => {
      const response = await verifyCall(payload);
      expect(response.statusCode).toBe(status);
      expect(json(response)).toMatchObject({ success: false, error });
    });

    it('refuses a body that is not JSON', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/credentials/verify',
        headers: { 'content-type': 'application/json' },
        payload: '{"credential":',
      });
      expect(response.statusCode).toBe(400);
      expect(json(response)).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    });

    // Last: it moves the clock past the expiration date.
    it('answers an expired credential as unverified', async () => {
      t.clock.advance(YEAR_MS + 24 * 3600_000);
      const answer = await verifyAnswer({ credential: issued.credential });
      expect(answer).toMatchObject({ verified: false, trustedIssuer: false, issuer: issuerDid });
      expect(answer.errors).toContain('Credential has expired.');
      expect(await verifyIndependently(issued.credential)).toBe(false);
      // Back to the present: status list checks inside the library compare with the real clock.
      t.clock.advance(-(YEAR_MS + 24 * 3600_000));
    });
  });
});

/** A fresh investor with a DID and one purchase credential issued to them. */
async function holderWithCredential() {
  const holder = await register(t.app);
  await t.app.inject({ method: 'POST', url: '/api/did/start', headers: bearer(holder.token) });
  const subject = await t.app.container.credentials.investorSubject(holder.user.id);
  const issued = await t.app.container.credentials.issue({
    userId: holder.user.id,
    type: 'TokenPurchaseCredential',
    subject: { ...subject, purchase: { amount: '5' } },
  });
  return { holder, issued };
}

describe('revocation (W3C Bitstring Status List)', () => {
  it('publishes a signed, public status list that any verifier accepts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/credentials/status/1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const list = response.json<Record<string, unknown>>();
    expect(list).toMatchObject({
      id: `${TEST_PUBLIC_URL}/api/credentials/status/1`,
      type: ['VerifiableCredential', 'BitstringStatusListCredential'],
      issuer: t.app.container.credentials.issuerDid,
      credentialSubject: { type: 'BitstringStatusList', statusPurpose: 'revocation' },
    });
    expect(await (await independentVerifier(t))(list)).toBe(true);
    for (const bad of ['0', 'x', '1.5', '99999999999'])
      expect((await t.app.inject({ method: 'GET', url: `/api/credentials/status/${bad}` })).statusCode).toBe(
        400,
      );
  });

  it('a revoked credential says so: through the API and to an independent verifier', async () => {
    const [revoked, kept] = [await holderWithCredential(), await holderWithCredential()];
    const independent = await independentVerifier(t);
    expect(await independent(revoked.issued.credential)).toBe(true);

    const admin = await createAdmin(t.app);
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${revoked.holder.user.id}/revoke-identity`,
      headers: bearer(admin.token),
      payload: { reason: 'Sanctions match' },
    });
    expect(json(answer)).toEqual({ success: true, revokedCredentials: 1 });
    expect(await verifyAnswer({ credential: revoked.issued.credential })).toMatchObject({
      verified: false,
      revoked: true,
      errors: [messages.credentialRevoked],
    });
    expect(await independent(revoked.issued.credential)).toBe(false);
    // Everyone else's credentials are untouched.
    expect(await verifyAnswer({ credential: kept.issued.credential })).toMatchObject({
      verified: true,
      revoked: false,
    });
    expect(await independent(kept.issued.credential)).toBe(true);
    // Only admins decide.
    const investor = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${kept.holder.user.id}/revoke-identity`,
      headers: bearer(kept.holder.token),
      payload: { reason: 'x' },
    });
    expect(investor.statusCode).toBe(403);
  });
});

describe('share links', () => {
  it('the holder shares by a revocable, expiring link; nobody else can', async () => {
    const { holder, issued } = await holderWithCredential();
    const share = (who: Registered, payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/credentials/shares', headers: bearer(who.token), payload });
    const other = await register(t.app);
    expect((await share(other, { cid: issued.cid })).statusCode).toBe(404);
    expect(json(await share(holder, { cid: issued.cid, days: 91 }))).toMatchObject({
      error: messages.credentialShareDays,
    });

    const created = await share(holder, { cid: issued.cid, days: 2 });
    expect(created.statusCode).toBe(201);
    const { share: link } = json<{ share: { id: string; url: string; expiresAt: string } }>(created);
    expect(link.url).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/verify#share=[A-Za-z0-9_-]{43}$`));
    const open = () => openShared(t.app, shareTokenOf(link.url));
    const opened = await open();
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['cache-control']).toBe('private, no-store');
    expect(opened.headers['access-control-allow-origin']).toBeUndefined();
    expect(json(opened)).toEqual({ success: true, credential: issued.credential });

    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/credentials/shares?cid=${issued.cid}`,
      headers: bearer(holder.token),
    });
    expect(json(listed)).toMatchObject({ shares: [{ id: link.id, cid: issued.cid }] });
    const remove = (who: Registered) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/credentials/shares/${link.id}`,
        headers: bearer(who.token),
      });
    expect((await remove(other)).statusCode).toBe(404);
    expect((await open()).statusCode).toBe(200);
    expect((await remove(holder)).statusCode).toBe(204);
    expect((await open()).statusCode).toBe(404);

    const second = json<{ share: { url: string } }>(await share(holder, { cid: issued.cid, days: 1 }));
    t.clock.advance(24 * 3600_000 + 1000);
    const expired = await openShared(t.app, shareTokenOf(second.share.url));
    expect(expired.statusCode).toBe(404);
    expect(json(expired)).toMatchObject({ error: messages.credentialShareNotFound });
    expect((await openShared(t.app, 'short')).statusCode).toBe(400);
    // The old form, with the secret in the path, is gone.
    const inPath = await t.app.inject({
      method: 'GET',
      url: `/api/credentials/shared/${shareTokenOf(link.url)}`,
    });
    expect(inPath.statusCode).toBe(404);
  });
});

describe('verification rate limit', () => {
  it('limits verifications per client per minute', async () => {
    const limit = t.config.rateLimits.credentialVerifyPerMinute;
    const from = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/credentials/verify',
        remoteAddress,
        payload: { credential: {} },
      });
    const statuses = [];
    for (let i = 0; i <= limit; i++) statuses.push((await from('203.0.113.7')).statusCode);
    expect(statuses.slice(0, limit)).toEqual(Array(limit).fill(200));
    expect(statuses[limit]).toBe(429);
    expect((await from('203.0.113.8')).statusCode).toBe(200);
  });
});
