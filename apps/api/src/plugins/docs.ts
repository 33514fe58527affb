import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { CSRF_HEADER } from '@portal/shared/auth';
import { messages } from '@portal/shared/messages';
import { CONTROL_CHARACTER, WITHOUT_CONTROL_CHARACTERS } from '@portal/shared/text';
import { DomainError } from '../errors.js';
import { ACCESS_COOKIE } from '../modules/auth/session-cookies.js';
import { KycWebhookEventSchema } from '../providers/kyc/sumsub-wire.js';
import { operationSummaries } from './docs.summaries.js';
import { ANY_ROLE } from './policy.js';
import { markRoutesPublic } from './public-scope.js';

const DOCS_PREFIX = '/api/docs';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers 304 to an If-None-Match naming its ETag (documented as such). */
    conditional?: boolean;
  }
}

/** OpenAPI 3.1 generated from the shared zod schemas: JSON at /api/docs/json, UI at /api/docs. */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  const routes = new Map<string, RouteOptions>();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.set(`${method} ${openapiPath(route.url)}`, route);
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Investor Portal API',
        version: '0.1.0',
        description: 'Every answer is `{ success: true, … }` or `{ success: false, error, code, fields? }`.',
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            // What modules/auth/access-tokens.ts checks.
            description:
              'An EdDSA access token (RFC 9068 `at+jwt`), checked as RFC8725 (JWT best current practices) recommends: one algorithm, an explicit type, issuer, audience and expiry.',
          },
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: ACCESS_COOKIE,
            description:
              'Cookie session (sign in with `session: "cookie"`); unsafe methods also need the CSRF header.',
          },
          csrf: {
            type: 'apiKey',
            in: 'header',
            name: CSRF_HEADER,
            description: 'Must be `1`, from the same origin, on every unsafe request of a cookie session.',
          },
        },
        headers: HEADERS,
      },
    },
    // Webhooks parse their own bodies after the signature check; the document still shows them.
    transform: (document) => {
      const body = webhookBodies[document.url];
      return jsonSchemaTransform(body ? { ...document, schema: { ...document.schema, body } } : document);
    },
    transformObject: (document) => exact(jsonSchemaTransformObject(document) as OpenApiDocument, routes),
  });
  await app.register(async (scope) => {
    markRoutesPublic(scope);
    // The UI's static files: a path that climbs, uses backslashes or control characters, or
    // does not even decode names no file (404), before the file server tries to resolve it.
    scope.addHook('onRequest', async (request) => {
      if (!request.url.startsWith(`${DOCS_PREFIX}/static/`)) return;
      let decoded: string;
      try {
        decoded = decodeURIComponent(request.url.split('?')[0]!);
      } catch {
        throw new DomainError('NOT_FOUND', messages.notFound);
      }
      if (/\.\.|\\/.test(decoded) || CONTROL_CHARACTER.test(decoded))
        throw new DomainError('NOT_FOUND', messages.notFound);
    });
    await scope.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      staticCSP: true,
      // The UI's own policy (script hashes), tightened to the portal's: no <base>, never framed.
      transformStaticCSP: (header) =>
        header
          .replace("base-uri 'self'", "base-uri 'none'")
          .replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
    });
  });
}

/** Bodies that webhook routes check themselves (no route schema), by URL. */
const webhookBodies: Record<string, z.ZodType> = { '/api/kyc/webhook': KycWebhookEventSchema };

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Statuses a module's services (and the providers behind them) answer with, by the tag its routes
 * carry: the DomainError codes thrown under modules/<name> and providers/<port> (errors.ts maps
 * them). What every route can answer is added by rule in `errorStatuses`.
 */
const moduleStatuses: Record<string, number[]> = {
  health: [503],
  auth: [401, 403, 404, 409, 429],
  admin: [404, 409, 502],
  settings: [404, 409],
  notifications: [],
  kyc: [401, 404, 409, 502],
  'kyc-sandbox': [401, 404, 409, 502],
  kyb: [403, 404, 409],
  vault: [401, 409, 502, 503],
  did: [],
  sbt: [404, 409],
  marketplace: [],
  // ADR 71: a distribution's Idempotency-Key reused for another declaration (422).
  issuer: [404, 409, 422],
  tokens: [404],
  purchases: [403, 404, 409, 422],
  // A chain that fails is said per entry (ADR 68): nothing of its own to throw.
  holdings: [],
  // ADR 70: no vault or a remote chain (409), a reused key (422), the daily limit (429), a failed send (502).
  faucet: [409, 422, 429, 502],
  // ADR 72: another's token or request (404), a closed window, a holding short of free tokens, another chain (409), a reused key (422).
  redemptions: [404, 409, 422],
  // ADR 76: the token's rules refuse (403), an unknown handle (404), not free or another chain (409), a reused key (422), too many handle lookups (429).
  transfers: [403, 404, 409, 422, 429],
  credentials: [404, 409],
  // ADR 74: the owner's own statement only (a bad period is a 400).
  statements: [],
  // ADR 74: another's credential or a token not held (404), more than held or no DID to disclose (409).
  'holding-credentials': [404, 409],
  ipfs: [404],
  // ADR 73: another issuer's token or document (404), a busy name or changed documents (409), stored bytes that no longer hash to the recorded hash (502).
  'offering-documents': [404, 409, 502],
  // ADR 75: a paused token or an ineligible buyer (403), another's order (404), not open, not enough left or free, another chain (409), a reused key (422).
  'secondary-market': [403, 404, 409, 422],
};

