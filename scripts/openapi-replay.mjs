#!/usr/bin/env node
/**
 * Replays recorded API traffic against the OpenAPI document the recording server published
 * (ADR 48): every request and response must match it, checked by openapi-backend (Ajv, JSON
 * Schema 2020-12 as OpenAPI 3.1 uses) after the document itself passes
 * @seriousme/openapi-schema-validator.
 *
 *   node scripts/openapi-replay.mjs [DIR...]      (default: $API_TRAFFIC_DIR)
 *
 * DIR holds `*.jsonl` exchanges (apps/api/src/test/test-app.ts, apps/web/e2e/record-traffic.mjs)
 * and the `openapi-<hash>.json` each line names. A request the document rejects must be answered
 * with a documented 4xx; any other answer must have a documented status, headers and body.
 * Exits 1 on any mismatch or when there was nothing to check; writes its figures to
 * reports/evidence/contract-replay.json.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Validator } from '@seriousme/openapi-schema-validator';
import { OpenAPIBackend } from 'openapi-backend';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The Ajv openapi-backend itself loads, in its JSON Schema 2020-12 dialect.
const fromBackend = createRequire(createRequire(import.meta.url).resolve('openapi-backend'));
const Ajv2020 = fromBackend('ajv/dist/2020').default;
const addFormats = createRequire(import.meta.url)('ajv-formats');

/** Paths the document leaves out by design: its own UI and JSON, the sandbox page's static files. */
const UNDOCUMENTED = [/^\/api\/docs(\/|$)/, /^\/websdk\/(?!api\/)/];
const API_PATH = /^\/(api|ipfs|websdk\/api|contexts)\//;

const directories = process.argv.slice(2).length
  ? process.argv.slice(2)
  : [process.env.API_TRAFFIC_DIR].filter(Boolean);
if (!directories.length) {
  console.error('usage: node scripts/openapi-replay.mjs DIR... (or set API_TRAFFIC_DIR)');
  process.exit(2);
}

const backends = new Map();
/** One validator per recorded document, after the document itself is checked. */
async function backendFor(directory, hash) {
  const key = path.join(directory, `openapi-${hash}.json`);
  if (backends.has(key)) return backends.get(key);
  const definition = JSON.parse(readFileSync(key, 'utf8'));
  const checked = await new Validator().validate(structuredClone(definition));
  if (!checked.valid)
    throw new Error(`${key} is not a valid OpenAPI document: ${JSON.stringify(checked.errors)}`);
  const api = new OpenAPIBackend({
    definition,
    // quick: openapi-backend's own document check is OpenAPI 3.0; the 3.1 check is the one above.
    quick: true,
    // Matched by hand below: the server tells `/api/did/` from `/api/did`.
    ignoreTrailingSlashes: false,
    customizeAjv: (_ajv, options) => addFormats(new Ajv2020({ ...options, strict: false })),
  });
  await api.init();
  backends.set(key, api);
  return api;
}

const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
const compiled = new WeakMap();
function validateWith(schema, value) {
  if (!compiled.has(schema)) compiled.set(schema, ajv.compile(schema));
  const validate = compiled.get(schema);
  return { valid: validate(value), errors: validate.errors };
}

