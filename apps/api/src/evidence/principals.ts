import { randomBytes } from 'node:crypto';
import { entropyToMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { App } from '../app.js';
import type { Database } from '../db/client.js';
import { LOCAL_SEED_SECRET } from '../providers/custody/custody.local.js';
import { seedFromEntropy } from '../providers/custody/hd-wallet.js';
import type { Envelope, MasterKey } from '../secrets/envelope.js';
import { callApi, json, type Registered } from '../test/test-app.js';

/** One answer the suite received, with the credential it was asked with (for "whose is this"). */
export interface Exchange {
  method: string;
  url: string;
  token: string | undefined;
  status: number;
  headers: string;
  body: Buffer;
}

/**
 * Records every answer `app.inject` gives from now on, fixtures included, so that the leak checks
 * cover the whole suite. The SSE stream never ends: it is read up to its headers, then dropped.
 */
export function captureExchanges(app: App): Exchange[] {
  const exchanges: Exchange[] = [];
  const inject = app.inject.bind(app);
  const record = (options: InjectOptions, response: LightMyRequestResponse, body: Buffer) => {
    const headers = options.headers ?? {};
    const auth = headers.authorization;
    const accessToken = headers['x-access-token'];
    exchanges.push({
      method: (options.method ?? 'GET').toString().toUpperCase(),
      url: String(options.url),
      token:
        typeof auth === 'string'
          ? auth.replace(/^Bearer /, '')
          : typeof accessToken === 'string'
            ? accessToken
            : undefined,
      status: response.statusCode,
      headers: JSON.stringify(response.headers),
      body,
    });
  };
  app.inject = ((options?: InjectOptions | string, callback?: unknown) => {
    if (typeof options !== 'object' || callback)
      return (inject as (...args: unknown[]) => unknown)(options, callback);
    if (String(options.url).startsWith('/api/events')) {
      const abort = new AbortController();
      return inject({ ...options, payloadAsStream: true, signal: abort.signal }).then((response) => {
        response.stream().on('error', () => {});
        abort.abort();
        record(options, response, Buffer.alloc(0));
        return response;
      });
    }
    return inject(options).then((response) => {
      record(options, response, response.rawPayload);
      return response;
    });
  }) as App['inject'];
  return exchanges;
}

/** An access token whose payload claims the admin role, its signature left as it was. */
export function tamper(token: string): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  const forged = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
  return `${header}.${forged}.${signature}`;
}

/**
 * passKyc with a document whose bytes the caller knows: the suite greps every answer for them.
 * The sandbox approves at once and then deletes the document.
 */
export async function passKycWith(
  app: App,
  who: { token: string },
  document: Buffer,
): Promise<{ applicantId: string; websdkToken: string }> {
  const session = await callApi(app, 'POST', '/api/kyc/token', who);
  const { token, applicantId } = json<{ token: string; applicantId: string }>(session);
  const page = (url: string, payload: object) =>
    app.inject({ method: 'POST', url: `/websdk/api${url}`, headers: { 'x-access-token': token }, payload });
  const uploaded = await page('/applicant/document', {
    contentType: 'image/jpeg',
    data: document.toString('base64'),
  });
  if (uploaded.statusCode !== 200) throw new Error(`KYC upload failed: ${uploaded.body}`);
  const submitted = await page('/applicant/submit', {
    firstName: 'Ada',
    lastName: 'Lovelace',
    dob: '1990-12-10',
    country: 'GBR',
    idDocType: 'PASSPORT',
    number: `P${randomBytes(4).toString('hex').toUpperCase()}`,
  });
  if (submitted.statusCode !== 200) throw new Error(`KYC submit failed: ${submitted.body}`);
  return { applicantId, websdkToken: token };
}

export const jpegWithCanary = () =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), randomBytes(512)]);
export const pdfWithCanary = () => Buffer.concat([Buffer.from('%PDF-1.7\n', 'latin1'), randomBytes(512)]);

/** The forms a secret takes in an answer: the bytes, hex, base64 and base64url. */
export function formsOf(secret: Buffer): Buffer[] {
  const texts = [
    secret.toString('hex'),
    secret.toString('base64'),
    secret.toString('base64url'),
    secret.toString('hex').toUpperCase(),
  ];
  return [secret, ...texts.map((text) => Buffer.from(text))].filter((form) => form.length >= 16);
}

const rows = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as { rows: T[] }).rows;

