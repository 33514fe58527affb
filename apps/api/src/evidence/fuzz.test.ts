import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RoutePolicy } from '../plugins/policy.js';
import { recordEvidence } from '../test/evidence.js';
import { deployedToken, issuerAccount, openListing, verifiedInvestor } from '../test/market-fixtures.js';
import {
  bearer,
  callApi,
  createAdmin,
  createTestApp,
  json,
  register,
  type Registered,
} from '../test/test-app.js';
import { injectionPayloads, stringPaths, valueFor, withValueAt } from './arbitraries.js';

/**
 * Input fuzzing (ADR 48): every route fuzzed from its own zod schemas (≥300 cases
 * each, replayable with FUZZ_SEED), every body-taking route fed oversized, deep and mistyped
 * bodies, and every string field fed SQL-injection and control-character payloads.
 */
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : randomInt(2 ** 31);
console.log(`fuzz seed ${seed} (replay with FUZZ_SEED=${seed})`);
const RUNS = 300;

/** Each route's own body limit (some upload routes allow more), as Fastify reports it. */
const bodyLimits = new Map<string, number>();
const t = await createTestApp({
  // Empty path segments and stray parameters are the fuzzer's, not the API's: not replayed.
  recordTraffic: false,
  configure(app) {
    app.addHook('onRequest', async (request) => {
      bodyLimits.set(`${request.method} ${request.routeOptions.url}`, request.routeOptions.bodyLimit);
    });
  },
  env: {
    RATE_LIMIT_GOOGLE_PER_MINUTE: '100000',
    RATE_LIMIT_CREDENTIAL_VERIFY_PER_MINUTE: '100000',
    RATE_LIMIT_FORGOT_PER_ACCOUNT_PER_HOUR: '100000',
  },
});
afterAll(() => t.close());

interface RouteSchema {
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  headers?: z.ZodType;
  response?: Record<string, z.ZodType>;
}
interface Route {
  method: string;
  url: string;
  policy: RoutePolicy | undefined;
  schema: RouteSchema;
}

/**
 * HEAD routes are Fastify's automatic twins of the GET routes fuzzed here (same handler and
 * schemas). The SSE stream never ends and has no input schema; its access is the access-control
 * suite's.
 */
const EXCLUDED = new Set(['GET /api/events']);
const routes: Route[] = t.app
  .routeInventory()
  .filter((route) => route.method !== 'HEAD' && !EXCLUDED.has(`${route.method} ${route.url}`))
  .map((route) => ({ ...route, schema: (route.schema ?? {}) as RouteSchema }));
const bodyRoutes = routes.filter((route) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method));
const key = (route: Route) => `${route.method} ${route.url}`;
const ZERO = '00000000-0000-4000-8000-000000000000';

const figures = {
  cases: 0,
  /** Fuzz cases answered 2xx: inputs that got past validation to the handler. */
  accepted2xx: 0,
  fiveHundreds: 0,
  schemaViolations: 0,
  oversized413: 0,
  deep400: 0,
  contentType415: 0,
  injectionPayloads: 0,
  /** Payload requests answered 2xx: each checked for verbatim storage. */
  injectionAccepted: 0,
  /** Rows found holding an accepted payload, each holding it verbatim. */
  injectionStoredRows: 0,
  injectionChanges: 0,
};

let admin: Registered;
let issuer: Registered;
let investor: Awaited<ReturnType<typeof verifiedInvestor>>;
let websdkToken: string;
/** Ids of real rows, tried often for path params and fields of these names. */
let known: Record<string, string[]>;
/** Per route, the first input the fuzzer saw accepted: the base of the payload sweep. */
const accepted = new Map<string, Input>();

beforeAll(async () => {
  admin = await createAdmin(t.app);
  issuer = await issuerAccount(t.app);
  investor = await verifiedInvestor(t.app);
  const bystander = await register(t.app);
  websdkToken = json<{ token: string }>(await callApi(t.app, 'POST', '/api/kyc/token', bystander)).token;
  const token = await deployedToken(t.app, issuer.user.id);
  const listing = await openListing(t.app, token);
  known = {
    id: [token.id, listing.id],
    escrowId: [listing.id],
    listingId: [listing.id],
    tokenId: [token.id],
    userId: [bystander.user.id],
    did: [investor.did],
  };
  // Background jobs would write rows while the payload sweep compares row counts; the fuzz is
  // about what HTTP answers, so the workers stop once the fixtures are in place.
  await t.app.container.jobs.stop();
}, 120_000);

