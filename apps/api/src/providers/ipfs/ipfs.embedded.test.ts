import { createHash } from 'node:crypto';
import { base32nopad, base58 } from '@scure/base';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { ipfsBlocks, users } from '../../db/schema/index.js';
import { createTestDatabase } from '../../test/test-database.js';
import { IpfsIntegrityError, IpfsPinError, MAX_DOCUMENT_BYTES } from './ipfs.js';
import { EmbeddedIpfs } from './ipfs.embedded.js';
import { KuboPinner } from './ipfs.kubo.js';
import { PinataPinner } from './ipfs.pinata.js';
import { IpfsRepo } from './ipfs.repo.js';
import { startFakeKubo, startFakePinata } from './testing/fake-services.js';

/** CIDv1 (raw, sha256) built by hand from the IPFS specs, independently of multiformats. */
const binaryCid = (bytes: Uint8Array) =>
  Uint8Array.from([0x01, 0x55, 0x12, 0x20, ...createHash('sha256').update(bytes).digest()]);
const expectedCid = (bytes: Uint8Array) => `b${base32nopad.encode(binaryCid(bytes)).toLowerCase()}`;

const vc = new TextEncoder().encode(
  '{"id":"urn:uuid:1","issuer":"did:key:z6Mk","credentialSubject":{"id":"x"}}',
);

describe('embedded IPFS store', () => {
  let database: Database;
  let ipfs: EmbeddedIpfs;

  beforeEach(async () => {
    database = await createTestDatabase();
    ipfs = new EmbeddedIpfs(new IpfsRepo(database.db), 'http://portal.test/ipfs');
  });
  afterEach(() => database.close());

  it('names a document by the CIDv1 (raw codec, sha256) of its exact bytes', async () => {
    const cid = await ipfs.add(vc, 'application/json');
    expect(cid).toBe(expectedCid(vc));
    expect(cid).toMatch(/^bafkrei[a-z2-7]{52}$/);
    // A well-known vector: the empty-string raw block is not storable, "hello world" is.
    const hello = new TextEncoder().encode('hello world');
    expect(await ipfs.add(hello, 'text/plain; charset=utf-8')).toBe(
      'bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e',
    );
    expect(ipfs.name).toBe('embedded');
    expect(ipfs.url(cid)).toBe(`http://portal.test/ipfs/${cid}`);
  });

  it('gives back the exact bytes and content type, under any encoding of the CID', async () => {
    const cid = await ipfs.add(vc, 'application/json');
    expect(await ipfs.get(cid)).toEqual({ cid, contentType: 'application/json', bytes: vc, owner: null });
    const base58Cid = `z${base58.encode(binaryCid(vc))}`;
    expect((await ipfs.get(base58Cid))?.cid).toBe(cid);
    // Adding again changes nothing.
    expect(await ipfs.add(vc, 'application/json')).toBe(cid);
    expect(await database.db.select().from(ipfsBlocks)).toHaveLength(1);
  });

  it('knows nothing of unknown, malformed or foreign CIDs', async () => {
    await ipfs.add(vc, 'application/json');
    expect(await ipfs.get(expectedCid(new TextEncoder().encode('other')))).toBeUndefined();
    expect(await ipfs.get('not-a-cid')).toBeUndefined();
    // CIDv0 (dag-pb) and a dag-json CID are not blocks this store makes.
    expect(await ipfs.get('QmXTYiQ61f7S4Ddngps8NtPXbE1HsG2EfvFhbKA3A2oXpq')).toBeUndefined();
    expect(await ipfs.get('baguqeeraqchbi3jv3lrdqcdlqo6to7maosktq3a6f7whwxtqdc3nvusnga3a')).toBeUndefined();
  });

  it('refuses to hand out bytes that no longer match their CID', async () => {
    const cid = await ipfs.add(vc, 'application/json');
    await database.db
      .update(ipfsBlocks)
      .set({ bytes: new TextEncoder().encode('{"id":"urn:uuid:666"}') })
      .where(eq(ipfsBlocks.cid, cid));
    await expect(ipfs.get(cid)).rejects.toThrow(IpfsIntegrityError);
  });

  it('refuses empty or oversized documents and bad media types', async () => {
    await expect(ipfs.add(new Uint8Array(), 'application/json')).rejects.toThrow(RangeError);
    await expect(ipfs.add(new Uint8Array(MAX_DOCUMENT_BYTES + 1), 'application/json')).rejects.toThrow(
      RangeError,
    );
    await expect(ipfs.add(vc, 'text/html\r\nx-evil: 1')).rejects.toThrow(TypeError);
    await expect(ipfs.add(vc, 'json')).rejects.toThrow(TypeError);
    expect(await database.db.select().from(ipfsBlocks)).toHaveLength(0);
  });
});

