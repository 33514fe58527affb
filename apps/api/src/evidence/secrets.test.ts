import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { entropyToMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { eq, sql, type SQL } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { localCustodyAccounts, secrets } from '../db/schema/index.js';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../modules/auth/session-cookies.js';
import { GOOGLE_COOKIE } from '../modules/auth/google.routes.js';
import { LOCAL_SEED_SECRET } from '../providers/custody/custody.local.js';
import { seedFromEntropy, withEvmPrivateKey } from '../providers/custody/hd-wallet.js';
import { MasterKey, type Envelope } from '../secrets/envelope.js';
import { recordEvidence } from '../test/evidence.js';
import { startOidcServer, type OidcTestServer } from '../test/oidc-server.js';
import {
  callApi,
  createTestApp,
  json,
  openShared,
  register,
  resetTokenFor,
  shareTokenOf,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../test/test-app.js';
import { createPostgresDatabase, testDatabaseUrl } from '../test/test-database.js';

/**
 * Secrets at rest and in logs (ADR 48): secrets seeded through the product's own paths
 * never reach the database in the clear (a pg_dump on PostgreSQL; the data files and every row
 * on PGlite), nor any log line the portal wrote during the suite.
 */
const unique = () => randomBytes(9).toString('hex');
const masterKey = randomBytes(32);
const metricsToken = `canary-metrics-${unique()}`;
const CALLBACK = `${TEST_PUBLIC_URL}/api/auth/google/callback`;

/** Name → secret bytes; each is looked for as is, in hex and in base64 at every alignment. */
const canaries = new Map<string, Buffer>();
const plant = (name: string, value: string | Uint8Array) =>
  canaries.set(name, typeof value === 'string' ? Buffer.from(value, 'utf8') : Buffer.from(value));

/** Stored in the clear on purpose: proof that the dump is searchable at all. */
let control: string;

let op: OidcTestServer;
let t: TestApp;
let database: Database;
let dump: () => Promise<Buffer>;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  op = await startOidcServer({ redirectUri: CALLBACK });
  if (testDatabaseUrl) {
    const created = await createPostgresDatabase(testDatabaseUrl);
    database = await openDatabase({ databaseUrl: created.url });
    dump = async () => execFileSync('pg_dump', ['--no-owner', created.url], { maxBuffer: 1 << 30 });
    cleanup = async () => {
      await database.close();
      await created.drop();
    };
  } else {
    // On disk, so the files themselves can be read: what a stolen disk or backup holds.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-secrets-'));
    database = await openDatabase({ dataDir });
    dump = async () => {
      // Every row as text (values the storage compresses), then every byte of every file.
      const rows = await logicalDump(database);
      await database.db.execute(sql`checkpoint`);
      return Buffer.concat([rows, ...filesUnder(dataDir).map((file) => readFileSync(file))]);
    };
    cleanup = async () => {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    };
  }
  t = await createTestApp({
    database,
    overrides: { masterKey: new MasterKey(masterKey) },
    env: {
      // Every level: a secret logged at debug or trace is logged all the same.
      LOG_LEVEL: 'trace',
      // The document stays pending, so it is still stored when the database is dumped.
      KYC_SANDBOX_AUTO_APPROVE: 'false',
      METRICS_TOKEN: metricsToken,
      GOOGLE_CLIENT_ID: op.clientId,
      GOOGLE_CLIENT_SECRET: op.clientSecret,
      GOOGLE_ISSUER: op.issuer,
    },
  });
  plant('master key', masterKey);
  plant('metrics token', metricsToken);
  plant('Google client secret', op.clientSecret);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await op?.close();
  await cleanup?.();
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Every row of every table as JSON text, the way a logical backup holds it. */
async function logicalDump(from: Database): Promise<Buffer> {
  // Both drivers answer `{ rows }`; the shared Db type does not say so.
  const query = async <T>(statement: SQL) =>
    ((await from.db.execute(statement)) as unknown as { rows: T[] }).rows;
  const tables = await query<{ name: string }>(
    sql`select format('%I.%I', table_schema, table_name) as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
  );
  const lines: string[] = [];
  for (const { name } of tables) {
    const rows = await query<{ row: string }>(sql.raw(`select row_to_json(t)::text as row from ${name} t`));
    lines.push(...rows.map(({ row }) => row));
  }
  return Buffer.from(lines.join('\n'));
}

/** Base64 text that only the secret's own bytes determine, for each alignment in a longer stream. */
function base64Forms(secret: Buffer): string[] {
  return [0, 1, 2].flatMap((shift) => {
    const start = Math.ceil((8 * shift) / 6);
    const end = Math.floor((8 * (shift + secret.length)) / 6);
    const encoded = Buffer.concat([Buffer.alloc(shift), secret]);
    return [encoded.toString('base64'), encoded.toString('base64url')].map((text) => text.slice(start, end));
  });
}

/** The forms a secret may take when stored or logged: raw, hex (either case), base64(url). */
const formsOf = (secret: Buffer): Buffer[] =>
  [
    secret,
    Buffer.from(secret.toString('hex')),
    Buffer.from(secret.toString('hex').toUpperCase()),
    ...base64Forms(secret).map((text) => Buffer.from(text)),
  ].filter((form, index, all) => form.length >= 8 && all.findIndex((other) => other.equals(form)) === index);

/** `name (form)` for every canary found in `haystack`. */
function findCanaries(haystack: Buffer): string[] {
  return [...canaries].flatMap(([name, secret]) =>
    formsOf(secret)
      .filter((form) => haystack.includes(form))
      .map((form) => `${name} (${form.toString('utf8', 0, 24)}…)`),
  );
}

describe('canary secrets, seeded through the product', () => {
  it('passwords, session tokens and cookies (register, sign in, refresh, reset)', async () => {
    const password = `canary-password-${unique()}`;
    const account = await register(t.app, { password });
    control = account.email;
    plant('password', password);
    plant('access token', account.token);
    plant('refresh token', account.refreshToken);

    const refreshed = json<{ token: string; refreshToken: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refreshToken: account.refreshToken },
      }),
    );
    plant('rotated refresh token', refreshed.refreshToken);

    const cookieLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: TEST_PUBLIC_URL, 'x-portal-csrf': '1' },
      payload: { email: account.email, password, session: 'cookie' },
    });
    for (const name of [ACCESS_COOKIE, REFRESH_COOKIE]) {
      const cookie = cookieLogin.cookies.find((c) => c.name === name);
      expect(cookie, name).toBeDefined();
      plant(`${name} cookie`, cookie!.value);
    }

    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: account.email },
    });
    const resetToken = await resetTokenFor(t, account.email);
    plant('password-reset token', resetToken);
    const newPassword = `canary-new-password-${unique()}`;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: resetToken, password: newPassword, confirmPassword: newPassword },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    plant('reset password', newPassword);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.email, password: newPassword },
    });
    expect(login.statusCode).toBe(200);
  });

  it('a TOTP secret and recovery codes (two-factor enrolment and sign-in)', async () => {
    const who = await register(t.app);
    const { secret } = json<{ secret: string }>(
      await callApi(t.app, 'POST', '/api/auth/two-factor/setup', who),
    );
    plant('TOTP secret (base32)', secret);
    plant('TOTP secret', Secret.fromBase32(secret).bytes);
    const code = () =>
      new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: t.clock.now().getTime() });
    const enabled = await callApi(t.app, 'POST', '/api/auth/two-factor/enable', who, { code: code() });
    expect(enabled.statusCode, enabled.body).toBe(200);
    json<{ recoveryCodes: string[] }>(enabled).recoveryCodes.forEach((recovery, i) =>
      plant(`recovery code ${i}`, recovery),
    );
    t.clock.advance(30_000);

    const challenge = json<{ ticket: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: who.email, password: who.password },
      }),
    );
    plant('sign-in ticket', challenge.ticket);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/two-factor',
      payload: { ticket: challenge.ticket, code: code() },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    plant('two-factor access token', json<{ token: string }>(signedIn).token);
  });

  it('custody: the wallet seed, its mnemonic and a vault key (vault creation)', async () => {
    const who = await register(t.app);
    const created = await callApi(t.app, 'POST', '/api/vault/create', who, {});
    expect(created.statusCode, created.body).toBe(201);
    const [account] = await database.db
      .select()
      .from(localCustodyAccounts)
      .where(eq(localCustodyAccounts.customerRefId, who.user.id));
    expect(account).toBeDefined();

    // Every secret the portal generated for itself (seed, signing keys, webhook secret…).
    for (const row of await database.db.select().from(secrets)) {
      plant(
        `stored secret ${row.name}`,
        new MasterKey(masterKey).open(row.envelope as Envelope, `secret|${row.name}`),
      );
    }
    const entropy = canaries.get(`stored secret ${LOCAL_SEED_SECRET}`)!;
    expect(entropy).toBeDefined();
    plant('custody mnemonic', entropyToMnemonic(entropy, wordlist));
    const seed = await seedFromEntropy(entropy);
    plant('custody BIP39 seed', seed);
    await withEvmPrivateKey(
      seed,
      account!.accountIndex,
      async (key) => void plant('vault EVM private key', key.slice(2)),
    );
  });

  it('a KYC document and identity number (sandbox upload, pending review)', async () => {
    const who = await register(t.app);
    const session = json<{ token: string }>(await callApi(t.app, 'POST', '/api/kyc/token', who));
    plant('WebSDK access token', session.token);
    const page = (url: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/websdk/api${url}`,
        headers: { 'x-access-token': session.token },
        payload,
      });
    const passportScan = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
      Buffer.from(`canary-passport-scan-${unique()}`),
      randomBytes(2048),
    ]);
    plant('KYC document', passportScan.subarray(6, 60));
    const uploaded = await page('/applicant/document', {
      contentType: 'image/jpeg',
      data: passportScan.toString('base64'),
    });
    expect(uploaded.statusCode, uploaded.body).toBeLessThan(300);
    const number = `CANARY${unique().toUpperCase()}`;
    plant('passport number', number);
    const submitted = await page('/applicant/submit', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      dob: '1990-12-10',
      country: 'GBR',
      idDocType: 'PASSPORT',
      number,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(
      json<{ status: string }>(await callApi(t.app, 'GET', '/api/kyc/verification-status', who)).status,
    ).toBe('pending');
  });

  it('Google sign-in: client secret, authorization code, session cookie (OpenID Connect round trip)', async () => {
    op.signInAs({ sub: `google-${unique()}`, email: `canary.${unique()}@example.com`, emailVerified: true });
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/google/start?intent=register' });
    expect(start.statusCode, start.body).toBe(302);
    const binding = start.cookies.find((cookie) => cookie.name === GOOGLE_COOKIE)!.value;
    const back = await op.authorize(String(start.headers.location));
    plant('authorization code', back.searchParams.get('code')!);
    const callback = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      cookies: { [GOOGLE_COOKIE]: binding },
    });
    expect(callback.statusCode, callback.body).toBe(302);
    expect(String(callback.headers.location)).toContain('google=signed-in');
    plant('Google access cookie', callback.cookies.find((cookie) => cookie.name === ACCESS_COOKIE)!.value);
  });

  it('a credential share link (shared, then opened by a verifier)', async () => {
    const holder = await register(t.app);
    expect((await callApi(t.app, 'POST', '/api/did/start', holder)).statusCode).toBe(200);
    const issued = await t.app.container.credentials.issue({
      userId: holder.user.id,
      type: 'TokenPurchaseCredential',
      subject: await t.app.container.credentials.investorSubject(holder.user.id),
    });
    const created = await callApi(t.app, 'POST', '/api/credentials/shares', holder, {
      cid: issued.cid,
      days: 2,
    });
    expect(created.statusCode, created.body).toBe(201);
    const link = new URL(json<{ share: { url: string } }>(created).share.url);
    const token = shareTokenOf(link.href);
    plant('share token', token);
    // The verifier opens the link (the web app's page; the fragment stays in the browser), and
    // the page asks for the credential.
    await t.app.inject({ method: 'GET', url: link.pathname });
    expect((await openShared(t.app, token)).statusCode).toBe(200);
  });

  it('the metrics token (a scrape)', async () => {
    const scrape = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${metricsToken}` },
    });
    expect(scrape.statusCode).toBe(200);
  });
});

describe('where the canaries must not be', () => {
  it('the database dump: no canary in the clear, in hex or in base64 (D1)', async () => {
    const bytes = await dump();
    expect(bytes.includes(Buffer.from(control))).toBe(true);
    const hits = findCanaries(bytes);
    expect(hits).toEqual([]);
    recordEvidence('secrets', { dumpHits: hits.length, dumpBytes: bytes.length });
  });

  it('the logs: no canary, authorization value, JWT or password field in any line (D4)', () => {
    const log = t.logs.join('');
    const lines = log.split('\n').filter(Boolean);
    const hits = [
      ...findCanaries(Buffer.from(log)),
      ...lines
        .filter((line) => /authorization"?\s*[:=]\s*"?(bearer|basic)\s/i.test(line))
        .map(() => 'authorization value'),
      ...lines.filter((line) => /eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\./.test(line)).map(() => 'JWT'),
      ...lines
        .filter((line) => /"[a-z]*password"\s*:\s*"(?!\[redacted\])/i.test(line))
        .map(() => 'password field'),
    ];
    expect(lines.length).toBeGreaterThan(50);
    expect(hits).toEqual([]);
    recordEvidence('secrets', { canaries: canaries.size, logHits: hits.length, logLines: lines.length });
  });
});
