import { inflateSync } from 'node:zlib';
import { PDFDocument, type PDFRawStream, type PDFPage } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/shared/messages';
import { formatUnits } from '@portal/shared/money';
import type { PurchaseResponse } from '@portal/shared/purchases';
import { STATEMENT_CSV_HEADER, type StatementResponse } from '@portal/shared/statements';
import { eventually, issueToken, listToken, settled } from '../../test/issuance.js';
import { issuerAccount, verifiedInvestor } from '../../test/market-fixtures.js';
import { callApi, createTestApp, json, type Registered, type TestApp } from '../../test/test-app.js';

/**
 * Statements through HTTP (ADR 74): Alice buys 20, forty days later 30, then the issuer takes 5
 * by force; statements of different periods roll today's books back to their start and end.
 */
let t: TestApp;
let issuer: Registered;
let alice: Awaited<ReturnType<typeof verifiedInvestor>>;
let bob: Awaited<ReturnType<typeof verifiedInvestor>>;
let tokenId: string;
const bought: { at: string; hash: string; costWei: string; id: string }[] = [];
const DAY = 86_400_000;
const day = (iso: string, offset = 0) => new Date(Date.parse(iso) + offset * DAY).toISOString().slice(0, 10);

const signIn = async (who: Registered) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: who.email, password: who.password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ token: string }>(response).token;
};
const buy = async (listingId: string, amount: number) => {
  const response = await callApi(t.app, 'POST', `/api/escrow/${listingId}/purchase`, alice, {
    amount,
    investorDid: alice.did,
    investorWallet: alice.eth,
  });
  expect(response.statusCode, response.body).toBe(202);
  const done = await settled(t.app, alice, json<PurchaseResponse>(response).data.purchase.id);
  expect(done.purchase.status).toBe('COMPLETED');
  bought.push({
    at: done.purchase.completedAt!,
    hash: done.ownershipRecord.transactionHash!,
    // 0.001 ETH a token.
    costWei: (BigInt(amount) * 10n ** 15n).toString(),
    id: done.purchase.id,
  });
};
const statementOf = async (who: { token: string }, from: string, to: string) => {
  const response = await callApi(t.app, 'GET', `/api/statements?from=${from}&to=${to}`, who);
  expect(response.statusCode, response.body).toBe(200);
  return json<StatementResponse>(response).statement;
};

beforeAll(async () => {
  t = await createTestApp();
  // The books' enforcement actions are dated by the database's clock: start the test clock there.
  t.clock.advance(Date.now() - t.clock.now().getTime());
  issuer = await issuerAccount(t.app);
  alice = await verifiedInvestor(t.app);
  bob = await verifiedInvestor(t.app);
  const token = await issueToken(t.app, issuer, { symbol: 'STM', totalSupply: '1000' });
  tokenId = token.id;
  const listing = await listToken(t.app, issuer, token.id, {
    tokenAmount: '100',
    priceETH: '0.001',
    deadline: new Date(t.clock.now().getTime() + 100 * DAY).toISOString(),
  });
  await buy(listing.id, 20);
  const forced = await t.app.inject({
    method: 'POST',
    url: `/api/issuer/tokens/${tokenId}/forced-transfer`,
    headers: { authorization: `Bearer ${issuer.token}`, 'idempotency-key': crypto.randomUUID() },
    payload: { fromHolderId: alice.user.id, toHolderId: null, amount: '5', reason: 'Court order 9' },
  });
  expect(forced.statusCode, forced.body).toBe(202);
  await eventually(
    () => t.app.container.db.query.tokenActions.findFirst({ where: (a, { eq }) => eq(a.tokenId, tokenId) }),
    (action) => action?.status === 'DONE',
    'the forced transfer',
  );
  t.clock.advance(40 * DAY);
  // Forty days on, the sessions have expired: sign in again.
  for (const who of [alice, bob, issuer]) who.token = await signIn(who);
  await buy(listing.id, 30);
}, 240_000);
afterAll(() => t.close());

