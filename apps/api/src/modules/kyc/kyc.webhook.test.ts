import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/shared/messages';
import { kycApplicants, kycEvents } from '../../db/schema/index.js';
import { formatCreatedAtMs } from '../../providers/kyc/sumsub-wire.js';
import { startFakeSumsub, type FakeSumsub } from '../../providers/kyc/testing/fake-sumsub.js';
import { bearer, createTestApp, json, register, type Registered, type TestApp } from '../../test/test-app.js';

/** The Sumsub adapter end to end: portal ↔ a local fake Sumsub, webhooks signed by the fake. */

let fake: FakeSumsub;
let t: TestApp;

const sumsubEnv = (fake: FakeSumsub, alg = 'HMAC_SHA256_HEX') => ({
  KYC_PROVIDER: 'sumsub',
  SUMSUB_APP_TOKEN: fake.appToken,
  SUMSUB_SECRET_KEY: fake.secretKey,
  SUMSUB_BASE_URL: fake.url,
  SUMSUB_WEBHOOK_SECRET: fake.webhookSecret,
  SUMSUB_WEBHOOK_ALG: alg,
});

beforeAll(async () => {
  fake = await startFakeSumsub();
  t = await createTestApp({ env: sumsubEnv(fake) });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

interface Started {
  investor: Registered;
  applicantId: string;
}

async function startKyc(app = t.app): Promise<Started> {
  const investor = await register(app);
  const response = await app.inject({
    method: 'POST',
    url: '/api/kyc/token',
    headers: bearer(investor.token),
  });
  expect(response.statusCode).toBe(200);
  return { investor, applicantId: json<{ applicantId: string }>(response).applicantId };
}

const at = (ms: number) => formatCreatedAtMs(new Date(t.clock.now().getTime() + ms));

function event(started: Started, type: string, extra: Record<string, unknown>, createdAtMs: string) {
  return {
    applicantId: started.applicantId,
    inspectionId: started.applicantId,
    correlationId: `req-${Math.random().toString(36).slice(2)}`,
    levelName: 'basic-kyc-level',
    externalUserId: started.investor.user.id,
    type,
    sandboxMode: true,
    applicantType: 'individual',
    createdAtMs,
    ...extra,
  };
}

const green = { reviewStatus: 'completed', reviewResult: { reviewAnswer: 'GREEN' } };
const red = (rejectType: 'RETRY' | 'FINAL', moderationComment = 'Document expired') => ({
  reviewStatus: 'completed',
  reviewResult: { reviewAnswer: 'RED', reviewRejectType: rejectType, moderationComment },
});

function post(payload: string, headers: Record<string, string>, app = t.app) {
  return app.inject({ method: 'POST', url: '/api/kyc/webhook', payload, headers });
}

async function status(investor: Registered) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/kyc/verification-status',
    headers: bearer(investor.token),
  });
  expect(response.statusCode).toBe(200);
  return json<{ status: string; data: Record<string, unknown> }>(response);
}

async function profile(investor: Registered) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/auth/profile',
    headers: bearer(investor.token),
  });
  return json<{ user: Record<string, unknown> }>(response).user;
}

const eventRows = (applicantId: string) =>
  t.database.db.select().from(kycEvents).where(eq(kycEvents.applicantId, applicantId));

describe('browser policies with Sumsub', () => {
  it("frames only Sumsub's WebSDK origin and lets it alone use the camera and microphone", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(response.headers['content-security-policy'])).toMatch(
      /frame-src 'self' https:\/\/in\.sumsub\.com(;|$)/,
    );
    expect(response.headers['permissions-policy']).toBe(
      'camera=(self "https://in.sumsub.com"), microphone=("https://in.sumsub.com"), geolocation=(), payment=()',
    );
  });
});