afterAll(() => {
  recordEvidence('input', { routes: routes.length, seed, ...figures });
});

/** Who calls a route: a session its policy admits; public routes and webhooks are anonymous. */
function headersFor(route: Route): Record<string, string> {
  if (route.url.startsWith('/websdk/api')) return { 'x-access-token': websdkToken };
  if (!Array.isArray(route.policy)) return {};
  const roles = route.policy as readonly string[];
  const who = roles.includes('investor') ? investor : roles.includes('issuer') ? issuer : admin;
  return bearer(who.token);
}

interface Input {
  params: unknown;
  query: unknown;
  body: unknown;
  headers: unknown;
}

const paramNames = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)|\*$/g)].map((m) => m[1] ?? '*');
const text = (value: unknown) =>
  typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);
/** A URL carries UTF-8: a lone surrogate cannot be percent-encoded, so it travels as U+FFFD. */
const encode = (value: unknown) => encodeURIComponent(Buffer.from(text(value)).toString());
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** Numbers JSON.stringify cannot write (1e309, -0): marked strings, unquoted after stringifying. */
const RAW = '\uE000';
const rawNumbers = ['1e309', '-1e309', '-0', '1.00000000000000000000001', '123456789012345678901234567890'];
const serialise = (value: unknown) =>
  JSON.stringify(value).replace(new RegExp(`"${RAW}([^"]*)"`, 'g'), (_match, number: string) => number);

function caseFor(route: Route, hostileWeight: number): fc.Arbitrary<Input> {
  const names = paramNames(route.url);
  const options = { hostileWeight, known };
  const params = route.schema.params ?? z.object(Object.fromEntries(names.map((name) => [name, z.string()])));
  const unsafe = bodyRoutes.includes(route);
  const body = valueFor(route.schema.body ?? z.object({}), options);
  return fc.record({
    params: names.length ? valueFor(params, options) : fc.constant({}),
    query: valueFor(route.schema.querystring ?? z.object({}), options),
    body: unsafe
      ? fc.oneof(
          { weight: 16, arbitrary: body },
          { weight: 1, arbitrary: fc.constant(undefined) },
          { weight: 1, arbitrary: fc.constantFrom(...rawNumbers.map((number) => RAW + number)) },
        )
      : fc.constant(undefined),
    headers: route.schema.headers ? valueFor(route.schema.headers, options) : fc.constant({}),
  });
}

function requestFor(route: Route, input: Input): InjectOptions {
  const params = record(input.params);
  const url = route.url.replace(/:([A-Za-z0-9_]+)|\*$/g, (_match, name: string | undefined) =>
    encode(params[name ?? '*']),
  );
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(record(input.query)))
    for (const item of [value].flat()) query.append(name, text(item));
  const headers: Record<string, string> = { ...headersFor(route) };
  // Header values travel as text; those no HTTP client could send are sent percent-encoded.
  for (const [name, value] of Object.entries(record(input.headers)))
    headers[name] = /^[\x20-\x7e]*$/.test(text(value)) ? text(value) : encode(value);
  const search = query.toString();
  return {
    method: route.method as InjectOptions['method'],
    url: search ? `${url}?${search}` : url,
    headers: input.body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(input.body === undefined ? {} : { payload: serialise(input.body) }),
  };
}

/** Statuses docs/product.md §7.1 allows besides 2xx and redirects, and the router's 414 (a path param over 100 characters). */
const CLIENT_ERRORS = new Set([400, 401, 403, 404, 409, 413, 414, 415, 422, 429]);

/** What is wrong with an answer: a 5xx, a status outside docs/product.md §7.1, or a body its schema refuses. */
function problemOf(route: Route, response: LightMyRequestResponse): string | undefined {
  const status = response.statusCode;
  if (status >= 500) {
    figures.fiveHundreds += 1;
    return `${status} ${response.body.slice(0, 300)}`;
  }
  if (status >= 400 && !CLIENT_ERRORS.has(status)) return `status ${status} is not in docs/product.md §7.1`;
  const schema = route.schema.response?.[String(status)];
  const violation = (reason: string) => {
    figures.schemaViolations += 1;
    return `${status} ${reason}: ${response.body.slice(0, 300)}`;
  };
  if (!schema) return route.schema.response && status < 300 ? violation('undeclared status') : undefined;
  if (status === 204 || (status >= 300 && status < 400))
    return response.body === '' ? undefined : violation('body');
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return violation('not JSON');
  }
  // The serializer encodes with the schema; the wire form is what decoding reads back.
  const decoded = z.safeDecode(schema, body as never);
  return decoded.success ? undefined : violation(z.prettifyError(decoded.error));
}