describe('GET /api/statements', () => {
  it('rolls the books back: a period with only the second purchase opens at 15 and closes at 45', async () => {
    const [first, second] = bought;
    const statement = await statementOf(alice, day(first!.at, 1), day(second!.at));
    expect(statement.holdings).toEqual([
      expect.objectContaining({ opening: '15', in: '30', out: '0', closing: '45', bookedNow: '45' }),
    ]);
    expect(statement.lines).toEqual([
      {
        at: second!.at,
        kind: 'purchase',
        token: expect.objectContaining({ tokenId, symbol: 'STM', decimals: 0 }),
        amount: '30',
        value: { amount: second!.costWei, currency: 'ETH', decimals: 18 },
        txHash: second!.hash,
        reference: second!.id,
        credentialId: expect.any(String),
      },
    ]);
    expect(statement.values).toEqual([
      { kind: 'purchase', currency: 'ETH', decimals: 18, amount: second!.costWei },
    ]);
  });

  it('totals equal the books: from the first purchase on, it closes at today’s books and the chain', async () => {
    const statement = await statementOf(alice, day(bought[0]!.at), day(bought[0]!.at, 3000));
    const [holding] = statement.holdings;
    expect(holding).toMatchObject({
      opening: '0',
      in: '50',
      out: '5',
      closing: '45',
      bookedNow: '45',
      chainNow: '45',
    });
    expect(statement.lines.map((line) => [line.kind, line.amount])).toEqual([
      ['purchase', '20'],
      ['forced-transfer', '-5'],
      ['purchase', '30'],
    ]);
    expect(statement.lines[1]!.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    const paid = BigInt(bought[0]!.costWei) + BigInt(bought[1]!.costWei);
    expect(statement.values).toEqual([
      { kind: 'purchase', currency: 'ETH', decimals: 18, amount: paid.toString() },
    ]);
  });

  it('includes the first and the last day of the period, and nothing before it', async () => {
    const first = day(bought[0]!.at);
    expect((await statementOf(alice, first, first)).lines[0]!.reference).toBe(bought[0]!.id);
    const last = day(bought[1]!.at);
    expect((await statementOf(alice, last, last)).lines.map((line) => line.reference)).toEqual([
      bought[1]!.id,
    ]);
    const before = await statementOf(alice, day(first, -30), day(first, -1));
    expect(before).toMatchObject({ holdings: [], lines: [], values: [] });
  });

  it('shows each investor only their own', async () => {
    const statement = await statementOf(bob, day(bought[0]!.at), day(bought[0]!.at, 3000));
    expect(statement).toMatchObject({ holdings: [], lines: [], values: [] });
    expect((await callApi(t.app, 'GET', '/api/statements?from=2026-01-01&to=2026-01-31')).statusCode).toBe(
      401,
    );
    expect(
      (await callApi(t.app, 'GET', '/api/statements.csv?from=2026-01-01&to=2026-01-31', issuer)).statusCode,
    ).toBe(403);
  });

  it('refuses a bad period with a clear 400', async () => {
    const refused = async (query: string, message: string) => {
      const response = await callApi(t.app, 'GET', `/api/statements?${query}`, alice);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.body).toContain(message);
    };
    await refused('from=2026-02-01&to=2026-01-31', messages.statementPeriodReversed);
    await refused('from=2026-02-30&to=2026-03-01', messages.statementDateInvalid);
    await refused('from=2010-01-01&to=2026-01-01', messages.statementPeriodTooLong);
    const extra = await callApi(t.app, 'GET', '/api/statements.pdf?from=2026-01-01&to=2026-01-02&x=1', alice);
    expect(extra.statusCode).toBe(400);
  });
});

describe('GET /api/statements.csv', () => {
  it('is RFC 4180 with the header, opening, every line, closing and totals', async () => {
    const from = day(bought[0]!.at);
    const to = day(bought[1]!.at);
    const response = await callApi(t.app, 'GET', `/api/statements.csv?from=${from}&to=${to}`, alice);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="statement-${from}-${to}.csv"`,
    );
    const { statement } = json<StatementResponse>(
      await callApi(t.app, 'GET', `/api/statements?from=${from}&to=${to}`, alice),
    );
    const [a, forced, b] = statement.lines;
    const eth = (line: typeof a) => formatUnits(BigInt(line!.value!.amount), 18);
    expect(response.body.split('\r\n')).toEqual([
      STATEMENT_CSV_HEADER.join(','),
      `opening,${from},,${tokenId},STM,0,0,0,,,,,`,
      `line,${a!.at},purchase,${tokenId},STM,20,20,0,${eth(a)},ETH,${bought[0]!.hash},${bought[0]!.id},${a!.credentialId}`,
      // A negative figure stays a number; text cells are defused.
      `line,${forced!.at},forced-transfer,${tokenId},STM,-5,-5,0,,,${forced!.txHash},${forced!.reference},`,
      `line,${b!.at},purchase,${tokenId},STM,30,30,0,${eth(b)},ETH,${bought[1]!.hash},${bought[1]!.id},${b!.credentialId}`,
      `closing,${to},,${tokenId},STM,45,45,0,,,,,`,
      `total_in,${to},,${tokenId},STM,50,50,0,,,,,`,
      `total_out,${to},,${tokenId},STM,5,5,0,,,,,`,
      '',
    ]);
  });
});

/** The text shown with Helvetica on a page (pdf-lib writes it as hex WinAnsi codes). */
function pageText(page: PDFPage): string {
  const contents = page.node.Contents();
  const streams = contents && 'asArray' in contents ? contents.asArray() : [contents];
  let text = '';
  for (const ref of streams) {
    const stream = page.doc.context.lookup(ref as never) as PDFRawStream;
    const body = Buffer.from(inflateSync(stream.contents)).toString('latin1');
    for (const [, hex] of body.matchAll(/<([0-9A-Fa-f]*)> Tj/g))
      text += `${Buffer.from(hex!, 'hex').toString('latin1')}\n`;
  }
  return text;
}

describe('GET /api/statements.pdf', () => {
  it('is a PDF whose text carries the period, the lines, their hashes and the totals', async () => {
    const from = day(bought[0]!.at);
    const to = day(bought[0]!.at, 3000);
    const response = await callApi(t.app, 'GET', `/api/statements.pdf?from=${from}&to=${to}&lang=fr`, alice);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await PDFDocument.load(response.rawPayload);
    expect(pdf.getPageCount()).toBe(1);
    const text = pageText(pdf.getPage(0));
    expect(text).toContain('Relevé de compte');
    expect(text).toContain(from);
    expect(text).toContain(to);
    for (const { hash } of bought) expect(text).toContain(hash);
    expect(text).toContain('+50 / -5 = 45');
    expect(text).toContain('0.05 ETH');
  });

  it('draws Arabic with an embedded font, figures left to right', async () => {
    const from = day(bought[0]!.at);
    const response = await callApi(
      t.app,
      'GET',
      `/api/statements.pdf?from=${from}&to=${day(from, 3000)}&lang=ar`,
      alice,
    );
    expect(response.statusCode).toBe(200);
    const pdf = await PDFDocument.load(response.rawPayload);
    const fonts = pdf.context
      .enumerateIndirectObjects()
      .map(([, object]) => String(object))
      .filter((object) => object.includes('/FontName'));
    expect(fonts.join()).toMatch(/Vazirmatn/);
    expect(pageText(pdf.getPage(0))).toContain('+50 / -5 = 45');
  });
});