describe('POST /api/kyc/token (Sumsub)', () => {
  it('creates the applicant once and returns a fresh SDK token each time', async () => {
    const started = await startKyc();
    expect(fake.applicants.get(started.applicantId)?.externalUserId).toBe(started.investor.user.id);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/kyc/token',
      headers: bearer(started.investor.token),
    });
    expect(json(again)).toEqual({
      success: true,
      token: expect.stringMatching(/^_act-sbx-/),
      applicantId: started.applicantId,
      websdkUrl: 'https://in.sumsub.com',
    });
    const mine = [...fake.applicants.values()].filter((a) => a.externalUserId === started.investor.user.id);
    expect(mine).toHaveLength(1);
  });

  it('concurrent first calls create one applicant', async () => {
    const investor = await register(t.app);
    const answers = await Promise.all(
      Array.from({ length: 3 }, async () =>
        json<{ applicantId: string }>(
          await t.app.inject({ method: 'POST', url: '/api/kyc/token', headers: bearer(investor.token) }),
        ),
      ),
    );
    expect(new Set(answers.map((a) => a.applicantId)).size).toBe(1);
    expect([...fake.applicants.values()].filter((a) => a.externalUserId === investor.user.id)).toHaveLength(
      1,
    );
  });

  it('a provider outage is a 502 with a clear message, and nothing is stored', async () => {
    const investor = await register(t.app);
    fake.failWith(503);
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/kyc/token',
        headers: bearer(investor.token),
      });
      expect(response.statusCode).toBe(502);
      expect(json(response)).toMatchObject({ success: false, error: messages.kycProviderUnavailable });
    } finally {
      fake.failWith(0);
    }
    expect(
      await t.database.db.select().from(kycApplicants).where(eq(kycApplicants.userId, investor.user.id)),
    ).toEqual([]);
  });
});

describe('webhook signature matrix', () => {
  let started: Started;
  let valid: { payload: string; headers: Record<string, string> };
  beforeAll(async () => {
    started = await startKyc();
    valid = fake.webhook(event(started, 'applicantPending', { reviewStatus: 'pending' }, at(1000)));
  });

  const refused = async (payload: string, headers: Record<string, string>) => {
    const response = await post(payload, headers);
    expect(response.statusCode).toBe(401);
    expect(json(response)).toEqual({
      success: false,
      error: messages.webhookSignatureInvalid,
      code: 'UNAUTHENTICATED',
    });
  };

  it('refuses one changed byte, re-serialised JSON, missing headers, SHA-1, unknown and unpinned algorithms', async () => {
    const flipped = valid.payload.replace('"pending"', '"pendinG"');
    expect(flipped).not.toBe(valid.payload);
    await refused(flipped, valid.headers);
    const reserialised = JSON.stringify(JSON.parse(valid.payload), null, 1);
    expect(JSON.parse(reserialised)).toEqual(JSON.parse(valid.payload));
    await refused(reserialised, valid.headers);
    const { 'x-payload-digest': _digest, ...noDigest } = valid.headers;
    await refused(valid.payload, noDigest);
    await refused(valid.payload, { ...valid.headers, 'x-payload-digest': '' });
    const sha1 = fake.webhook(JSON.parse(valid.payload), 'HMAC_SHA1_HEX');
    await refused(sha1.payload, sha1.headers);
    await refused(valid.payload, { ...valid.headers, 'x-payload-digest-alg': 'HMAC_MD5_HEX' });
    // The algorithm is pinned: a correct SHA-256 digest announced as another algorithm is refused too.
    await refused(valid.payload, { ...valid.headers, 'x-payload-digest-alg': 'HMAC_SHA1_HEX' });
    const sha512 = fake.webhook(JSON.parse(valid.payload), 'HMAC_SHA512_HEX');
    await refused(sha512.payload, sha512.headers);
    const otherSecret = createHmac('sha256', 'another secret').update(valid.payload).digest('hex');
    await refused(valid.payload, { ...valid.headers, 'x-payload-digest': otherSecret });
    // Nothing was recorded or changed by any of them.
    expect(await eventRows(started.applicantId)).toEqual([]);
    expect((await status(started.investor)).status).toBe('not_started');
  });

  it('accepts a valid HMAC-SHA256 digest of the exact bytes', async () => {
    const response = await post(valid.payload, valid.headers);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ success: true, outcome: 'applied' });
    expect((await status(started.investor)).status).toBe('pending');
  });

  it('an authentic body that is not an applicant event is a 400', async () => {
    const notAnEvent = fake.webhook({ hello: 'world' });
    const response = await post(notAnEvent.payload, notAnEvent.headers);
    expect(response.statusCode).toBe(400);
  });

  it('with SUMSUB_WEBHOOK_ALG=HMAC_SHA512_HEX, SHA-512 is accepted and SHA-256 refused', async () => {
    const strict = await createTestApp({ env: sumsubEnv(fake, 'HMAC_SHA512_HEX') });
    try {
      const mine = await startKyc(strict.app);
      const body = event(mine, 'applicantPending', { reviewStatus: 'pending' }, at(0));
      const sha512 = fake.webhook(body, 'HMAC_SHA512_HEX');
      expect((await post(sha512.payload, sha512.headers, strict.app)).statusCode).toBe(200);
      const sha256 = fake.webhook(body, 'HMAC_SHA256_HEX');
      expect((await post(sha256.payload, sha256.headers, strict.app)).statusCode).toBe(401);
    } finally {
      await strict.close();
    }
  });
});

