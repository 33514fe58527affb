import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KYC_DOCUMENT_MAX_BYTES } from '@portal/shared/kyc';
import { messages } from '@portal/shared/messages';
import type { App } from '../../app.js';
import { kycApplicants, kycEvents, kycSandboxDocuments } from '../../db/schema/index.js';
import { payloadDigest } from '../../providers/kyc/sumsub-wire.js';
import {
  bearer,
  createAdmin,
  createTestApp,
  json,
  register,
  type Registered,
  type TestApp,
} from '../../test/test-app.js';

/**
 * The embedded sandbox end to end, driven through its HTTP endpoints as the iframe page drives
 * them: token → page API (upload, submit) → decision (auto or reviewer) → signed webhook → state
 * → profile.
 */

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), randomBytes(2048)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(512)]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

const INFO = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  dob: '1990-12-10',
  country: 'GBR',
  idDocType: 'PASSPORT',
  number: 'X1234567Z',
};

let auto: TestApp;
let manual: TestApp;
beforeAll(async () => {
  auto = await createTestApp();
  manual = await createTestApp({ env: { KYC_SANDBOX_AUTO_APPROVE: 'false' } });
});
afterAll(async () => {
  await auto?.close();
  await manual?.close();
});

interface Session {
  investor: Registered;
  token: string;
  applicantId: string;
}

async function tokenFor(app: App, investor: Registered) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/kyc/token',
    headers: bearer(investor.token),
  });
  expect(response.statusCode).toBe(200);
  return json<{ token: string; applicantId: string; websdkUrl: string | null }>(response);
}

async function begin(app: App): Promise<Session> {
  const investor = await register(app);
  const { token, applicantId } = await tokenFor(app, investor);
  return { investor, token, applicantId };
}

