import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  KYB_DOCUMENT_MAX_BYTES,
  KYB_MAX_DOCUMENTS,
  type KybApplication,
  type KybReviewItem,
} from '@portal/shared/kyb';
import { messages } from '@portal/shared/messages';
import type { Notification } from '@portal/shared/notifications';
import { adminAudit, kybDocuments } from '../../db/schema/index.js';
import {
  bearer,
  callApi,
  createAdmin,
  createTestApp,
  json,
  register,
  type Registered,
  type TestApp,
} from '../../test/test-app.js';

/** KYB end to end through HTTP on the real database (ADR 0046). */
let t: TestApp;
let admin: Registered;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
});
afterAll(() => t.close());

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n', 'latin1'), randomBytes(512)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(256)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), randomBytes(256)]);

type Method = 'GET' | 'POST' | 'DELETE';
const as = (who: { token: string } | undefined, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { ...(who ? bearer(who.token) : {}), 'x-request-id': 'req-kyb-0001' },
    ...(payload ? { payload } : {}),
  });
const upload = (who: { token: string }, fileName: string, contentType: string, bytes: Buffer) =>
  as(who, 'POST', '/api/kyb/documents', { fileName, contentType, data: bytes.toString('base64') });
const kybOf = async (who: { token: string }) =>
  json<{ kyb: KybApplication }>(await as(who, 'GET', '/api/kyb')).kyb;
const queue = async () =>
  json<{ applications: KybReviewItem[] }>(await as(admin, 'GET', '/api/admin/kyb?limit=200')).applications;
const notificationsOf = async (who: { token: string }) =>
  json<{ notifications: Notification[] }>(await callApi(t.app, 'GET', '/api/notifications', who))
    .notifications;
const auditRows = (userId: string) =>
  t.app.container.database.db.select().from(adminAudit).where(eq(adminAudit.targetId, userId));

