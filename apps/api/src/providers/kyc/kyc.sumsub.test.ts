import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/shared/messages';
import { loadConfig, type SumsubConfig } from '../../config.js';
import { DomainError } from '../../errors.js';
import { SumsubKyc } from './kyc.sumsub.js';
import { formatCreatedAtMs, parseCreatedAtMs, signRequest } from './sumsub-wire.js';
import { startFakeSumsub, type FakeSumsub } from './testing/fake-sumsub.js';

const silent = { warn: () => undefined };

let fake: FakeSumsub;
let config: SumsubConfig;
let sumsub: SumsubKyc;

beforeAll(async () => {
  fake = await startFakeSumsub();
  config = {
    appToken: fake.appToken,
    secretKey: fake.secretKey,
    baseUrl: fake.url,
    levelName: 'basic-kyc-level',
    webhookSecret: fake.webhookSecret,
    webhookAlg: 'HMAC_SHA256_HEX',
    websdkUrl: 'https://in.sumsub.com',
  };
  sumsub = new SumsubKyc(config, silent);
});
afterAll(() => fake.close());

const providerError = expect.objectContaining({
  code: 'BAD_GATEWAY',
  message: messages.kycProviderUnavailable,
});

describe('Sumsub request signing', () => {
  it('matches the documented formula: hex HMAC-SHA256 of ts + METHOD + path with query + body', () => {
    const body = '{"externalUserId":"u1"}';
    const expected = createHmac('sha256', 'secret')
      .update(`1700000000POST/resources/applicants?levelName=basic-kyc-level${body}`)
      .digest('hex');
    expect(
      signRequest('secret', 1700000000, 'post', '/resources/applicants?levelName=basic-kyc-level', body),
    ).toBe(expected);
  });

  it('signs every call so that the server accepts it', async () => {
    fake.requests.length = 0;
    const { applicantId } = await sumsub.createApplicant('user-signing');
    await sumsub.accessToken('user-signing');
    await sumsub.applicantStatus(applicantId);
    await sumsub.applicantData(applicantId);
    expect(fake.requests.map((r) => `${r.method} ${r.url} ${r.signed}`)).toEqual([
      'POST /resources/applicants?levelName=basic-kyc-level true',
      'POST /resources/accessTokens/sdk true',
      `GET /resources/applicants/${applicantId}/status true`,
      `GET /resources/applicants/${applicantId}/one true`,
    ]);
  });

  it('a wrong secret key is refused by the server and surfaces as a provider error', async () => {
    const wrong = new SumsubKyc({ ...config, secretKey: 'not-the-secret' }, silent);
    await expect(wrong.createApplicant('user-wrong-key')).rejects.toEqual(providerError);
    expect(fake.requests.at(-1)?.signed).toBe(false);
  });
});

describe('Sumsub applicants and tokens', () => {
  it('creates the applicant with our user id and the configured level', async () => {
    const { applicantId } = await sumsub.createApplicant('user-create');
    const stored = fake.applicants.get(applicantId);
    expect(stored).toMatchObject({ externalUserId: 'user-create', levelName: 'basic-kyc-level' });
    const body = JSON.parse(fake.requests.find((r) => r.url.startsWith('/resources/applicants?'))!.body);
    expect(body).toEqual({ externalUserId: expect.any(String) });
  });

  it('creating twice returns the existing applicant (Sumsub answers 409)', async () => {
    const first = await sumsub.createApplicant('user-twice');
    const second = await sumsub.createApplicant('user-twice');
    expect(second).toEqual(first);
    expect(fake.requests.at(-1)?.url).toBe('/resources/applicants/-;externalUserId=user-twice/one');
  });

  it('asks for a 10-minute SDK access token for the user and level', async () => {
    const token = await sumsub.accessToken('user-token');
    expect(token).toMatch(/^_act-sbx-/);
    expect(JSON.parse(fake.requests.at(-1)!.body)).toEqual({
      userId: 'user-token',
      levelName: 'basic-kyc-level',
      ttlInSecs: 600,
    });
  });

  it('reads the review status and the applicant data', async () => {
    const { applicantId } = await sumsub.createApplicant('user-read');
    expect(await sumsub.applicantStatus(applicantId)).toEqual({
      reviewStatus: 'init',
      reviewAnswer: undefined,
      rejectType: undefined,
      moderationComment: undefined,
    });
    fake.applicants.get(applicantId)!.info = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      dob: '1990-12-10',
      country: 'GBR',
    };
    fake.review(applicantId, {
      reviewAnswer: 'RED',
      reviewRejectType: 'RETRY',
      moderationComment: 'Blurry photo',
    });
    expect(await sumsub.applicantData(applicantId)).toEqual({
      id: applicantId,
      externalUserId: 'user-read',
      identity: { firstName: 'Ada', lastName: 'Lovelace', dob: '1990-12-10', country: 'GBR' },
      review: {
        reviewStatus: 'completed',
        reviewAnswer: 'RED',
        rejectType: 'RETRY',
        moderationComment: 'Blurry photo',
      },
    });
  });

  it('an unknown applicant, a server error or an unreachable server is a provider error', async () => {
    await expect(sumsub.applicantStatus('000000000000000000000000')).rejects.toBeInstanceOf(DomainError);
    fake.failWith(500);
    try {
      await expect(sumsub.accessToken('user-500')).rejects.toEqual(providerError);
    } finally {
      fake.failWith(0);
    }
    const unreachable = new SumsubKyc({ ...config, baseUrl: 'http://127.0.0.1:9' }, silent);
    await expect(unreachable.createApplicant('user-down')).rejects.toEqual(providerError);
  });

  it('allows exactly the WebSDK origin to be framed', () => {
    expect(sumsub.contentSecurity).toEqual({ frameSources: ['https://in.sumsub.com'], connectSources: [] });
    expect(sumsub.websdkUrl).toBe('https://in.sumsub.com');
  });
});

