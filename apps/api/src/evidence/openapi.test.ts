import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@portal/shared/auth';
import { WITHOUT_CONTROL_CHARACTERS } from '@portal/shared/text';
import { ACCESS_COOKIE } from '../modules/auth/session-cookies.js';
import { recordEvidence } from '../test/evidence.js';
import { createTestApp, json, type TestApp } from '../test/test-app.js';

/** ADR 48: `/api/docs/json` describes what the server does and nothing else. */

interface Response {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: unknown }>;
}
interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { required?: boolean; content: Record<string, { schema: unknown }> };
  responses: Record<string, Response>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, unknown>;
    securitySchemes: Record<string, Record<string, string>>;
    headers: Record<string, unknown>;
  };
}

let t: TestApp;
let document: Document;
let operations: Array<{ key: string; method: string; path: string; operation: Operation }>;
const route = (key: string) => operations.find((entry) => entry.key === key)!.operation;

beforeAll(async () => {
  t = await createTestApp();
  document = json<Document>(await t.app.inject({ method: 'GET', url: '/api/docs/json' }));
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method,
      path,
      operation,
    })),
  );
});
afterAll(() => t.close());

/**
 * Names of component schemas reachable from the paths, found from the document's text (not
 * the way docs.ts prunes, so the two check each other).
 */
function referencedSchemas(): Set<string> {
  const refsIn = (value: unknown) =>
    [...JSON.stringify(value ?? null).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map(
      (match) => match[1]!,
    );
  const used = new Set(refsIn(document.paths));
  for (let size = 0; size !== used.size;) {
    size = used.size;
    for (const name of [...used]) for (const ref of refsIn(document.components.schemas[name])) used.add(ref);
  }
  return used;
}

type Check = (schema: Record<string, unknown>, types: unknown[]) => string[];

/**
 * What `check` finds wrong in each schema of `value` (a piece of the document, following its
 * component references), each at its place.
 */
function problemsIn(value: unknown, at: string, check: Check, seen = new Set<string>()): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => problemsIn(item, `${at}[${i}]`, check, seen));
  if (!value || typeof value !== 'object') return [];
  const schema = value as Record<string, unknown>;
  const found: string[] = [];
  const ref = typeof schema.$ref === 'string' ? schema.$ref.split('/').pop()! : undefined;
  if (ref && !seen.has(ref)) {
    seen.add(ref);
    found.push(...problemsIn(document.components.schemas[ref], ref, check, seen));
  }
  found.push(...check(schema, ([] as unknown[]).concat(schema.type)).map((problem) => `${at}: ${problem}`));
  for (const [key, child] of Object.entries(schema))
    if (key !== '$ref') found.push(...problemsIn(child, `${at}.${key}`, check, seen));
  return found;
}

/**
 * A string, array or integer without a bound: maxLength, maxItems, format int32/int64. Fixed
 * strings (enum, const) need none.
 */
const unbounded: Check = (schema, types) => {
  const fixed = 'enum' in schema || 'const' in schema;
  return [
    ...(types.includes('string') && !fixed && schema.maxLength === undefined ? ['string'] : []),
    ...(types.includes('array') && schema.maxItems === undefined ? ['array'] : []),
    ...(types.includes('integer') && !['int32', 'int64'].includes(schema.format as string)
      ? ['integer']
      : []),
  ];
};
const unboundedIn = (value: unknown, at: string, seen?: Set<string>) =>
  problemsIn(value, at, unbounded, seen);