describe('remote pinning', () => {
  let database: Database;
  const servers: Array<{ close(): Promise<void> }> = [];
  const started = <T extends { close(): Promise<void> }>(server: T) => (servers.push(server), server);
  const stored = () => database.db.select().from(ipfsBlocks);

  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
    await database.close();
  });

  it('kubo: puts the raw block, pinned, and keeps a local copy for the gateway', async () => {
    const kubo = started(await startFakeKubo());
    const ipfs = new EmbeddedIpfs(
      new IpfsRepo(database.db),
      'http://portal.test/ipfs',
      new KuboPinner(kubo.url),
    );
    const cid = await ipfs.add(vc, 'application/json');
    expect(cid).toBe(expectedCid(vc));
    expect(ipfs.name).toBe('embedded+kubo');
    expect(kubo.received).toHaveLength(1);
    expect(kubo.received[0]!.bytes).toEqual(vc);
    expect(await stored()).toMatchObject([{ cid, pinnedBy: 'kubo' }]);
  });

  it('kubo: an add fails, and nothing is kept, when the node computes another CID or fails', async () => {
    const liar = started(await startFakeKubo({ answerCid: expectedCid(new TextEncoder().encode('x')) }));
    const lying = new EmbeddedIpfs(
      new IpfsRepo(database.db),
      'http://portal.test/ipfs',
      new KuboPinner(liar.url),
    );
    await expect(lying.add(vc, 'application/json')).rejects.toThrow(
      /kubo computed CID bafkrei\w+ for a document whose CID is/,
    );

    const broken = started(await startFakeKubo({ failWith: 500 }));
    const failing = new EmbeddedIpfs(
      new IpfsRepo(database.db),
      'http://portal.test/ipfs',
      new KuboPinner(broken.url),
    );
    await expect(failing.add(vc, 'application/json')).rejects.toThrow(
      'kubo answered HTTP 500: {"Message":"datastore full"',
    );

    const down = new EmbeddedIpfs(new IpfsRepo(database.db), 'x', new KuboPinner('http://127.0.0.1:9'));
    await expect(down.add(vc, 'application/json')).rejects.toThrow(IpfsPinError);
    expect(await stored()).toEqual([]);
  });

  it('never sends a private document (personal data) to kubo or Pinata; public ones still go', async () => {
    const [owner] = await database.db
      .insert(users)
      .values({ email: 'owner@example.com', name: 'Owner', passwordHash: 'x' })
      .returning();
    const kubo = started(await startFakeKubo());
    const pinata = started(await startFakePinata('jwt-123'));
    for (const pinner of [new KuboPinner(kubo.url), new PinataPinner('jwt-123', `${pinata.url}/v3/files`)]) {
      const ipfs = new EmbeddedIpfs(new IpfsRepo(database.db), 'http://portal.test/ipfs', pinner);
      const personal = new TextEncoder().encode(`{"email":"owner@example.com","via":"${pinner.name}"}`);
      const cid = await ipfs.add(personal, 'application/json', { owner: owner!.id });
      expect(await ipfs.get(cid)).toMatchObject({ cid, owner: owner!.id });
    }
    expect(kubo.received).toEqual([]);
    expect(pinata.received).toEqual([]);
    expect((await stored()).map((row) => row.pinnedBy)).toEqual([null, null]);
    const design = new KuboPinner(kubo.url);
    await new EmbeddedIpfs(new IpfsRepo(database.db), 'x', design).add(vc, 'application/json');
    expect(kubo.received).toHaveLength(1);
  });

  it('pinata: uploads the file to the public network with the JWT and checks the CID', async () => {
    const pinata = started(await startFakePinata('jwt-123'));
    const ipfs = new EmbeddedIpfs(
      new IpfsRepo(database.db),
      'http://portal.test/ipfs',
      new PinataPinner('jwt-123', `${pinata.url}/v3/files`),
    );
    const cid = await ipfs.add(vc, 'application/json');
    expect(cid).toBe(expectedCid(vc));
    const [request] = pinata.received;
    expect(request!.form.get('network')).toBe('public');
    expect((request!.form.get('file') as File).type).toBe('application/json');
    expect(request!.bytes).toEqual(vc);
    expect(await stored()).toMatchObject([{ cid, pinnedBy: 'pinata' }]);
  });

  it('pinata: a wrong CID (a dag-pb wrapping, say), a bad JWT or an error fails the add', async () => {
    const wrapped = started(
      await startFakePinata('jwt-123', {
        answerCid: 'bafybeihgxdzljxb26q6nf3r3eifqeedsvt2eubqtskghpme66cgjyw4fra',
      }),
    );
    const pinner = (url: string, jwt = 'jwt-123') =>
      new EmbeddedIpfs(new IpfsRepo(database.db), 'x', new PinataPinner(jwt, `${url}/v3/files`));
    await expect(pinner(wrapped.url).add(vc, 'application/json')).rejects.toThrow(
      /pinata computed CID bafybei/,
    );
    const pinata = started(await startFakePinata('jwt-123'));
    await expect(pinner(pinata.url, 'wrong').add(vc, 'application/json')).rejects.toThrow(
      'pinata answered HTTP 401',
    );
    const broken = started(await startFakePinata('jwt-123', { failWith: 503 }));
    await expect(pinner(broken.url).add(vc, 'application/json')).rejects.toThrow('pinata answered HTTP 503');
    expect(await stored()).toEqual([]);
  });
});