describe('KYB: business documents', () => {
  it('is "not submitted" until the first document, then pending with the documents listed', async () => {
    const investor = await register(t.app);
    expect(await kybOf(investor)).toEqual({
      status: 'not_submitted',
      reason: null,
      submittedAt: null,
      decidedAt: null,
      documents: [],
    });

    const first = await upload(investor, 'Certificate of incorporation.pdf', 'application/pdf', PDF);
    expect(first.statusCode).toBe(200);
    expect(json(first)).toMatchObject({ success: true, message: messages.kybDocumentUploaded });
    const submittedAt = t.clock.now().toISOString();
    t.clock.advance(1000);
    expect((await upload(investor, 'C:\\scans\\register.png', 'image/png', PNG)).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await upload(investor, 'signatory.jpg', 'image/jpeg', JPEG)).statusCode).toBe(200);

    const kyb = await kybOf(investor);
    expect(kyb).toMatchObject({ status: 'pending', reason: null, decidedAt: null });
    // More documents while pending keep the application's place in the queue.
    expect(kyb.submittedAt).toBe(submittedAt);
    expect(kyb.documents.map(({ fileName, contentType, size }) => ({ fileName, contentType, size }))).toEqual(
      [
        { fileName: 'Certificate of incorporation.pdf', contentType: 'application/pdf', size: PDF.length },
        // A folder in front of the name is dropped.
        { fileName: 'register.png', contentType: 'image/png', size: PNG.length },
        { fileName: 'signatory.jpg', contentType: 'image/jpeg', size: JPEG.length },
      ],
    );

    // The bytes are stored sealed, never as they came.
    const [row] = await t.app.container.database.db
      .select()
      .from(kybDocuments)
      .where(eq(kybDocuments.id, kyb.documents[0]!.id));
    expect(JSON.stringify(row!.envelope)).not.toContain(PDF.toString('base64').slice(0, 40));

    const download = await as(investor, 'GET', `/api/kyb/documents/${kyb.documents[0]!.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Certificate of incorporation.pdf"; filename*=UTF-8''Certificate%20of%20incorporation.pdf`,
    );
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.rawPayload.equals(PDF)).toBe(true);
  });

  it('checks the type by content and the size, with a clear message and never a 500', async () => {
    const investor = await register(t.app);
    const pngAsPdf = await upload(investor, 'a.pdf', 'application/pdf', PNG);
    expect(pngAsPdf.statusCode).toBe(415);
    expect(json(pngAsPdf)).toMatchObject({
      error: messages.kycDocumentUnsupported,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    const textAsPdf = await upload(investor, 'notes.pdf', 'application/pdf', Buffer.from('just some text\n'));
    expect(textAsPdf.statusCode).toBe(415);
    expect(json(textAsPdf)).toMatchObject({ error: messages.kycDocumentUnsupported });
    const gif = await upload(investor, 'logo.gif', 'image/gif', Buffer.from('GIF89a'));
    expect(gif.statusCode).toBe(400);
    expect(json(gif)).toMatchObject({ error: messages.kycDocumentUnsupported });

    const huge = Buffer.alloc(KYB_DOCUMENT_MAX_BYTES + 1);
    PDF.copy(huge);
    const tooLarge = await upload(investor, 'big.pdf', 'application/pdf', huge);
    expect(tooLarge.statusCode).toBe(413);
    expect(json(tooLarge)).toMatchObject({ error: messages.kybDocumentTooLarge, code: 'PAYLOAD_TOO_LARGE' });
    expect(messages.kybDocumentTooLarge).toContain(`${KYB_DOCUMENT_MAX_BYTES / 1024 / 1024} MB`);

    const noName = await upload(investor, '  ', 'application/pdf', PDF);
    expect(noName.statusCode).toBe(400);
    expect(json(noName)).toMatchObject({ fields: { fileName: messages.kybFileNameRequired } });
    const notBase64 = await as(investor, 'POST', '/api/kyb/documents', {
      fileName: 'a.pdf',
      contentType: 'application/pdf',
      data: 'not base64!',
    });
    expect(notBase64.statusCode).toBe(400);
    expect(json(notBase64)).toMatchObject({ error: messages.kycDocumentUnreadable });

    // Nothing refused was kept: the application was never opened.
    expect((await kybOf(investor)).status).toBe('not_submitted');
  });

  it("keeps each user's documents to themselves: another investor gets 404", async () => {
    const owner = await register(t.app);
    const other = await register(t.app);
    await upload(owner, 'articles.pdf', 'application/pdf', PDF);
    const [document] = (await kybOf(owner)).documents;
    const url = `/api/kyb/documents/${document!.id}`;

    for (const method of ['GET', 'DELETE'] as const) {
      const answer = await as(other, method, url);
      expect(answer.statusCode, method).toBe(404);
      expect(json(answer)).toMatchObject({ error: messages.kybDocumentNotFound });
    }
    expect((await kybOf(other)).documents).toEqual([]);
    expect((await as(undefined, 'GET', url)).statusCode).toBe(401);
    expect((await as(undefined, 'GET', '/api/kyb')).statusCode).toBe(401);
    expect((await as(owner, 'GET', '/api/kyb/documents/not-a-uuid')).statusCode).toBe(400);
    // Still there for its owner.
    expect((await as(owner, 'GET', url)).statusCode).toBe(200);
  });

  it('removes documents while pending; removing the last withdraws the application', async () => {
    const investor = await register(t.app);
    await upload(investor, 'a.pdf', 'application/pdf', PDF);
    t.clock.advance(1000);
    await upload(investor, 'b.png', 'image/png', PNG);
    const [a, b] = (await kybOf(investor)).documents;
    const removed = await as(investor, 'DELETE', `/api/kyb/documents/${a!.id}`);
    expect(removed.statusCode).toBe(200);
    expect(json<{ message: string; kyb: KybApplication }>(removed)).toMatchObject({
      message: messages.kybDocumentDeleted,
      kyb: { status: 'pending', documents: [{ id: b!.id }] },
    });
    expect((await as(investor, 'DELETE', `/api/kyb/documents/${a!.id}`)).statusCode).toBe(404);
    await as(investor, 'DELETE', `/api/kyb/documents/${b!.id}`);
    expect((await kybOf(investor)).status).toBe('not_submitted');
    expect((await queue()).some((item) => item.userId === investor.user.id)).toBe(false);
  });

  it(`takes at most ${KYB_MAX_DOCUMENTS} documents`, async () => {
    const investor = await register(t.app);
    for (let i = 0; i < KYB_MAX_DOCUMENTS; i += 1) {
      expect((await upload(investor, `doc-${i}.pdf`, 'application/pdf', PDF)).statusCode).toBe(200);
    }
    const extra = await upload(investor, 'one-more.pdf', 'application/pdf', PDF);
    expect(extra.statusCode).toBe(409);
    expect(json(extra)).toMatchObject({ error: messages.kybTooManyDocuments });
    expect(messages.kybTooManyDocuments).toContain(String(KYB_MAX_DOCUMENTS));
  });
});