/** Routes whose accepted cases hash a password (argon2id, tens of ms): mostly hostile input. */
const HEAVY = new Set([
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/reset-password',
  'POST /api/auth/change-password',
  'POST /api/auth/deactivate',
  'POST /api/auth/two-factor/disable',
]);

describe('I1: schema fuzz of every route', () => {
  it('covers every route but the HEAD twins and the exclusions, which still exist', () => {
    const all = t.app.routeInventory().map((route) => `${route.method} ${route.url}`);
    expect(all).toEqual(expect.arrayContaining([...EXCLUDED]));
    expect(routes.length).toBe(all.filter((route) => !route.startsWith('HEAD ')).length - EXCLUDED.size);
  });

  for (const route of routes) {
    it(`${key(route)}: ${RUNS} cases, no 5xx, every answer matches its schema`, async () => {
      const hostileWeight = HEAVY.has(key(route)) ? 6 : 1;
      await fc.assert(
        fc.asyncProperty(caseFor(route, hostileWeight), async (input) => {
          figures.cases += 1;
          const response = await t.app.inject(requestFor(route, input));
          const problem = problemOf(route, response);
          if (problem) throw new Error(`${key(route)} → ${problem}`);
          if (response.statusCode >= 300) return;
          figures.accepted2xx += 1;
          if (!accepted.has(key(route))) accepted.set(key(route), input);
        }),
        { numRuns: RUNS, seed },
      );
    }, 120_000);
  }
});

describe('I2 and I3: oversized, deep and mistyped bodies on every body-taking route', () => {
  const limit = () => t.config.bodyLimit;
  const deepArray = '['.repeat(10_000) + ']'.repeat(10_000);
  const deepObject = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);
  const keys = (count: number) =>
    `{${Array.from({ length: count }, (_, i) => `"${i.toString(36)}":0`).join(',')}}`;
  /** As many keys as fit under the body limit: the parser and the schema see them all. */
  const mostKeys = () => {
    let count = 1000;
    while (keys(count * 2).length < limit()) count *= 2;
    return keys(count);
  };
  const send = (route: Route, payload: string, headers: Record<string, string>) =>
    t.app.inject({
      method: route.method as InjectOptions['method'],
      url: route.url.replace(/:[A-Za-z0-9_]+/g, ZERO),
      headers: { ...headersFor(route), ...headers },
      payload,
    });
  const asJson = { 'content-type': 'application/json' };

  it("the route's bodyLimit + 1 bytes → 413; 100k keys → 413 over the limit, else 400", async () => {
    const hundredThousandKeys = keys(100_000);
    for (const route of bodyRoutes) {
      await send(route, '{}', asJson);
      const routeLimit = bodyLimits.get(key(route))!;
      const oversized = `"${'x'.repeat(routeLimit - 1)}"`;
      expect((await send(route, oversized, asJson)).statusCode, key(route)).toBe(413);
      figures.oversized413 += 1;
      const status = (await send(route, hundredThousandKeys, asJson)).statusCode;
      expect(status, key(route)).toBe(hundredThousandKeys.length > routeLimit ? 413 : 400);
      if (status === 413) figures.oversized413 += 1;
    }
  });

  it('10,000-deep arrays and objects → 400; as many keys as fit → no 5xx, 400 where a schema reads the body', async () => {
    const manyKeys = mostKeys();
    for (const route of bodyRoutes) {
      for (const deep of [deepArray, deepObject, `{"credential":${deepObject}}`]) {
        expect((await send(route, deep, asJson)).statusCode, key(route)).toBe(400);
        figures.deep400 += 1;
      }
      const status = (await send(route, manyKeys, asJson)).statusCode;
      // The KYC webhook has a smaller limit of its own (413); a route without a body ignores it.
      if (route.schema.body) expect([400, 413], key(route)).toContain(status);
      else expect(status, key(route)).toBeLessThan(500);
    }
  });

  it('a Content-Length that does not match the body → 400', async () => {
    const body = '{"email":"a@b.co","password":"secret12345"}';
    for (const route of bodyRoutes)
      for (const length of [body.length + 10, body.length - 10])
        expect(
          (await send(route, body, { ...asJson, 'content-length': String(length) })).statusCode,
          `${key(route)} ${length}`,
        ).toBe(400);
  });

  it('text/plain, application/xml and a body without a content type → 415', async () => {
    for (const route of bodyRoutes) {
      for (const [type, payload] of [
        ['text/plain', '{"a":1}'],
        ['application/xml', '<a>1</a>'],
        [undefined, '{"a":1}'],
      ] as const) {
        const response = await send(route, payload, type ? { 'content-type': type } : {});
        expect(response.statusCode, `${key(route)} ${type}`).toBe(415);
        expect(json(response), `${key(route)} ${type}`).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
        figures.contentType415 += 1;
      }
    }
  });
});