/** A request of the verification page: the SDK access token, never the portal session. */
function page(app: App, token: string | undefined, url: string, payload?: unknown) {
  return app.inject({
    method: payload === undefined ? 'GET' : 'POST',
    url: `/websdk/api${url}`,
    headers: token ? { 'x-access-token': token } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const upload = (app: App, token: string, bytes: Buffer, contentType = 'image/jpeg') =>
  page(app, token, '/applicant/document', {
    contentType,
    data: bytes.toString('base64'),
  });

async function submitAll(app: App, session: Session, info: Record<string, unknown> = INFO) {
  expect((await upload(app, session.token, JPEG)).statusCode).toBe(200);
  return page(app, session.token, '/applicant/submit', info);
}

async function kycStatus(app: App, investor: Registered) {
  const response = await app.inject({
    method: 'GET',
    url: '/api/kyc/verification-status',
    headers: bearer(investor.token),
  });
  return json<{ status: string; data: Record<string, unknown> }>(response);
}

async function profile(app: App, investor: Registered) {
  return json<{ user: Record<string, unknown> }>(
    await app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(investor.token) }),
  ).user;
}

describe('the verification page', () => {
  it('is served for framing by the portal only, with its own strict CSP', async () => {
    const html = await auto.app.inject({ method: 'GET', url: '/websdk/websdk.html' });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.body).toContain('<script src="websdk.js" defer></script>');
    expect(html.headers['x-frame-options']).toBe('SAMEORIGIN');
    const csp = String(html.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');

    const js = await auto.app.inject({ method: 'GET', url: '/websdk/websdk.js' });
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.body).toContain('idCheck.onReady');
    const css = await auto.app.inject({ method: 'GET', url: '/websdk/websdk.css' });
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    for (const url of ['/websdk/nope.html', '/websdk/..%2f..%2fpackage.json', '/websdk/']) {
      expect((await auto.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('keeps its own headers when the built web app (with its copy of public/) is served too', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'portal-web-dist-'));
    mkdirSync(path.join(dist, 'websdk'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>portal</title>');
    writeFileSync(path.join(dist, 'websdk', 'websdk.html'), 'stale copy');
    const withWeb = await createTestApp({ env: { WEB_DIST_DIR: dist } });
    try {
      const response = await withWeb.app.inject({ method: 'GET', url: '/websdk/websdk.html' });
      expect(response.body).toContain('websdk.js');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    } finally {
      await withWeb.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('the rest of the app still refuses to be framed and frames only itself', async () => {
    const response = await auto.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/frame-src 'self'(;|$)/);
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['permissions-policy']).toBe(
      'camera=(self), microphone=(), geolocation=(), payment=()',
    );
  });

  it('gets its form options from the sandbox', async () => {
    const response = await page(auto.app, undefined, '/config');
    expect(response.statusCode).toBe(200);
    const config = json<{
      countries: { code: string; name: string }[];
      documentTypes: unknown[];
      maxDocumentBytes: number;
    }>(response);
    expect(config.countries).toContainEqual({ code: 'DEU', name: 'Germany' });
    expect(config.countries).toHaveLength(249);
    expect(config.documentTypes).toHaveLength(4);
    expect(config.maxDocumentBytes).toBe(KYC_DOCUMENT_MAX_BYTES);
  });
});

describe('sandbox access tokens', () => {
  it('authenticate the page for one applicant, and nothing else does', async () => {
    const session = await begin(auto.app);
    const loaded = await page(auto.app, session.token, '/applicant');
    expect(loaded.statusCode).toBe(200);
    expect(json(loaded)).toMatchObject({
      success: true,
      applicant: { id: session.applicantId, reviewStatus: 'init', reviewResult: null, document: null },
    });
    expect(loaded.headers['cache-control']).toBe('no-store');

    for (const token of [undefined, 'garbage', `_act-sbx-${randomBytes(32).toString('base64url')}`]) {
      const response = await page(auto.app, token, '/applicant');
      expect(response.statusCode).toBe(401);
      expect(json(response)).toMatchObject({ error: messages.kycAccessTokenInvalid });
    }
    // The portal session is not a page credential, and the page token is not a portal session.
    const withSession = await auto.app.inject({
      method: 'GET',
      url: '/websdk/api/applicant',
      headers: bearer(session.investor.token),
    });
    expect(withSession.statusCode).toBe(401);
    const asSession = await auto.app.inject({
      method: 'POST',
      url: '/api/kyc/token',
      headers: bearer(session.token),
    });
    expect(asSession.statusCode).toBe(401);
  });

  it('expire after 10 minutes; POST /api/kyc/token renews them for the same applicant', async () => {
    const session = await begin(auto.app);
    auto.clock.advance(601_000);
    expect((await page(auto.app, session.token, '/applicant')).statusCode).toBe(401);
    const renewed = await tokenFor(auto.app, session.investor);
    expect(renewed).toMatchObject({ applicantId: session.applicantId, websdkUrl: null });
    expect(renewed.token).not.toBe(session.token);
    expect((await page(auto.app, renewed.token, '/applicant')).statusCode).toBe(200);
    expect((await page(auto.app, session.token, '/applicant')).statusCode).toBe(401);
  });

  it('an upload without a valid token is refused before its body is read', async () => {
    const response = await auto.app.inject({
      method: 'POST',
      url: '/websdk/api/applicant/document',
      headers: { 'content-type': 'application/json' },
      payload: '{ not even json',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('document upload', () => {
  let session: Session;
  beforeAll(async () => {
    session = await begin(auto.app);
  });

  it('accepts JPEG, PNG and PDF by their magic bytes', async () => {
    for (const [bytes, type] of [
      [JPEG, 'image/jpeg'],
      [PNG, 'image/png'],
      [PDF, 'application/pdf'],
    ] as const) {
      const response = await upload(auto.app, session.token, bytes, type);
      expect(response.statusCode, type).toBe(200);
      expect(json(response)).toMatchObject({
        applicant: { document: { contentType: type, size: bytes.length } },
      });
    }
  });

  it('refuses content that is not what it claims, or no known type at all', async () => {
    for (const [bytes, type] of [
      [PNG, 'image/jpeg'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png'],
      [Buffer.from('MZ\x90\x00 executable'), 'application/pdf'],
    ] as const) {
      const response = await upload(auto.app, session.token, bytes, type);
      expect(response.statusCode, type).toBe(415);
      expect(json(response)).toMatchObject({ error: messages.kycDocumentUnsupported });
    }
    const gif = await upload(auto.app, session.token, Buffer.from('GIF89a....'), 'image/gif');
    expect(gif.statusCode).toBe(400);
    expect(json(gif)).toMatchObject({ fields: { contentType: messages.kycDocumentUnsupported } });
  });

  it('refuses more than 5 MB decoded (413), bodies over the route limit (413), and unreadable data (400)', async () => {
    const big = Buffer.concat([JPEG.subarray(0, 4), Buffer.alloc(KYC_DOCUMENT_MAX_BYTES)]);
    const tooBig = await upload(auto.app, session.token, big);
    expect(tooBig.statusCode).toBe(413);
    expect(json(tooBig)).toMatchObject({ error: messages.kycDocumentTooLarge });
    const huge = await page(auto.app, session.token, '/applicant/document', {
      contentType: 'image/jpeg',
      data: 'A'.repeat(9 * 1024 * 1024),
    });
    expect(huge.statusCode).toBe(413);
    const garbled = await page(auto.app, session.token, '/applicant/document', {
      contentType: 'image/jpeg',
      data: 'not base64!',
    });
    expect(garbled.statusCode).toBe(400);
    expect(json(garbled)).toMatchObject({ fields: { data: messages.kycDocumentUnreadable } });
  });
});

describe('submission with auto-approve (the embedded default)', () => {
  it('validates every field with a clear message, and needs a document', async () => {
    const session = await begin(auto.app);
    const noDocument = await page(auto.app, session.token, '/applicant/submit', INFO);
    expect(noDocument.statusCode).toBe(400);
    expect(json(noDocument)).toMatchObject({ fields: { document: messages.kycDocumentRequired } });

    const empty = await page(auto.app, session.token, '/applicant/submit', {});
    expect(empty.statusCode).toBe(400);
    expect(json(empty)).toMatchObject({
      fields: {
        firstName: messages.kycFirstNameRequired,
        lastName: messages.kycLastNameRequired,
        dob: messages.kycDobRequired,
        country: messages.kycCountryRequired,
        idDocType: messages.kycDocumentTypeRequired,
        number: messages.kycDocumentNumberRequired,
      },
    });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ dob: '2015-01-01' }, 'dob', messages.kycTooYoung],
      [{ dob: '1990-02-30' }, 'dob', messages.kycDobInvalid],
      [{ dob: '2999-01-01' }, 'dob', messages.kycDobInvalid],
      [{ country: 'XXX' }, 'country', messages.kycCountryInvalid],
      [{ country: 'toString' }, 'country', messages.kycCountryInvalid],
      [{ firstName: 'Ada<script>' }, 'firstName', messages.kycNameInvalid],
      [{ number: '12/34' }, 'number', messages.kycDocumentNumberInvalid],
      [{ idDocType: 'LIBRARY_CARD' }, 'idDocType', messages.kycDocumentTypeRequired],
    ];
    for (const [change, field, message] of cases) {
      const response = await page(auto.app, session.token, '/applicant/submit', { ...INFO, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(json(response), JSON.stringify(change)).toMatchObject({ fields: { [field]: message } });
    }
    const extra = await page(auto.app, session.token, '/applicant/submit', {
      ...INFO,
      kycStatus: 'verified',
    });
    expect(extra.statusCode).toBe(400);
    expect((await kycStatus(auto.app, session.investor)).status).toBe('not_started');
  });

  it('token → upload → submit → approved → signed webhook → verified profile', async () => {
    const session = await begin(auto.app);
    const submitted = await submitAll(auto.app, session);
    expect(submitted.statusCode).toBe(200);
    expect(json(submitted)).toMatchObject({
      applicant: { reviewStatus: 'completed', reviewResult: { reviewAnswer: 'GREEN' }, document: null },
    });

    expect(await kycStatus(auto.app, session.investor)).toEqual({
      success: true,
      status: 'verified',
      data: {
        isVerified: true,
        applicantId: session.applicantId,
        reviewStatus: 'completed',
        reviewAnswer: 'GREEN',
        rejectType: null,
        moderationComment: null,
      },
    });
    expect(await profile(auto.app, session.investor)).toMatchObject({
      kycStatus: 'verified',
      kycVerifiedName: 'Ada Lovelace',
      kycCountry: 'GBR',
    });
    const events = await auto.database.db
      .select({ type: kycEvents.type, outcome: kycEvents.outcome })
      .from(kycEvents)
      .where(eq(kycEvents.applicantId, session.applicantId));
    expect(events).toEqual([
      { type: 'applicantPending', outcome: 'applied' },
      { type: 'applicantReviewed', outcome: 'applied' },
    ]);
    // The document image is deleted once decided.
    expect(
      await auto.database.db
        .select()
        .from(kycSandboxDocuments)
        .where(eq(kycSandboxDocuments.applicantId, session.applicantId)),
    ).toEqual([]);

    const sync = await auto.app.inject({
      method: 'POST',
      url: '/api/kyc/enhanced-storage',
      headers: bearer(session.investor.token),
    });
    expect(json(sync)).toEqual({ success: true, status: 'verified', message: messages.kycSynced });
    expect((await upload(auto.app, session.token, JPEG)).statusCode).toBe(409);
    const resubmit = await page(auto.app, session.token, '/applicant/submit', INFO);
    expect(resubmit.statusCode).toBe(409);
    expect(json(resubmit)).toMatchObject({ error: messages.kycAlreadyVerified });
  });

  it('keeps the applicant’s identity and the document encrypted at rest', async () => {
    const session = await begin(manual.app);
    await submitAll(manual.app, session);
    const dump = JSON.stringify(
      await Promise.all(
        ['kyc_sandbox_applicants', 'kyc_sandbox_documents', 'kyc_applicants', 'kyc_events'].map(
          async (table) => {
            // pg and PGlite both answer raw SQL with { rows }.
            const result = (await manual.database.db.execute(sql.raw(`select * from ${table}`))) as unknown;
            return (result as { rows: unknown[] }).rows;
          },
        ),
      ),
    );
    expect(dump).toContain(session.applicantId);
    for (const plaintext of [
      'Lovelace',
      'X1234567Z',
      '1990-12-10',
      JPEG.subarray(6, 64).toString('base64'),
    ]) {
      expect(dump).not.toContain(plaintext);
    }
    expect([auto.logs, manual.logs].flat().join('\n')).not.toMatch(/Lovelace|X1234567Z/);
  });

  it('a verified identity copied into another investor’s row does not open there', async () => {
    const verified = await begin(auto.app);
    await submitAll(auto.app, verified);
    const other = await begin(auto.app);
    const [source] = await auto.database.db
      .select()
      .from(kycApplicants)
      .where(eq(kycApplicants.userId, verified.investor.user.id));
    await auto.database.db
      .update(kycApplicants)
      .set({ status: 'verified', verifiedDataSealed: source!.verifiedDataSealed })
      .where(eq(kycApplicants.userId, other.investor.user.id));
    const user = await profile(auto.app, other.investor);
    expect(user.kycStatus).toBe('verified');
    expect(user).not.toHaveProperty('kycVerifiedName');
    expect(await profile(auto.app, verified.investor)).toMatchObject({ kycVerifiedName: 'Ada Lovelace' });
  });

  it('a webhook not signed with the sandbox secret is refused', async () => {
    const session = await begin(auto.app);
    const payload = JSON.stringify({
      applicantId: session.applicantId,
      externalUserId: session.investor.user.id,
      type: 'applicantReviewed',
      reviewStatus: 'completed',
      reviewResult: { reviewAnswer: 'GREEN' },
      createdAtMs: '2026-11-21 12:00:00.000',
    });
    const response = await auto.app.inject({
      method: 'POST',
      url: '/api/kyc/webhook',
      payload,
      headers: {
        'content-type': 'application/json',
        'x-payload-digest': payloadDigest(randomBytes(32), 'HMAC_SHA256_HEX', Buffer.from(payload)),
        'x-payload-digest-alg': 'HMAC_SHA256_HEX',
      },
    });
    expect(response.statusCode).toBe(401);
    expect((await kycStatus(auto.app, session.investor)).status).toBe('not_started');
  });
});

describe('the reviewer queue (auto-approve off)', () => {
  let admin: Registered;
  beforeAll(async () => {
    admin = await createAdmin(manual.app);
  });

  const adminCall = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, who = admin) =>
    manual.app.inject({ method, url, headers: bearer(who.token), ...(payload ? { payload } : {}) });

  it('lists pending submissions with their details and document, for admins only', async () => {
    const session = await begin(manual.app);
    const submitted = await submitAll(manual.app, session);
    expect(json(submitted)).toMatchObject({ applicant: { reviewStatus: 'pending', reviewResult: null } });
    expect(await kycStatus(manual.app, session.investor)).toMatchObject({ status: 'pending' });

    const queue = await adminCall('GET', '/api/admin/kyc/pending');
    expect(queue.statusCode).toBe(200);
    expect(json<{ applicants: unknown[] }>(queue).applicants).toContainEqual({
      applicantId: session.applicantId,
      externalUserId: session.investor.user.id,
      ...INFO,
      document: { contentType: 'image/jpeg', size: JPEG.length },
      submittedAt: expect.any(String),
    });
    const document = await adminCall('GET', `/api/admin/kyc/${session.applicantId}/document`);
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('image/jpeg');
    expect(document.headers['content-disposition']).toBe('attachment; filename="document.jpg"');
    expect(document.rawPayload.equals(JPEG)).toBe(true);

    for (const [method, url] of [
      ['GET', '/api/admin/kyc/pending'],
      ['GET', `/api/admin/kyc/${session.applicantId}/document`],
      ['POST', `/api/admin/kyc/${session.applicantId}/approve`],
    ] as const) {
      expect((await adminCall(method, url, undefined, session.investor)).statusCode, url).toBe(403);
    }
    expect((await kycStatus(manual.app, session.investor)).status).toBe('pending');
  });

  it('approve: verified, document deleted, a second decision is a conflict', async () => {
    const session = await begin(manual.app);
    await submitAll(manual.app, session);
    const approved = await adminCall('POST', `/api/admin/kyc/${session.applicantId}/approve`);
    expect(json(approved)).toEqual({
      success: true,
      applicantId: session.applicantId,
      reviewStatus: 'completed',
      reviewResult: { reviewAnswer: 'GREEN' },
    });
    expect(await profile(manual.app, session.investor)).toMatchObject({
      kycStatus: 'verified',
      kycVerifiedName: 'Ada Lovelace',
    });
    expect((await adminCall('GET', `/api/admin/kyc/${session.applicantId}/document`)).statusCode).toBe(404);
    // The decision is in the audit log, under the reviewer's name; the refused second one is not.
    const audit = json<{ entries: Array<Record<string, unknown>> }>(
      await adminCall('GET', '/api/admin/audit'),
    );
    expect(audit.entries.filter((entry) => entry.targetId === session.applicantId)).toEqual([
      expect.objectContaining({
        action: 'kyc.approve',
        adminEmail: admin.email,
        targetType: 'kyc-applicant',
      }),
    ]);
    const twice = await adminCall('POST', `/api/admin/kyc/${session.applicantId}/approve`);
    expect(twice.statusCode).toBe(409);
    expect(
      json<{ entries: unknown[] }>(await adminCall('GET', '/api/admin/audit')).entries.filter(
        (entry) => (entry as { targetId: string }).targetId === session.applicantId,
      ),
    ).toHaveLength(1);
    expect(json(twice)).toMatchObject({ error: messages.kycNotAwaitingReview });
    const queue = json<{ applicants: { applicantId: string }[] }>(
      await adminCall('GET', '/api/admin/kyc/pending'),
    );
    expect(queue.applicants.map((a) => a.applicantId)).not.toContain(session.applicantId);
  });

  it('reject with a reason; the applicant retries; a final rejection ends it', async () => {
    const session = await begin(manual.app);
    await submitAll(manual.app, session);
    const missingReason = await adminCall('POST', `/api/admin/kyc/${session.applicantId}/reject`, {
      reason: ' ',
    });
    expect(missingReason.statusCode).toBe(400);
    expect(json(missingReason)).toMatchObject({ fields: { reason: messages.kycReasonRequired } });

    const rejected = await adminCall('POST', `/api/admin/kyc/${session.applicantId}/reject`, {
      reason: 'The photo is blurry',
    });
    expect(json(rejected)).toMatchObject({
      reviewResult: {
        reviewAnswer: 'RED',
        reviewRejectType: 'RETRY',
        moderationComment: 'The photo is blurry',
      },
    });
    expect(await kycStatus(manual.app, session.investor)).toMatchObject({
      status: 'rejected',
      data: {
        isVerified: false,
        reviewAnswer: 'RED',
        rejectType: 'RETRY',
        moderationComment: 'The photo is blurry',
      },
    });
    expect(json(await page(manual.app, session.token, '/applicant'))).toMatchObject({
      applicant: {
        reviewStatus: 'completed',
        reviewResult: { reviewAnswer: 'RED', reviewRejectType: 'RETRY' },
        document: null,
      },
    });

    manual.clock.advance(1000);
    const retried = await submitAll(manual.app, session);
    expect(json(retried)).toMatchObject({ applicant: { reviewStatus: 'pending', reviewResult: null } });
    expect((await kycStatus(manual.app, session.investor)).status).toBe('pending');

    manual.clock.advance(1000);
    await adminCall('POST', `/api/admin/kyc/${session.applicantId}/reject`, {
      reason: 'Forged document',
      final: true,
    });
    expect((await kycStatus(manual.app, session.investor)).status).toBe('rejected_final');
    const after = await upload(manual.app, session.token, JPEG);
    expect(after.statusCode).toBe(409);
    expect(json(after)).toMatchObject({ error: messages.kycFinalRejection });
  });

  it('a reviewer can revoke an approval, and the portal honours it', async () => {
    const session = await begin(manual.app);
    await submitAll(manual.app, session);
    await adminCall('POST', `/api/admin/kyc/${session.applicantId}/approve`);
    manual.clock.advance(60_000);
    await adminCall('POST', `/api/admin/kyc/${session.applicantId}/reject`, {
      reason: 'Sanctions match',
      final: true,
    });
    expect(await kycStatus(manual.app, session.investor)).toMatchObject({ status: 'rejected_final' });
    const user = await profile(manual.app, session.investor);
    expect(user).toMatchObject({ kycStatus: 'rejected_final' });
    expect(user).not.toHaveProperty('kycVerifiedName');
  });

  it('unknown or malformed applicant ids', async () => {
    expect((await adminCall('POST', `/api/admin/kyc/${'a'.repeat(24)}/approve`)).statusCode).toBe(404);
    expect((await adminCall('POST', '/api/admin/kyc/not-an-id/approve')).statusCode).toBe(400);
  });
});

describe('one investor cannot reach another’s verification', () => {
  it('page tokens are bound to their applicant, and store-data checks ownership', async () => {
    const a = await begin(manual.app);
    const b = await begin(manual.app);
    await submitAll(manual.app, b);
    const seenByA = json<{ applicant: { id: string; document: unknown } }>(
      await page(manual.app, a.token, '/applicant'),
    );
    expect(seenByA.applicant).toMatchObject({ id: a.applicantId, document: null });
    const stolen = await manual.app.inject({
      method: 'POST',
      url: '/api/kyc/store-data',
      headers: bearer(a.investor.token),
      payload: { applicantId: b.applicantId },
    });
    expect(stolen.statusCode).toBe(404);
    expect(json(stolen)).toEqual({ success: false, error: messages.notFound, code: 'NOT_FOUND' });
  });
});
