import { createHash, randomBytes } from 'node:crypto';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App, type BuildOverrides } from '../app.js';
import type { Clock } from '../clock.js';
import { loadConfig, type Config, type Env } from '../config.js';
import type { Database } from '../db/client.js';
import { createLogger } from '../logger.js';
import { mailFile } from '../providers/mail/mail.embedded.js';
import { MasterKey } from '../secrets/envelope.js';
import { createTestDatabase } from './test-database.js';

export const TEST_PUBLIC_URL = 'http://portal.test';

/** A clock tests can move forward. */
export class TestClock implements Clock {
  constructor(private current = new Date('2026-11-21T12:00:00Z')) {}
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/** The environment of a test portal on its own data directory. */
export const testEnv = (dataDir: string, logLevel = 'info'): Env => ({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  LOG_LEVEL: logLevel,
  PUBLIC_URL: TEST_PUBLIC_URL,
  WEB_DIST_DIR: path.join(dataDir, 'no-web'),
});

export interface TestApp {
  app: App;
  config: Config;
  database: Database;
  clock: TestClock;
  /** Every log line written during the test, for "no secrets in logs" checks. */
  logs: string[];
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    env?: Env;
    overrides?: Omit<BuildOverrides, 'database' | 'clock' | 'logger'>;
    /** Runs before the app is ready, e.g. to add a route for a test. */
    configure?: (app: App) => void;
    /** Another app's database (and its master key in `overrides`): a second process on it. */
    database?: Database;
    /** False keeps this app's exchanges out of API_TRAFFIC_DIR (hostile requests describe no API). */
    recordTraffic?: boolean;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-test-'));
  const config = loadConfig({
    ...testEnv(dataDir),
    // Suites register many accounts from one address; the rate-limit suite sets its own limits.
    RATE_LIMIT_REGISTER_PER_IP_PER_HOUR: '100000',
    RATE_LIMIT_FORGOT_PER_IP_PER_HOUR: '100000',
    RATE_LIMIT_LOGIN_IP_FAILURES_PER_HOUR: '100000',
    RATE_LIMIT_API_PER_MINUTE: '100000',
    SEED_DEMO: 'false',
    // Suites write listings straight to the database; the cache has its own test.
    MARKETPLACE_CACHE_MS: '0',
    RATE_LIMIT_TWO_FACTOR_PER_MINUTE: '100000',
    ...options.env,
  });
  const logs: string[] = [];
  const logger = createLogger(
    config,
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        logs.push(chunk.toString());
        callback();
      },
    }),
  );
  const shared = options.database;
  const database = shared ?? (await createTestDatabase());
  const clock = new TestClock();
  const app = await buildApp(config, {
    masterKey: new MasterKey(randomBytes(32)),
    ...options.overrides,
    database,
    clock,
    logger,
  });
  options.configure?.(app);
  try {
    await app.ready();
  } catch (error) {
    await app.close();
    if (!shared) await database.close();
    throw error;
  }
  const trafficDir = process.env.API_TRAFFIC_DIR;
  if (trafficDir && options.recordTraffic !== false) await recordTraffic(app, trafficDir);
  return {
    app,
    config,
    database,
    clock,
    logs,
    async close() {
      await app.close();
      if (!shared) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Headers a recording keeps out of its files: credentials. */
const SECRET_HEADERS = new Set(['authorization', 'cookie', 'set-cookie', 'x-access-token']);
const redacted = (headers: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name.toLowerCase(),
      SECRET_HEADERS.has(name.toLowerCase()) ? '[redacted]' : value,
    ]),
  );

/**
 * With API_TRAFFIC_DIR set, every `inject` of this app is appended to a JSONL file there, each
 * line naming the OpenAPI document this app served, for `scripts/openapi-replay.mjs`.
 */
async function recordTraffic(app: App, directory: string): Promise<void> {
  mkdirSync(directory, { recursive: true });
  const inject = app.inject.bind(app);
  const described = await inject({ method: 'GET', url: '/api/docs/json' });
  const document = createHash('sha256').update(described.body).digest('hex').slice(0, 16);
  const documentFile = path.join(directory, `openapi-${document}.json`);
  if (!existsSync(documentFile)) writeFileSync(documentFile, described.body);
  const file = path.join(directory, `integration-${process.pid}.jsonl`);
  const record = (options: InjectOptions, response: LightMyRequestResponse) => {
    const payload = options.payload ?? options.body;
    const requestBody =
      payload === undefined
        ? undefined
        : typeof payload === 'string' || Buffer.isBuffer(payload)
          ? payload.toString()
          : JSON.stringify(payload);
    const line = {
      document,
      method: (options.method ?? 'GET').toUpperCase(),
      url: typeof options.url === 'string' ? options.url : String(options.path ?? ''),
      requestHeaders: redacted({
        ...(requestBody !== undefined && typeof payload === 'object' && !Buffer.isBuffer(payload)
          ? { 'content-type': 'application/json' }
          : {}),
        ...options.headers,
      }),
      requestBody,
      status: response.statusCode,
      responseHeaders: redacted(response.headers),
      // A stream the test read only the head of has no body to check.
      responseBody: options.payloadAsStream ? undefined : response.body,
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  };
  app.inject = ((options?: InjectOptions | string, callback?: unknown) => {
    if (typeof options !== 'object' || callback)
      return (inject as (...args: unknown[]) => unknown)(options, callback);
    return inject(options).then((response) => {
      record(options, response);
      return response;
    });
  }) as App['inject'];
}

/**
 * Two API processes on one database and master key (on PGlite, two apps on one client), started
 * before the suite's tests and closed after them: a change made through one is to be seen by the other.
 */
export function useTestAppPair(): { a: TestApp; b: TestApp } {
  const pair = {} as { a: TestApp; b: TestApp };
  beforeAll(async () => {
    const masterKey = new MasterKey(randomBytes(32));
    pair.a = await createTestApp({ overrides: { masterKey } });
    pair.b = await createTestApp({ overrides: { masterKey }, database: pair.a.database });
  });
  afterAll(async () => {
    await pair.b?.close();
    await pair.a?.close();
  });
  return pair;
}

export function json<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return response.json() as T;
}