describe('createdAtMs', () => {
  it("reads Sumsub's format (UTC) and round-trips our own", () => {
    expect(parseCreatedAtMs('2021-05-14 16:00:25.032')?.toISOString()).toBe('2021-05-14T16:00:25.032Z');
    expect(parseCreatedAtMs('2021-05-14 16:00:25+0200')?.toISOString()).toBe('2021-05-14T14:00:25.000Z');
    const now = new Date('2026-11-21T12:00:00.123Z');
    expect(formatCreatedAtMs(now)).toBe('2026-11-21 12:00:00.123');
    expect(parseCreatedAtMs(formatCreatedAtMs(now))).toEqual(now);
    expect(parseCreatedAtMs('yesterday')).toBeUndefined();
  });
});

describe('KYC configuration', () => {
  it('sumsub without its keys fails the boot, naming each variable', () => {
    expect(() => loadConfig({ KYC_PROVIDER: 'sumsub' })).toThrow(
      /SUMSUB_APP_TOKEN: required when KYC_PROVIDER=sumsub[\s\S]*SUMSUB_SECRET_KEY: required[\s\S]*SUMSUB_WEBHOOK_SECRET: required/,
    );
  });

  it('refuses HMAC_SHA1_HEX and unknown digest algorithms, and plain http to a remote host', () => {
    const keys = {
      KYC_PROVIDER: 'sumsub',
      SUMSUB_APP_TOKEN: 'a',
      SUMSUB_SECRET_KEY: 'b',
      SUMSUB_WEBHOOK_SECRET: 'c',
    };
    expect(() => loadConfig({ ...keys, SUMSUB_WEBHOOK_ALG: 'HMAC_SHA1_HEX' })).toThrow(/SUMSUB_WEBHOOK_ALG/);
    expect(() => loadConfig({ ...keys, SUMSUB_WEBHOOK_ALG: 'MD5' })).toThrow(/SUMSUB_WEBHOOK_ALG/);
    expect(() => loadConfig({ ...keys, SUMSUB_BASE_URL: 'http://api.sumsub.com' })).toThrow(
      /SUMSUB_BASE_URL/,
    );
    expect(() => loadConfig({ KYC_PROVIDER: 'other' })).toThrow(/KYC_PROVIDER/);
  });

  it('defaults to the embedded sandbox with auto-approve, and to Sumsub production hosts', () => {
    expect(loadConfig({}).kyc).toMatchObject({
      provider: 'sandbox',
      sandboxAutoApprove: true,
      sumsub: undefined,
    });
    const keys = {
      KYC_PROVIDER: 'sumsub',
      SUMSUB_APP_TOKEN: 'a',
      SUMSUB_SECRET_KEY: 'b',
      SUMSUB_WEBHOOK_SECRET: 'c',
    };
    expect(loadConfig(keys).kyc.sumsub).toEqual({
      appToken: 'a',
      secretKey: 'b',
      webhookSecret: 'c',
      baseUrl: 'https://api.sumsub.com',
      websdkUrl: 'https://in.sumsub.com',
      levelName: 'basic-kyc-level',
      webhookAlg: 'HMAC_SHA256_HEX',
    });
  });
});
