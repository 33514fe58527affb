import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferingDocument, OfferingDocumentsView } from '@portal/shared/offering-documents';
import type { PurchaseResponse } from '@portal/shared/purchases';
import { eventually, issueToken, listToken, settled } from '../../test/issuance.js';
import { issuerAccount, verifiedInvestor } from '../../test/market-fixtures.js';
import { bearer, callApi, createTestApp, json, type Registered, type TestApp } from '../../test/test-app.js';
import { DocumentContracts } from './offering-documents.chain.js';

/** Offering documents through HTTP (ADR 73): upload → job → ERC-1643 on chain → read, download, acknowledge, buy. */
let t: TestApp;
let issuer: Registered;
let otherIssuer: Registered;
let alice: Awaited<ReturnType<typeof verifiedInvestor>>;
let tokenId: string;
let contract: string;
let listingId: string;

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);
const hashOf = (bytes: Buffer) => `0x${createHash('sha256').update(bytes).digest('hex')}`;
const upload = (who: { token: string }, name: string, bytes: Buffer, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/issuer/tokens/${tokenId}/documents`,
    headers: { ...bearer(who.token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: { name, contentType: 'application/pdf', data: bytes.toString('base64') },
  });
const recorded = (id: string) =>
  eventually(
    async () =>
      json<{ data: { documents: OfferingDocument[] } }>(
        await callApi(t.app, 'GET', `/api/issuer/tokens/${tokenId}/documents`, issuer),
      ).data.documents.find((document) => document.id === id)!,
    (document) => document.status !== 'PENDING' && document.status !== 'REMOVING',
    `document ${id} to be recorded`,
  );
const listed = async () => {
  const response = await callApi(t.app, 'GET', `/api/tokens/${tokenId}/documents`, alice);
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: OfferingDocumentsView }>(response).data;
};
const buy = () =>
  callApi(t.app, 'POST', `/api/escrow/${listingId}/purchase`, alice, {
    amount: 1,
    investorDid: alice.did,
    investorWallet: alice.eth,
  });
const reserved = async () => {
  const { rows } = (await t.app.container.db.execute(
    sql`select reserved from listings where id = ${listingId}`,
  )) as unknown as { rows: { reserved: string }[] };
  return rows[0]!.reserved;
};
const acknowledge = (hashes: string[]) =>
  callApi(t.app, 'POST', `/api/tokens/${tokenId}/acknowledgements`, alice, { documentHashes: hashes });

beforeAll(async () => {
  t = await createTestApp();
  issuer = await issuerAccount(t.app);
  otherIssuer = await issuerAccount(t.app);
  alice = await verifiedInvestor(t.app);
  const token = await issueToken(t.app, issuer, { symbol: 'DOC', totalSupply: '1000' });
  tokenId = token.id;
  contract = token.contractAddress!;
  listingId = (await listToken(t.app, issuer, token.id, { tokenAmount: '100', priceETH: '0.001' })).id;
});
afterAll(() => t.close());

describe('offering documents', () => {
  const prospectus = pdf('prospectus v1');
  let first: OfferingDocument;

  it('records an uploaded PDF on the token (ERC-1643) and lists it for investors with the exact bytes', async () => {
    const response = await upload(issuer, 'Prospectus', prospectus, 'doc-key-0001');
    expect(response.statusCode, response.body).toBe(202);
    const pending = json<{ data: OfferingDocument }>(response).data;
    expect(pending).toMatchObject({
      status: 'PENDING',
      name: 'Prospectus',
      version: 1,
      documentHash: hashOf(prospectus),
    });
    // The same key answers the same document.
    expect(
      json<{ data: OfferingDocument }>(await upload(issuer, 'Prospectus', prospectus, 'doc-key-0001')).data
        .id,
    ).toBe(pending.id);

    first = await recorded(pending.id);
    expect(first.status).toBe('CURRENT');
    expect(first.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    const onChain = await new DocumentContracts(t.app.container.chain, t.app.container.chainSender).documents(
      getAddress(contract),
    );
    expect(onChain).toEqual([
      expect.objectContaining({
        name: 'Prospectus',
        uri: `ipfs://${first.cid}`,
        documentHash: hashOf(prospectus),
      }),
    ]);

    const view = await listed();
    expect(view.acknowledged).toBe(false);
    expect(view.documents.map(({ name, documentHash }) => ({ name, documentHash }))).toEqual([
      { name: 'Prospectus', documentHash: hashOf(prospectus) },
    ]);
    const file = await callApi(t.app, 'GET', view.documents[0]!.downloadUrl, alice);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(hashOf(file.rawPayload)).toBe(view.documents[0]!.documentHash);
  });

  it('refuses a non-PDF, an empty name, and another issuer’s upload, writing nothing', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const wrong = await upload(issuer, 'Terms', png);
    expect(wrong.statusCode).toBe(415);
    expect(json(wrong)).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      error: 'The document must be a PDF file.',
    });
    expect((await upload(issuer, ' ', pdf('x'))).statusCode).toBe(400);
    expect((await upload(otherIssuer, 'Terms', pdf('x'))).statusCode).toBe(404);
    expect(
      (await callApi(t.app, 'POST', `/api/issuer/tokens/${tokenId}/documents`, alice, {})).statusCode,
    ).toBe(403);
    const history = json<{ data: { documents: OfferingDocument[] } }>(
      await callApi(t.app, 'GET', `/api/issuer/tokens/${tokenId}/documents`, issuer),
    ).data.documents;
    expect(history.map(({ id }) => id)).toEqual([first.id]);
  });

  it('refuses a purchase until the buyer acknowledges the current versions, reserving nothing', async () => {
    const refused = await buy();
    expect(refused.statusCode, refused.body).toBe(409);
    expect(json(refused)).toMatchObject({ code: 'TERMS_NOT_ACKNOWLEDGED' });
    expect(await reserved()).toBe('0');

    expect((await acknowledge([hashOf(pdf('something else'))])).statusCode).toBe(409);
    const acknowledged = await acknowledge([first.documentHash]);
    expect(acknowledged.statusCode, acknowledged.body).toBe(201);
    expect((await listed()).acknowledged).toBe(true);

    const bought = await buy();
    expect(bought.statusCode, bought.body).toBe(202);
    const done = await settled(t.app, alice, json<PurchaseResponse>(bought).data.purchase.id);
    expect(done.purchase.status).toBe('COMPLETED');
  });

  it('asks again after a new version; history stays; the acknowledgements are in "Download my data"', async () => {
    const second = pdf('prospectus v2');
    const response = await upload(issuer, 'Prospectus', second);
    expect(response.statusCode, response.body).toBe(202);
    const v2 = await recorded(json<{ data: OfferingDocument }>(response).data.id);
    expect(v2).toMatchObject({ status: 'CURRENT', version: 2 });
    expect((await recorded(first.id)).status).toBe('SUPERSEDED');

    const refused = await buy();
    expect(json(refused)).toMatchObject({ code: 'TERMS_NOT_ACKNOWLEDGED' });
    expect((await acknowledge([v2.documentHash])).statusCode).toBe(201);
    expect((await buy()).statusCode).toBe(202);

    const exported = await callApi(t.app, 'GET', '/api/settings/export', alice);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.body).toContain(v2.documentHash);
    expect(exported.body).toContain(first.documentHash);
  });

  it('refuses to serve stored bytes that no longer hash to the recorded hash', async () => {
    const [current] = (await listed()).documents;
    await t.app.container.db.execute(
      sql`update ipfs_blocks set bytes = ${pdf('tampered')} where cid = ${current!.cid}`,
    );
    const response = await callApi(t.app, 'GET', current!.downloadUrl, alice);
    expect(response.statusCode).toBe(502);
    expect(json(response)).toMatchObject({
      code: 'DOCUMENT_HASH_MISMATCH',
      error:
        'The stored copy of this document does not match its recorded hash, so it is not served. Please contact the issuer.',
    });
    expect(response.headers['content-type']).not.toBe('application/pdf');
  });

  it('removes a document on chain; nothing is left to acknowledge', async () => {
    const [current] = (await listed()).documents;
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/issuer/tokens/${tokenId}/documents/${current!.id}`,
      headers: bearer(issuer.token),
    });
    expect(response.statusCode, response.body).toBe(202);
    expect((await recorded(current!.id)).status).toBe('REMOVED');
    const onChain = await new DocumentContracts(t.app.container.chain, t.app.container.chainSender).documents(
      getAddress(contract),
    );
    expect(onChain).toEqual([]);
    expect(await listed()).toMatchObject({ documents: [], acknowledged: true });
  });
});