let counter = 0;
/** A unique, valid e-mail address per call. */
export function uniqueEmail(prefix = 'investor'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

export interface Registered {
  token: string;
  refreshToken: string;
  user: { id: string; email: string; role: string };
  email: string;
  password: string;
}

/** What the helpers below need of a portal: `inject`, in process or over HTTP (portal-process.ts). */
export type Portal = Pick<App, 'inject'>;

export async function register(
  app: Portal,
  body: Partial<{ name: string; email: string; password: string; role: string }> = {},
): Promise<Registered> {
  const email = body.email ?? uniqueEmail();
  const password = body.password ?? 'correct horse battery';
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name: 'Test Investor', email, password, ...body },
  });
  if (response.statusCode !== 201)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return { ...json<Omit<Registered, 'email' | 'password'>>(response), email, password };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The secret of a credential share link: it rides in the URL's fragment (ADR 50). */
export const shareTokenOf = (url: string): string =>
  new URLSearchParams(new URL(url).hash.slice(1)).get('share') ?? '';

/** What the verification page asks with a share link's secret. */
export const openShared = (app: Portal, token: string) =>
  app.inject({ method: 'POST', url: '/api/credentials/shared', payload: { token } });

/** Admins are never self-registered; tests create them the way the CLI does. */
export async function createAdmin(app: App): Promise<Registered> {
  const email = uniqueEmail('admin');
  const password = 'admin password 1';
  await app.container.auth.createAccount({ name: 'Ada Admin', email, password, role: 'admin' });
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  return { ...json<Omit<Registered, 'email' | 'password'>>(response), email, password };
}

/** An API call as `who` (a bearer session), or anonymously. */
export function callApi(
  app: Portal,
  method: 'GET' | 'POST',
  url: string,
  who?: { token: string },
  payload?: object,
): Promise<LightMyRequestResponse> {
  return app.inject({ method, url, headers: who ? bearer(who.token) : {}, ...(payload ? { payload } : {}) });
}

/**
 * Passes KYC the way an investor does on the embedded sandbox (auto-approve on): token, document
 * upload and submission on the verification page's API, then the signed webhook.
 */
export async function passKyc(
  app: Portal,
  who: { token: string },
  identity: { firstName?: string } = {},
): Promise<{ applicantId: string }> {
  const session = await callApi(app, 'POST', '/api/kyc/token', who);
  if (session.statusCode !== 200) throw new Error(`KYC token failed: ${session.statusCode} ${session.body}`);
  const { token, applicantId } = json<{ token: string; applicantId: string }>(session);
  const page = (url: string, payload: object) =>
    app.inject({ method: 'POST', url: `/websdk/api${url}`, headers: { 'x-access-token': token }, payload });
  const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), randomBytes(256)]);
  await page('/applicant/document', { contentType: 'image/jpeg', data: jpeg.toString('base64') });
  const submitted = await page('/applicant/submit', {
    firstName: identity.firstName ?? 'Ada',
    lastName: 'Lovelace',
    dob: '1990-12-10',
    country: 'GBR',
    idDocType: 'PASSPORT',
    number: 'X1234567Z',
  });
  if (submitted.statusCode !== 200) throw new Error(`KYC submit failed: ${submitted.body}`);
  const status = json<{ status: string }>(await callApi(app, 'GET', '/api/kyc/verification-status', who));
  if (status.status !== 'verified') throw new Error(`KYC not verified: ${status.status}`);
  return { applicantId };
}

/** The mails the embedded transport wrote to `to`, newest first, read from their files. */
export async function mailsTo(t: Pick<TestApp, 'app' | 'config'>, to: string) {
  const rows = await t.app.container.outbox.list(500);
  return rows
    .filter((row) => row.to === to)
    .map((row) => ({
      ...row,
      text: readFileSync(mailFile(path.join(t.config.dataDir, 'mail'), row.id), 'utf8'),
    }));
}

/** The token of the newest password-reset link mailed to `to`. */
export async function resetTokenFor(t: Pick<TestApp, 'app' | 'config'>, to: string): Promise<string> {
  const [mail] = await mailsTo(t, to);
  const token = mail && /#token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no reset link mailed to ${to}`);
  return token;
}

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
}

/** The mails the portal sent to one address, with their bodies (from the mail files). */
export async function outboxFor(app: App, email: string): Promise<OutboxMessage[]> {
  return mailsTo({ app, config: app.container.config }, email);
}