describe('KYB review (admin console)', () => {
  it('answers admins only: 401 without a session, 403 for an investor or an issuer', async () => {
    const investor = await register(t.app);
    const issuer = await register(t.app, { role: 'issuer' });
    const id = crypto.randomUUID();
    const routes = [
      ['GET', '/api/admin/kyb'],
      ['GET', `/api/admin/kyb/documents/${id}`],
      ['POST', `/api/admin/kyb/${id}/approve`],
      ['POST', `/api/admin/kyb/${id}/reject`],
    ] as const;
    for (const [method, url] of routes) {
      expect((await as(undefined, method, url)).statusCode, url).toBe(401);
      for (const who of [investor, issuer]) expect((await as(who, method, url)).statusCode, url).toBe(403);
    }
  });

  it('lists pending applications first with the email and documents, and previews a document', async () => {
    const decided = await register(t.app);
    await upload(decided, 'old.pdf', 'application/pdf', PDF);
    await as(admin, 'POST', `/api/admin/kyb/${decided.user.id}/approve`);
    t.clock.advance(1000);
    const waiting = await register(t.app);
    await upload(waiting, 'register.png', 'image/png', PNG);

    const items = await queue();
    const firstDecided = items.findIndex((item) => item.status !== 'pending');
    expect(items.slice(firstDecided).every((item) => item.status !== 'pending')).toBe(true);
    const item = items.find((entry) => entry.userId === waiting.user.id)!;
    expect(items.indexOf(item)).toBeLessThan(firstDecided);
    expect(item).toMatchObject({
      email: waiting.email,
      name: 'Test Investor',
      status: 'pending',
      decidedByEmail: null,
      documents: [{ fileName: 'register.png', contentType: 'image/png', size: PNG.length }],
    });
    expect(items.find((entry) => entry.userId === decided.user.id)).toMatchObject({
      status: 'approved',
      decidedByEmail: admin.email,
    });

    const preview = await as(admin, 'GET', `/api/admin/kyb/documents/${item.documents[0]!.id}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/png');
    expect(preview.rawPayload.equals(PNG)).toBe(true);
    expect((await as(admin, 'GET', `/api/admin/kyb/documents/${crypto.randomUUID()}`)).statusCode).toBe(404);
  });

  it('approves: audited with the admin and request id, the user is notified, documents lock', async () => {
    const investor = await register(t.app);
    await upload(investor, 'articles.pdf', 'application/pdf', PDF);
    const [document] = (await kybOf(investor)).documents;

    const approved = await as(admin, 'POST', `/api/admin/kyb/${investor.user.id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(json<{ application: KybReviewItem }>(approved).application).toMatchObject({
      userId: investor.user.id,
      status: 'approved',
      decidedByEmail: admin.email,
    });
    expect(await kybOf(investor)).toMatchObject({ status: 'approved', reason: null });
    expect((await kybOf(investor)).decidedAt).toBe(t.clock.now().toISOString());

    const rows = await auditRows(investor.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      adminId: admin.user.id,
      adminEmail: admin.email,
      action: 'kyb.approve',
      targetType: 'kyb-application',
      requestId: 'req-kyb-0001',
      detail: { documents: 1 },
    });
    expect((await notificationsOf(investor)).map((n) => n.type)).toContain('kyb.approved');

    const again = await as(admin, 'POST', `/api/admin/kyb/${investor.user.id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({ error: messages.kybNotAwaitingReview });
    const more = await upload(investor, 'more.pdf', 'application/pdf', PDF);
    expect(more.statusCode).toBe(409);
    expect(json(more)).toMatchObject({ error: messages.kybAlreadyApproved });
    expect((await as(investor, 'DELETE', `/api/kyb/documents/${document!.id}`)).statusCode).toBe(409);
    expect(await auditRows(investor.user.id)).toHaveLength(1);
  });

  it('rejects with a reason the user reads; a new document submits the application again', async () => {
    const investor = await register(t.app);
    await upload(investor, 'articles.pdf', 'application/pdf', PDF);

    const noReason = await as(admin, 'POST', `/api/admin/kyb/${investor.user.id}/reject`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(json(noReason)).toMatchObject({ error: messages.kycReasonRequired });

    const reason = 'The register of shareholders is missing';
    const rejected = await as(admin, 'POST', `/api/admin/kyb/${investor.user.id}/reject`, { reason });
    expect(rejected.statusCode).toBe(200);
    expect(await kybOf(investor)).toMatchObject({ status: 'rejected', reason });
    expect((await notificationsOf(investor)).map((n) => n.type)).toContain('kyb.rejected');
    expect(await auditRows(investor.user.id)).toEqual([
      expect.objectContaining({ action: 'kyb.reject', detail: { documents: 1, reason } }),
    ]);

    t.clock.advance(60_000);
    expect((await upload(investor, 'register.pdf', 'application/pdf', PDF)).statusCode).toBe(200);
    const reopened = await kybOf(investor);
    expect(reopened).toMatchObject({ status: 'pending', reason: null, decidedAt: null });
    expect(reopened.submittedAt).toBe(t.clock.now().toISOString());
    expect(reopened.documents).toHaveLength(2);
    expect((await queue()).find((item) => item.userId === investor.user.id)?.status).toBe('pending');
  });

  it('refuses an unknown application and an admin deciding their own', async () => {
    const unknown = await as(admin, 'POST', `/api/admin/kyb/${crypto.randomUUID()}/approve`);
    expect(unknown.statusCode).toBe(404);
    await upload(admin, 'own.pdf', 'application/pdf', PDF);
    const own = await as(admin, 'POST', `/api/admin/kyb/${admin.user.id}/approve`);
    expect(own.statusCode).toBe(403);
    expect(json(own)).toMatchObject({ error: messages.kybOwnApplication });
    expect(await auditRows(admin.user.id)).toEqual([]);
  });
});

describe("KYB in 'Download my data'", () => {
  it('holds the application and every document, bytes included', async () => {
    const investor = await register(t.app);
    expect(json<{ kyb: unknown }>(await as(investor, 'GET', '/api/settings/export')).kyb).toBeNull();
    await upload(investor, 'articles.pdf', 'application/pdf', PDF);
    const exported = json<{ kyb: Record<string, unknown> }>(
      await as(investor, 'GET', '/api/settings/export'),
    );
    expect(exported.kyb).toMatchObject({
      status: 'pending',
      reason: null,
      documents: [
        {
          fileName: 'articles.pdf',
          contentType: 'application/pdf',
          size: PDF.length,
          base64: PDF.toString('base64'),
        },
      ],
    });
  });
});