describe('webhook ordering and deduplication', () => {
  it('applies a delivery once however often it is retried', async () => {
    const started = await startKyc();
    const approved = fake.webhook(event(started, 'applicantReviewed', green, at(1000)));
    const outcomes = [];
    for (let i = 0; i < 3; i += 1)
      outcomes.push(json<{ outcome: string }>(await post(approved.payload, approved.headers)).outcome);
    expect(outcomes).toEqual(['applied', 'duplicate', 'duplicate']);
    expect(await eventRows(started.applicantId)).toHaveLength(1);
    expect((await status(started.investor)).status).toBe('verified');
  });

  it('concurrent deliveries of one event apply it once', async () => {
    const started = await startKyc();
    const approved = fake.webhook(event(started, 'applicantReviewed', green, at(1000)));
    const outcomes = await Promise.all(
      Array.from(
        { length: 5 },
        async () => json<{ outcome: string }>(await post(approved.payload, approved.headers)).outcome,
      ),
    );
    expect(outcomes.sort()).toEqual(['applied', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    expect(await eventRows(started.applicantId)).toHaveLength(1);
  });

  it('ignores events older than the last applied one', async () => {
    const started = await startKyc();
    const pending = fake.webhook(event(started, 'applicantPending', { reviewStatus: 'pending' }, at(1000)));
    const approved = fake.webhook(event(started, 'applicantReviewed', green, at(2000)));
    const latePending = fake.webhook(
      event(started, 'applicantPending', { reviewStatus: 'pending' }, at(1500)),
    );
    expect(json(await post(pending.payload, pending.headers))).toMatchObject({ outcome: 'applied' });
    expect(json(await post(approved.payload, approved.headers))).toMatchObject({ outcome: 'applied' });
    expect(json(await post(latePending.payload, latePending.headers))).toMatchObject({ outcome: 'stale' });
    expect(await status(started.investor)).toMatchObject({
      status: 'verified',
      data: { isVerified: true, reviewStatus: 'completed', reviewAnswer: 'GREEN' },
    });
  });

  it('honours a rejection after an approval, and forgets the verified identity', async () => {
    const started = await startKyc();
    fake.applicants.get(started.applicantId)!.info = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      dob: '1990-12-10',
      country: 'GBR',
    };
    const approved = fake.webhook(event(started, 'applicantReviewed', green, at(1000)));
    await post(approved.payload, approved.headers);
    expect(await profile(started.investor)).toMatchObject({
      kycStatus: 'verified',
      kycVerifiedName: 'Ada Lovelace',
      kycCountry: 'GBR',
    });

    const revoked = fake.webhook(
      event(started, 'applicantReviewed', red('FINAL', 'Forged document'), at(5000)),
    );
    expect(json(await post(revoked.payload, revoked.headers))).toMatchObject({ outcome: 'applied' });
    expect(await status(started.investor)).toMatchObject({
      status: 'rejected_final',
      data: {
        isVerified: false,
        reviewAnswer: 'RED',
        rejectType: 'FINAL',
        moderationComment: 'Forged document',
      },
    });
    const user = await profile(started.investor);
    expect(user.kycStatus).toBe('rejected_final');
    expect(user).not.toHaveProperty('kycVerifiedName');
    expect(user).not.toHaveProperty('kycCountry');

    const reset = fake.webhook(event(started, 'applicantReset', { reviewStatus: 'init' }, at(9000)));
    await post(reset.payload, reset.headers);
    expect((await status(started.investor)).status).toBe('not_started');
  });

  it('records but does not apply events for unknown applicants or another user', async () => {
    const started = await startKyc();
    const unknown = fake.webhook({
      ...event(started, 'applicantReviewed', green, at(0)),
      applicantId: 'f'.repeat(24),
    });
    expect(json(await post(unknown.payload, unknown.headers))).toEqual({
      success: true,
      outcome: 'unknown_applicant',
    });
    const foreign = fake.webhook({
      ...event(started, 'applicantReviewed', green, at(0)),
      externalUserId: '00000000-0000-4000-8000-000000000000',
    });
    expect(json(await post(foreign.payload, foreign.headers))).toEqual({ success: true, outcome: 'ignored' });
    const tags = fake.webhook(event(started, 'applicantTagsChanged', { reviewStatus: 'init' }, at(0)));
    expect(json(await post(tags.payload, tags.headers))).toEqual({ success: true, outcome: 'ignored' });
    expect((await status(started.investor)).status).toBe('not_started');
  });
});

describe('sync and status polling (Sumsub)', () => {
  it('picks up a decision whose webhook never arrived, and stores the verified identity sealed', async () => {
    const started = await startKyc();
    const { investor, applicantId } = started;
    const sync = () =>
      t.app.inject({ method: 'POST', url: '/api/kyc/enhanced-storage', headers: bearer(investor.token) });

    expect(json(await sync())).toEqual({
      success: true,
      status: 'not_started',
      message: messages.kycNotStarted,
    });
    fake.applicants.get(applicantId)!.review.reviewStatus = 'pending';
    expect((await status(investor)).status).toBe('pending');
    expect(json(await sync())).toEqual({ success: true, status: 'pending', message: messages.kycPending });

    fake.applicants.get(applicantId)!.info = {
      firstName: 'Grace',
      lastName: 'Hopper',
      dob: '1986-12-09',
      country: 'USA',
    };
    fake.review(applicantId, { reviewAnswer: 'GREEN' });
    expect(json(await sync())).toEqual({ success: true, status: 'verified', message: messages.kycSynced });
    expect(await profile(investor)).toMatchObject({ kycVerifiedName: 'Grace Hopper', kycCountry: 'USA' });

    const [row] = await t.database.db
      .select()
      .from(kycApplicants)
      .where(eq(kycApplicants.userId, investor.user.id));
    expect(row?.verifiedDataSealed).toBeTruthy();
    expect(JSON.stringify(row)).not.toMatch(/Hopper|1986-12-09/);
    expect(t.logs.join('\n')).not.toMatch(/Hopper/);
  });

  it('store-data syncs only the caller’s own applicant', async () => {
    const a = await startKyc();
    const b = await startKyc();
    fake.review(b.applicantId, { reviewAnswer: 'GREEN' });
    const stolen = await t.app.inject({
      method: 'POST',
      url: '/api/kyc/store-data',
      headers: bearer(a.investor.token),
      payload: { applicantId: b.applicantId },
    });
    expect(stolen.statusCode).toBe(404);
    expect(
      (
        await t.database.db.select().from(kycApplicants).where(eq(kycApplicants.userId, b.investor.user.id))
      )[0]?.status,
    ).toBe('not_started');
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/kyc/store-data',
      headers: bearer(b.investor.token),
      payload: { applicantId: b.applicantId },
    });
    expect(json(own)).toEqual({ success: true, status: 'verified', message: messages.kycSynced });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/kyc/store-data',
      headers: bearer(b.investor.token),
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(json(missing)).toMatchObject({ fields: { applicantId: messages.kycApplicantIdRequired } });
  });

  it('when Sumsub is down, status answers the stored state and sync fails with 502', async () => {
    const started = await startKyc();
    fake.failWith(500);
    try {
      expect(await status(started.investor)).toMatchObject({ status: 'not_started' });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/kyc/enhanced-storage',
        headers: bearer(started.investor.token),
      });
      expect(response.statusCode).toBe(502);
      expect(json(response)).toMatchObject({ error: messages.kycProviderUnavailable, code: 'BAD_GATEWAY' });
    } finally {
      fake.failWith(0);
    }
  });

  it('never logs the API or webhook secrets', () => {
    const logs = t.logs.join('\n');
    for (const secret of [fake.secretKey, fake.webhookSecret, fake.appToken])
      expect(logs).not.toContain(secret);
  });
});