/**
 * What must never be in any answer, read from the database as stored: password hashes, hashes of
 * refresh, reset, share and WebSDK tokens and of recovery codes, sealed values and every part of
 * every envelope (wrapped data keys, ciphertexts), and the platform's own secrets opened with the
 * master key (custody seed entropy, its mnemonic and BIP39 seed, signing keys).
 */
export async function storedSecrets(
  database: Database,
  masterKey: MasterKey,
): Promise<Map<string, Buffer[]>> {
  const found = new Map<string, Buffer[]>();
  const add = (name: string, value: string | Buffer | null | undefined) => {
    if (!value) return;
    const bytes = typeof value === 'string' ? Buffer.from(value) : value;
    const forms = typeof value === 'string' ? [bytes] : formsOf(bytes);
    found.set(name, [...(found.get(name) ?? []), ...forms.filter((form) => form.length >= 16)]);
  };
  const column = async (label: string, query: ReturnType<typeof sql>) => {
    for (const row of await rows<{ value: string | null }>(database, query)) add(label, row.value);
  };
  await column('password hash', sql`select password_hash as value from users`);
  await column('refresh-token hash', sql`select token_hash as value from refresh_tokens`);
  await column('sealed refresh successor', sql`select successor_sealed as value from refresh_tokens`);
  await column('password-reset hash', sql`select token_hash as value from password_resets`);
  await column('TOTP secret (sealed)', sql`select secret_sealed as value from two_factor`);
  await column('recovery-code hash', sql`select code_hash as value from recovery_codes`);
  await column('sign-in ticket hash', sql`select ticket_hash as value from sign_in_challenges`);
  await column('share-link hash', sql`select token_hash as value from credential_shares`);
  await column('WebSDK token hash', sql`select token_hash as value from kyc_sandbox_tokens`);
  await column('verified KYC data (sealed)', sql`select verified_data_sealed as value from kyc_applicants`);
  await column('KYC submission (sealed)', sql`select info_sealed as value from kyc_sandbox_applicants`);
  await column('PKCE verifier (sealed)', sql`select code_verifier_sealed as value from oidc_attempts`);
  const envelopes = await rows<{ label: string; envelope: Envelope }>(
    database,
    sql`select 'platform secret' as label, envelope from secrets
        union all select 'DID key', key_envelope from dids
        union all select 'KYB document', envelope from kyb_documents
        union all select 'KYC document', envelope from kyc_sandbox_documents`,
  );
  for (const { label, envelope } of envelopes) {
    add(`${label} wrapped key`, envelope.wrappedKey);
    add(`${label} ciphertext`, envelope.ciphertext);
  }
  for (const row of await rows<{ name: string; envelope: Envelope }>(
    database,
    sql`select name, envelope from secrets`,
  )) {
    const plain = masterKey.open(row.envelope, `secret|${row.name}`);
    add(`platform secret ${row.name}`, plain);
    if (row.name === LOCAL_SEED_SECRET) {
      add('custody mnemonic', entropyToMnemonic(plain, wordlist));
      add('custody BIP39 seed', Buffer.from(await seedFromEntropy(plain)));
    }
  }
  found.set('argon2 hash prefix', [Buffer.from('$argon2id$')]);
  return found;
}

/**
 * Everything the database holds for one user (or issuer): every row of every table keyed by
 * user_id or issuer_id, and the user row. A write that must not land leaves it equal.
 */
export async function ownedState(database: Database, id: string): Promise<string[]> {
  const tables = await rows<{ table_name: string; column_name: string }>(
    database,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = current_schema() and column_name in ('user_id', 'issuer_id')
        order by table_name, column_name`,
  );
  const state = [
    ...(
      await rows<{ row: string }>(
        database,
        sql`select row_to_json(u)::text as row from users u where id = ${id}`,
      )
    ).map((r) => `users ${r.row}`),
  ];
  for (const { table_name: table, column_name: column } of tables) {
    const found = await rows<{ row: string }>(
      database,
      // A session's last use moves with every signed-in request; it is bookkeeping, not a write.
      sql`select (row_to_json(t)::jsonb - 'last_used_at')::text as row from ${sql.identifier(table)} t where ${sql.identifier(column)} = ${id}`,
    );
    state.push(...found.map((r) => `${table} ${r.row}`).sort());
  }
  return state;
}

/** A fresh session of an existing account (a second device). */
export async function signIn(app: App, who: Registered): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: who.email, password: who.password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return json<{ token: string }>(response).token;
}