const statusText: Record<number, string> = {
  400: 'Invalid input (fields name each problem)',
  401: 'No valid session, or a bad signature',
  403: 'Not allowed for this role, or a cookie-session request without the CSRF header',
  404: 'Not found (also for other users’ objects)',
  409: 'Conflicts with the current state',
  413: 'Body too large',
  415: 'Body not JSON',
  422: 'Idempotency key reused with a different body',
  429: 'Too many requests',
  500: 'Internal error (carries a request id)',
  502: 'An upstream provider failed',
  503: 'A dependency is unavailable: try again after Retry-After',
};

/** The error statuses a route can answer, by rule (docs/product.md §7.1, plugins/policy.ts, input-text.ts). */
function errorStatuses(route: RouteOptions, method: string): number[] {
  const policy = route.config?.policy;
  const unsafe = UNSAFE.has(method);
  // 400: every request's params, query and body pass the text rule; 500: anything unforeseen.
  const statuses = new Set([400, 500]);
  if (Array.isArray(policy) || policy === 'webhook' || route.config?.identify) statuses.add(401);
  if (Array.isArray(policy) && ANY_ROLE.some((role) => !policy.includes(role))) statuses.add(403);
  // CSRF: any unsafe request that carries a session cookie.
  if (unsafe && policy !== 'webhook') statuses.add(403);
  if (route.url.includes(':')) statuses.add(404);
  if (unsafe) [413, 415].forEach((status) => statuses.add(status));
  if (route.config?.rateLimit !== false) statuses.add(429);
  // Any route that reads the database answers 503 while it is down (error-handler.ts).
  statuses.add(503);
  const tags = (route.schema as { tags?: string[] } | undefined)?.tags ?? [];
  for (const tag of tags) {
    const thrown = moduleStatuses[tag];
    // A new module states what it throws before it is documented.
    if (!thrown) throw new Error(`plugins/docs.ts: no error statuses for the tag ${tag}`);
    thrown.forEach((status) => statuses.add(status));
  }
  return [...statuses].sort((a, b) => a - b);
}

const integer = { type: 'integer', format: 'int32', minimum: 0, maximum: 2 ** 31 - 1 } as const;
const HEADERS = {
  'X-RateLimit-Limit': { description: 'Requests allowed in the window', schema: integer },
  'X-RateLimit-Remaining': { description: 'Requests left in the window', schema: integer },
  'X-RateLimit-Reset': { description: 'Seconds until the window starts again', schema: integer },
  'Retry-After': { description: 'Seconds to wait before trying again', schema: integer },
};
const rateLimitHeaders = Object.fromEntries(
  ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'].map((name) => [
    name,
    { $ref: `#/components/headers/${name}` },
  ]),
);

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  requestBody?: { required?: boolean };
  responses: Record<string, { description: string; headers?: object; content?: object }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, unknown> } & Record<string, unknown>;
}