/** A string that may be anything: no format, pattern, enum or const (OWASP API4 string-restricted). */
const unrestricted: Check = (schema, types) =>
  types.includes('string') && !['format', 'pattern', 'enum', 'const'].some((key) => key in schema)
    ? ['string']
    : [];

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document (@seriousme/openapi-schema-validator)', async () => {
    const result = await new Validator().validate(
      structuredClone(document) as unknown as Parameters<Validator['validate']>[0],
    );
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('names and summarises every operation, each id once', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(operations.filter(({ operation }) => !operation.operationId).map(({ key }) => key)).toEqual([]);
    expect(operations.filter(({ operation }) => !operation.summary?.trim()).map(({ key }) => key)).toEqual(
      [],
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('documents every route the server has (hidden ones aside), and no path twice', () => {
    const documented = new Set(operations.map(({ key }) => key));
    const served = t.app
      .routeInventory()
      .filter(({ method }) => method !== 'HEAD')
      .map(({ method, url }) => `${method} ${url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`);
    const hidden = served.filter((key) => !documented.has(key));
    // Hidden by design: pages for people (documentation, block explorer, sandbox page files).
    expect(hidden.filter((key) => !/^GET \/(api\/docs|explorer|websdk\/\{file\})/.test(key))).toEqual([]);
    expect([...documented].filter((key) => !served.includes(key))).toEqual([]);
    const normalised = Object.keys(document.paths).map((path) => path.replace(/\/$/, ''));
    expect(normalised.length - new Set(normalised).size).toBe(0);
    expect(document.paths['/api/did/']).toBeDefined();
    expect(document.paths['/api/did']).toBeUndefined();
  });

  it('describes bearer and cookie sessions with the CSRF header, applied by policy', () => {
    expect(document.components.securitySchemes).toEqual({
      bearer: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      session: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: ACCESS_COOKIE }),
      csrf: expect.objectContaining({ type: 'apiKey', in: 'header', name: CSRF_HEADER }),
    });
    expect(route('GET /api/auth/profile').security).toEqual([{ bearer: [] }, { session: [] }]);
    expect(route('POST /api/auth/change-password').security).toEqual([
      { bearer: [] },
      { session: [], csrf: [] },
    ]);
    // Public operations say so (OWASP API2): no scheme, rather than no word.
    expect(route('POST /api/auth/login').security).toEqual([]);
    expect(route('POST /api/kyc/webhook').security).toEqual([]);
    for (const { key, operation } of operations) expect(operation.security, key).toBeDefined();
    // A public route that identifies a caller when one is presented: a session is optional.
    expect(route('GET /ipfs/{cid}').security).toEqual([{}, { bearer: [] }, { session: [] }]);
  });

  it('lists only the error statuses a route can answer, each with the error envelope', () => {
    const statuses = (key: string) => Object.keys(route(key).responses);
    // Signed in, no body, no params, no module errors: input text, session, limiter, the unforeseen.
    // Every route answers 503 with Retry-After while the database is down.
    expect(statuses('GET /api/escrow/marketplace')).toEqual(['200', '400', '401', '429', '500', '503']);
    expect(statuses('GET /api/health')).toEqual(['200', '400', '500', '503']);
    expect(statuses('GET /api/did/resolve/{did}')).toEqual(['200', '400', '404', '429', '500', '503']);
    // Admin only: 403 for other roles; a body: 413/415 and CSRF.
    expect(statuses('POST /api/admin/kyb/{userId}/reject')).toEqual(
      expect.arrayContaining(['400', '401', '403', '404', '413', '415', '429', '500']),
    );
    expect(statuses('POST /api/token-purchases')).toContain('422');
    expect(statuses('GET /api/did/')).not.toContain('404');
    expect(statuses('GET /api/did/')).not.toContain('403');
    for (const { key, operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        expect(response.content, `${key} ${status}`).toEqual({
          'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } },
        });
      }
      expect(operation.responses['500'], key).toBeDefined();
    }
  });

  it("documents holdings and vault balances as the caller's own, amounts in base units (ADR 68)", () => {
    const statuses = (key: string) => Object.keys(route(key).responses);
    for (const key of ['GET /api/holdings', 'GET /api/vault/balances'])
      expect(route(key).security, key).toEqual([{ bearer: [] }, { session: [] }]);
    // Nothing is named by id (no 404), and a chain that fails is said per entry (no 502).
    expect(statuses('GET /api/holdings')).toEqual(['200', '400', '401', '403', '429', '500', '503']);
    // Every role has a vault.
    expect(statuses('GET /api/vault/balances')).toEqual(['200', '400', '401', '429', '500', '503']);
    expect(JSON.stringify(route('GET /api/holdings').responses['200'])).toContain('HoldingsResponse');
    const { properties } = document.components.schemas.Holding as {
      properties: Record<string, { pattern?: string; maxLength?: number }>;
    };
    for (const field of ['balance', 'booked', 'frozen'])
      expect(properties[field], field).toMatchObject({ pattern: '^\\d+$', maxLength: 78 });
  });

  it('documents the faucet: keyed, limited per day, refused on remote chains (ADR 70)', () => {
    const statuses = (key: string) => Object.keys(route(key).responses);
    const post = route('POST /api/vault/faucet');
    expect(post.security).toEqual([{ bearer: [] }, { session: [], csrf: [] }]);
    expect(statuses('POST /api/vault/faucet')).toEqual(
      expect.arrayContaining(['200', '400', '401', '409', '422', '429']),
    );
    expect(JSON.stringify(post)).toContain('idempotency-key');
    expect(JSON.stringify(post.responses['200'])).toContain('FaucetResponse');
    expect(JSON.stringify(route('GET /api/vault/faucet').responses['200'])).toContain('FaucetStatusResponse');
  });

  it('documents the register of holders for its issuer and admins, amounts in base units (ADR 69)', () => {
    const statuses = (key: string) => Object.keys(route(key).responses);
    for (const prefix of ['/api/issuer', '/api/admin']) {
      const key = `GET ${prefix}/tokens/{id}/register`;
      expect(route(key).security, key).toEqual([{ bearer: [] }, { session: [] }]);
      // Another issuer's token is not found (404); an investor is refused (403).
      expect(statuses(key)).toEqual(expect.arrayContaining(['200', '401', '403', '404']));
      expect(JSON.stringify(route(key).responses['200'])).toContain('RegisterResponse');
      expect(statuses(`${key}.csv`)).toEqual(expect.arrayContaining(['401', '403', '404']));
    }
    const { properties } = document.components.schemas.RegisterHolder as {
      properties: Record<string, { pattern?: string; maxLength?: number }>;
    };
    for (const field of ['balance', 'frozen'])
      expect(properties[field], field).toMatchObject({ pattern: '^\\d+$', maxLength: 78 });
  });

  it('shows the rate-limit headers where the limiter applies, and Retry-After on 429', () => {
    const limited = route('POST /api/auth/login').responses;
    expect(Object.keys(limited['200']!.headers ?? {})).toEqual([
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
    ]);
    expect(limited['429']!.headers).toHaveProperty('Retry-After');
    expect(limited['503']!.headers).toHaveProperty('Retry-After');
    expect(route('GET /api/health').responses['200']!.headers).toBeUndefined();
    expect(Object.keys(document.components.headers)).toContain('Retry-After');
  });

  it('marks optional bodies optional and required ones required', () => {
    for (const key of [
      'POST /api/auth/logout',
      'POST /api/auth/refresh',
      'POST /api/vault/create',
      'POST /api/did/start',
    ])
      expect(route(key).requestBody?.required, key).toBe(false);
    expect(route('POST /api/auth/login').requestBody?.required).toBe(true);
  });

  it('bounds every string, array and integer a request can carry (OWASP API4: nothing unbounded)', () => {
    const unbounded: string[] = [];
    for (const { key, operation } of operations)
      unbounded.push(...unboundedIn({ parameters: operation.parameters, body: operation.requestBody }, key));
    unbounded.push(...unboundedIn(document.components.headers, 'headers'));
    expect(unbounded).toEqual([]);
  });

  it('bounds every string, array and integer a response can carry (OWASP API4: nothing unbounded)', () => {
    // One walk of the shared components: each is reported once, under its own name.
    const seen = new Set<string>();
    const unbounded = operations.flatMap(({ key, operation }) => unboundedIn(operation.responses, key, seen));
    expect(unbounded).toEqual([]);
  });

  it('restricts every string a request or answer carries to what it is (OWASP API4: format, pattern or enum)', () => {
    const seen = new Set<string>();
    const found = operations.flatMap(({ key, operation }) =>
      problemsIn(
        {
          parameters: operation.parameters,
          // Webhooks are held to their sender's signature, not to the text rule (input-text.ts).
          body: key === 'POST /api/kyc/webhook' ? undefined : operation.requestBody,
          responses: operation.responses,
        },
        key,
        unrestricted,
        seen,
      ),
    );
    // The verified name and country as the KYC provider sealed them: no rule of the portal's
    // holds for them (ADR 65).
    expect(found).toEqual(['User.properties.kycVerifiedName: string', 'User.properties.kycCountry: string']);
    // The text rule itself is written out for request strings with no tighter restriction.
    expect(document.components.schemas.AdminSuspendRequestInput).toMatchObject({
      properties: { reason: { pattern: WITHOUT_CONTROL_CHARACTERS.source } },
    });
  });

  it('describes webhook bodies, which their routes check only after the signature', () => {
    const body = route('POST /api/kyc/webhook').requestBody;
    expect(body?.required).toBe(true);
    expect(JSON.stringify(body)).toContain('applicantId');
  });

  it('keeps no component schema that nothing uses', () => {
    const used = referencedSchemas();
    const unused = Object.keys(document.components.schemas).filter((name) => !used.has(name));
    expect(unused).toEqual([]);
    const normalised = Object.keys(document.paths).map((path) => path.replace(/\/$/, ''));
    recordEvidence('contract', {
      operations: operations.length,
      withOperationId: operations.filter(({ operation }) => operation.operationId).length,
      withSummary: operations.filter(({ operation }) => operation.summary?.trim()).length,
      unusedSchemas: unused.length,
      duplicatePaths: normalised.length - new Set(normalised).size,
    });
  });
});