describe('I4: SQL-injection and control-character payloads in every string field', () => {
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

  it('each is refused with a 4xx leaving every table as it was, or accepted and stored verbatim', async () => {
    const tables = (
      await rows<{ name: string }>(
        sql`select table_name as name from information_schema.tables
            where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
      )
    ).map((row) => row.name);
    const textColumns = await rows<{ table: string; column: string }>(
      sql`select table_name as table, column_name as column from information_schema.columns
          where table_schema = current_schema() and data_type in ('text', 'character varying', 'json', 'jsonb')`,
    );
    const counts = async () =>
      Object.fromEntries(
        (
          await rows<{ name: string; count: string }>(
            sql.join(
              tables.map(
                (name) => sql`select ${name} as name, count(*) as count from ${sql.identifier(name)}`,
              ),
              sql` union all `,
            ),
          )
        ).map((row) => [row.name, Number(row.count)]),
      );
    /** Every stored text holding `marker` (case-insensitive), read back as the database has it. */
    const storedWith = async (marker: string) => {
      const found: string[] = [];
      for (const name of tables) {
        const columns = textColumns.filter((column) => column.table === name);
        if (!columns.length) continue;
        const joined = sql.join(
          columns.map((column) => sql`${sql.identifier(column.column)}::text`),
          sql`, `,
        );
        const hits = await rows<{ text: string }>(
          sql`select concat_ws(' | ', ${joined}) as text from ${sql.identifier(name)}
              where strpos(lower(concat_ws(' | ', ${joined})), ${marker}) > 0`,
        );
        found.push(...hits.map((hit) => hit.text));
      }
      return found;
    };

    const failures: string[] = [];
    let before = await counts();
    let sent = 0;
    for (const route of routes) {
      const base = accepted.get(key(route)) ?? fc.sample(caseFor(route, 0), { numRuns: 1, seed })[0]!;
      const names = paramNames(route.url);
      const fields: Array<[keyof Input, string[]]> = [
        ...names.map((name): [keyof Input, string[]] => ['params', [name]]),
        ...(route.schema.querystring ? stringPaths(route.schema.querystring) : []).map(
          (path): [keyof Input, string[]] => ['query', path],
        ),
        ...(route.schema.body ? stringPaths(route.schema.body) : []).map((path): [keyof Input, string[]] => [
          'body',
          path,
        ]),
      ];
      for (const [part, path] of fields) {
        for (const payload of injectionPayloads) {
          sent += 1;
          const marker = `qz${sent}q`;
          const value = marker + payload;
          const input = { ...base, [part]: withValueAt(base[part], path, value) };
          const response = await t.app.inject(requestFor(route, input));
          const where = `${key(route)} ${part}.${path.join('.')} ${JSON.stringify(payload)} → ${response.statusCode}`;
          if (response.statusCode >= 500) failures.push(`${where} ${response.body.slice(0, 200)}`);
          const after = await counts();
          if (response.statusCode >= 400) {
            const changed = tables.filter((name) => before[name] !== after[name]);
            if (changed.length) failures.push(`${where}: refused, yet rows changed in ${changed.join(', ')}`);
          } else {
            figures.injectionAccepted += 1;
            const escaped = JSON.stringify(value).slice(1, -1).toLowerCase();
            for (const stored of await storedWith(marker)) {
              const lower = stored.toLowerCase();
              if (!lower.includes(value.toLowerCase()) && !lower.includes(escaped))
                failures.push(`${where}: stored as ${stored.slice(0, 200)}`);
              else figures.injectionStoredRows += 1;
            }
          }
          before = after;
        }
      }
    }
    figures.injectionPayloads = sent;
    figures.injectionChanges = failures.length;
    expect(failures).toEqual([]);
  }, 600_000);
});