/** `/api/x/:id` as OpenAPI writes it, `/api/x/{id}`. */
function openapiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** `POST /api/auth/sessions/{sessionId}/revoke` → `postAuthSessionsBySessionIdRevoke`. */
function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter((part) => part && part !== 'api')
    .flatMap((part) => (part.startsWith('{') ? ['by', part.slice(1, -1)] : part.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

/**
 * The generated document made exact: operation ids, summaries, security by policy, the error
 * statuses each route can answer, rate-limit headers, optional bodies, and only the schemas used.
 */
function exact(document: OpenApiDocument, routes: Map<string, RouteOptions>): OpenApiDocument {
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const key = `${method.toUpperCase()} ${path}`;
      const route = routes.get(key);
      if (!route) throw new Error(`no route behind the documented ${key}`);
      operation.operationId ??= operationIdOf(method, path);
      operation.summary ??= operationSummaries[key];
      const policy = route.config?.policy;
      const unsafe = UNSAFE.has(method.toUpperCase());
      if (Array.isArray(policy)) {
        operation.security = [{ bearer: [] }, unsafe ? { session: [], csrf: [] } : { session: [] }];
      } else if (route.config?.identify) {
        operation.security = [{}, { bearer: [] }, { session: [] }];
      } else {
        // Public (or signed by the caller, as webhooks are): said outright, so that tools do not
        // read a missing `security` as an oversight.
        operation.security = [];
      }
      const body = (route.schema as { body?: z.ZodType } | undefined)?.body;
      if (operation.requestBody && body?.safeParse(undefined).success) operation.requestBody.required = false;
      const limited = route.config?.rateLimit !== false;
      for (const status of Object.keys(operation.responses)) {
        if (Number(status) >= 400) delete operation.responses[status];
        else if (limited) operation.responses[status]!.headers = { ...rateLimitHeaders };
      }
      const media = route.config?.errorPage ? 'text/html' : 'application/json';
      const schema = route.config?.errorPage
        ? { type: 'string' }
        : { $ref: '#/components/schemas/ErrorResponse' };
      if (route.config?.conditional)
        operation.responses['304'] = { description: 'Not modified: If-None-Match names the current ETag' };
      for (const status of errorStatuses(route, method.toUpperCase())) {
        operation.responses[status] = {
          description: statusText[status]!,
          ...(limited || status === 429 || status === 503
            ? {
                headers: {
                  ...(limited ? rateLimitHeaders : {}),
                  ...(status === 429 || status === 503
                    ? { 'Retry-After': { $ref: '#/components/headers/Retry-After' } }
                    : {}),
                },
              }
            : {}),
          content: { [media]: { schema } },
        };
      }
    }
  }
  withDerivedBounds(document);
  withRequestTextRule(document, routes);
  return withoutUnusedSchemas(document);
}

const INT32 = 2 ** 31;
/**
 * Bounds that follow from what the validators already enforce, written out for tools that only
 * read `maxLength` and `format` (OWASP API4): a UUID is 36 characters; an integer within ±2^31 is
 * an int32, one within JavaScript's safe integers an int64.
 */
function withDerivedBounds(document: OpenApiDocument): void {
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    const schema = value as Record<string, unknown>;
    if (schema.type === 'string' && schema.format === 'uuid') schema.maxLength ??= 36;
    if (schema.type === 'integer' && schema.format === undefined) {
      const [min, max] = [schema.minimum, schema.maximum];
      if (typeof min === 'number' && typeof max === 'number')
        schema.format = min >= -INT32 && max < INT32 ? 'int32' : 'int64';
    }
    Object.values(schema).forEach(visit);
  };
  visit(document.paths);
  visit(document.components);
}

/**
 * The text rule every request string is held to before its route sees it (no control characters:
 * plugins/input-text.ts), written out as the pattern of each request string that has no tighter
 * format, pattern or enum (OWASP API4). Webhooks are exempt from the rule, and so are left alone;
 * a component an answer also uses is left alone too, since answers are not held to it there.
 */
function withRequestTextRule(document: OpenApiDocument, routes: Map<string, RouteOptions>): void {
  const schemas = (document.components.schemas ?? {}) as Record<string, unknown>;
  const requests: unknown[] = [];
  const answers: unknown[] = [];
  for (const [path, operations] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(operations)) {
      answers.push(operation.responses);
      const { parameters, requestBody } = operation as { parameters?: unknown; requestBody?: unknown };
      if (routes.get(`${method.toUpperCase()} ${path}`)?.config?.policy !== 'webhook')
        requests.push(parameters, requestBody);
    }
  const answered = schemasReachedFrom(answers, schemas);
  const restrict = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(restrict);
    if (!value || typeof value !== 'object') return;
    const schema = value as Record<string, unknown>;
    const types = ([] as unknown[]).concat(schema.type);
    if (types.includes('string') && !['format', 'pattern', 'enum', 'const'].some((key) => key in schema))
      schema.pattern = WITHOUT_CONTROL_CHARACTERS.source;
    for (const [key, child] of Object.entries(schema)) if (key !== '$ref') restrict(child);
  };
  restrict(requests);
  for (const name of schemasReachedFrom(requests, schemas)) if (!answered.has(name)) restrict(schemas[name]);
}

/** Names of the component schemas `parts` refer to, directly or through other components. */
function schemasReachedFrom(parts: unknown[], schemas: Record<string, unknown>): Set<string> {
  const names = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith('#/components/schemas/')) {
        const name = child.slice('#/components/schemas/'.length);
        if (!names.has(name)) {
          names.add(name);
          visit(schemas[name]);
        }
      } else visit(child);
    }
  };
  parts.forEach(visit);
  return names;
}

/** Drops component schemas nothing in the paths reaches (zod's registry holds every shared schema). */
function withoutUnusedSchemas(document: OpenApiDocument): OpenApiDocument {
  const schemas = document.components.schemas ?? {};
  const used = schemasReachedFrom([document.paths], schemas);
  document.components.schemas = Object.fromEntries(
    Object.entries(schemas).filter(([name]) => used.has(name)),
  );
  return document;
}