const mediaOf = (headers, name) =>
  String(headers?.[name] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
const parseJson = (text) => {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
};
const describe = (errors) =>
  (errors ?? [])
    .slice(0, 3)
    .map((error) => `${error.instancePath || '/'} ${error.message}`)
    .join('; ');

/** Why an exchange does not match the document, or undefined when it does; 'outside' when the document does not cover it. */
async function check(directory, exchange) {
  const url = new URL(exchange.url, 'http://recorded');
  if (UNDOCUMENTED.some((pattern) => pattern.test(url.pathname))) return 'outside';
  const api = await backendFor(directory, exchange.document);
  const query = Object.fromEntries(url.searchParams);
  const requestMedia = mediaOf(exchange.requestHeaders, 'content-type');
  const hasBody = exchange.requestBody !== undefined && exchange.requestBody !== '';
  const parsedBody = hasBody ? parseJson(exchange.requestBody) : { ok: true, value: undefined };
  // HEAD is GET without the body (RFC 9110 §9.3.2): Fastify answers it for every GET route.
  const head = exchange.method === 'HEAD';
  const request = {
    method: head ? 'get' : exchange.method.toLowerCase(),
    path: url.pathname,
    query,
    headers: exchange.requestHeaders ?? {},
    body: parsedBody.ok ? parsedBody.value : exchange.requestBody,
  };
  const matched = api.matchOperation(request);
  const operation =
    matched && matched.path.endsWith('/') === url.pathname.endsWith('/') ? matched : undefined;
  if (!operation) {
    if ([404, 405].includes(exchange.status) || !API_PATH.test(url.pathname)) return 'outside';
    return `undocumented route answered ${exchange.status}`;
  }
  exchange.operationId = operation.operationId;
  const documented = operation.responses?.[String(exchange.status)];
  if (!documented) return `${operation.operationId}: status ${exchange.status} is not documented`;

  const requestErrors = [];
  if (hasBody && requestMedia !== 'application/json')
    requestErrors.push(`body sent as ${requestMedia || 'no type'}`);
  if (hasBody && !parsedBody.ok) requestErrors.push('body is not JSON');
  if (!requestErrors.length) {
    const validated = api.validateRequest(request, operation);
    // OpenAPI neither allows nor forbids query parameters it does not list (openapi-backend
    // forbids them); the server ignores them, as the fuzzer's extra parameters show.
    const errors = (validated.errors ?? []).filter(
      (error) => !(error.instancePath === '/query' && error.keyword === 'additionalProperties'),
    );
    if (errors.length) requestErrors.push(describe(errors));
  }
  if (requestErrors.length && (exchange.status < 400 || exchange.status >= 500))
    return `${operation.operationId}: the document rejects a request the server answered ${exchange.status} (${requestErrors.join('; ')})`;

  const headers = api.validateResponseHeaders(exchange.responseHeaders ?? {}, operation, {
    statusCode: exchange.status,
    setMatchType: 'any',
  });
  if (!headers.valid)
    return `${operation.operationId} ${exchange.status}: headers ${describe(headers.errors)}`;

  const media = mediaOf(exchange.responseHeaders, 'content-type');
  const contents = documented.content ?? {};
  if (!Object.keys(contents).length) return undefined;
  if (!contents[media])
    return `${operation.operationId} ${exchange.status}: answered ${media || 'no content type'}, documented ${Object.keys(contents).join(', ')}`;
  if (head || exchange.responseBody === undefined || !/^application\/(.+\+)?json$/.test(media))
    return undefined;
  const body = parseJson(exchange.responseBody ?? '');
  if (!body.ok) return `${operation.operationId} ${exchange.status}: body is not JSON`;
  // openapi-backend validates application/json; other JSON media (JSON-LD) with the same Ajv.
  const validated =
    media === 'application/json'
      ? api.validateResponse(body.value, operation, exchange.status)
      : validateWith(contents[media].schema, body.value);
  if (!validated.valid)
    return `${operation.operationId} ${exchange.status}: body ${describe(validated.errors)}`;
  return undefined;
}

let exchanges = 0;
let outside = 0;
const covered = new Set();
const mismatches = [];
for (const directory of directories) {
  for (const file of readdirSync(directory).filter((name) => name.endsWith('.jsonl'))) {
    const lines = readFileSync(path.join(directory, file), 'utf8').split('\n').filter(Boolean);
    for (const line of lines) {
      const exchange = JSON.parse(line);
      const problem = await check(directory, exchange);
      if (problem === 'outside') {
        outside += 1;
        continue;
      }
      exchanges += 1;
      if (exchange.operationId) covered.add(exchange.operationId);
      if (problem) mismatches.push(`${exchange.method} ${exchange.url} → ${exchange.status}: ${problem}`);
    }
  }
}

const distinct = [...new Set(mismatches)];
console.log(`exchanges checked: ${exchanges} (${outside} outside the document: unknown paths, docs UI)`);
console.log(`operations exercised: ${covered.size}`);
console.log(`mismatches: ${mismatches.length}`);
for (const mismatch of distinct.slice(0, 100)) console.log(`  ${mismatch}`);
if (distinct.length > 100) console.log(`  … and ${distinct.length - 100} more distinct`);

const reports = path.join(root, 'reports', 'evidence');
mkdirSync(reports, { recursive: true });
writeFileSync(
  path.join(reports, 'contract-replay.json'),
  `${JSON.stringify({ exchanges, mismatches: mismatches.length, outside }, null, 2)}\n`,
);
if (exchanges === 0) console.error('no exchanges recorded: nothing was checked');
process.exit(exchanges === 0 || mismatches.length ? 1 : 0);
