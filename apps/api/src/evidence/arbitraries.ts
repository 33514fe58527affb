import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries built from a route's own zod schemas (zod-fast-check supports zod v3
 * only): each schema goes through `z.toJSONSchema` (input side, what a client sends) and every
 * node of that document becomes a value of its shape, or now and then a hostile value, a missing
 * field or an extra one, so that a run mixes requests that pass validation with ones that must not.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  contentEncoding?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
}

/** Stands for "leave this field out" inside generated objects. */
const MISSING = Symbol('missing');

/** Values no schema of ours accepts where it expects something else (ADR 48, input fuzzing). */
export const hostileValues: readonly unknown[] = [
  2 ** 53 + 1,
  -(2 ** 53) - 1,
  1e308,
  -0,
  -1,
  0.5,
  '1e309',
  '-0',
  'NaN',
  '9007199254740993',
  '',
  ' ',
  null,
  true,
  [],
  {},
  [null],
  ['a', 'b'],
  { nested: { deeper: [1, 'x'] } },
  'Ωμέγα 🚀 ٱلْعَرَبِيَّة 𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '\u202Egnp.exe',
  'e\u0301\u0301\u0301',
  '\ud800',
  '\uFEFF',
  '%00%2e%2e%2f',
  '../../etc/passwd',
  'x'.repeat(10_240),
];

/**
 * SQL-injection, control-character and invisible-text payloads (ADR 48): every string field of
 * every route receives each of them. The NUL and escape characters must be refused outright (the
 * shared text rule); the others are either refused or stored as the text they are.
 */
export const injectionPayloads: readonly string[] = [
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '" OR ""="',
  "1'; SELECT pg_sleep(5); --",
  "') UNION SELECT password_hash FROM users --",
  '$$; DELETE FROM listings; $$',
  "%' OR '%'='",
  "\\'; TRUNCATE sessions; --",
  '\u0000',
  "a\u0000'; DROP TABLE users; --",
  '\u001b[31mred\u001b[0m',
  '\u0007\u0008\u007f',
  // Bidirectional override and zero-width text: refused in names (the display-name rule), kept
  // verbatim elsewhere.
  'Safe\u202EFDP.exe',
  '\u200B\u200D',
];

const hostile = fc.constantFrom(...hostileValues);

/** The JSON Schema of what a client sends to `schema`; transforms and refinements do not show. */
export function inputJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

interface Options {
  /**
   * Weight of a hostile value against 8 for a well-shaped one, at every node; 0 also turns off
   * missing and extra fields and boundary values (a clean value, as a base for the payload sweep).
   */
  hostileWeight: number;
  /** Well-formed values the fuzzer should try often, by property name (ids of real rows). */
  known: Record<string, readonly string[]>;
}

/** A value for `schema`: mostly well-shaped, with hostile leaves, missing and extra fields. */
export function valueFor(schema: z.ZodType, options: Options): fc.Arbitrary<unknown> {
  const root = inputJsonSchema(schema);
  return node(root, root, options, 0, undefined);
}

function node(
  schema: JsonSchema,
  root: JsonSchema,
  options: Options,
  depth: number,
  name: string | undefined,
): fc.Arbitrary<unknown> {
  const shaped = shape(schema, root, options, depth, name);
  const known = name ? options.known[name] : undefined;
  return fc.oneof(
    { weight: 8, arbitrary: shaped },
    { weight: known ? 4 : 0, arbitrary: known ? fc.constantFrom(...known) : shaped },
    { weight: options.hostileWeight, arbitrary: hostile },
  );
}

function shape(
  schema: JsonSchema,
  root: JsonSchema,
  options: Options,
  depth: number,
  name: string | undefined,
): fc.Arbitrary<unknown> {
  const next = (child: JsonSchema, childName?: string) => node(child, root, options, depth + 1, childName);
  if (schema.$ref) {
    if (depth > 4) return fc.constant(null);
    const target = schema.$ref === '#' ? root : root.$defs?.[schema.$ref.replace('#/$defs/', '')];
    return target ? shape(target, root, options, depth + 1, name) : fc.jsonValue({ maxDepth: 2 });
  }
  const mutate = options.hostileWeight > 0;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => shape(s, root, options, depth + 1, name)));
  if (schema.allOf)
    return shape(Object.assign({}, ...schema.allOf) as JsonSchema, root, options, depth, name);
  if (Array.isArray(schema.type))
    return fc.oneof(...schema.type.map((type) => shape({ ...schema, type }, root, options, depth, name)));
  switch (schema.type) {
    case 'string':
      return stringFor(schema, mutate);
    case 'integer':
    case 'number':
      return numberFor(schema, mutate);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const min = schema.minItems ?? 0;
      return schema.prefixItems
        ? fc.tuple(...schema.prefixItems.map((item) => next(item)))
        : fc.array(next(schema.items ?? {}), {
            minLength: min,
            maxLength: Math.min(schema.maxItems ?? 4, min + 4),
          });
    }
    case 'object':
      return objectFor(schema, next, mutate);
    case undefined:
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectFor(
  schema: JsonSchema,
  next: (child: JsonSchema, name?: string) => fc.Arbitrary<unknown>,
  mutate: boolean,
): fc.Arbitrary<unknown> {
  const required = new Set(schema.required ?? []);
  const fields = Object.entries(schema.properties ?? {}).map(([key, child]) =>
    fc.tuple(
      fc.constant(key),
      // A required field is left out one time in twenty; an optional one half the time.
      required.has(key)
        ? fc.oneof(
            { weight: 19, arbitrary: next(child, key) },
            { weight: mutate ? 1 : 0, arbitrary: fc.constant(MISSING) },
          )
        : fc.oneof(next(child, key), fc.constant(MISSING)),
    ),
  );
  const additional =
    typeof schema.additionalProperties === 'object'
      ? fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), next(schema.additionalProperties), {
          maxKeys: 3,
        })
      : fc.constant({});
  const extra = mutate
    ? fc.option(fc.tuple(fc.constantFrom('extra', 'role', 'isAdmin', 'userId', 'id'), hostile), { freq: 10 })
    : fc.constant(null);
  return fc.tuple(fc.tuple(...fields), additional, extra).map(([entries, more, added]) => {
    const value: Record<string, unknown> = { ...more };
    for (const [key, item] of entries) if (item !== MISSING) value[key] = item;
    if (added) value[added[0]] = added[1];
    return value;
  });
}

function stringFor(schema: JsonSchema, mutate: boolean): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength;
  const formatted =
    formats[schema.format ?? ''] ?? (schema.contentEncoding === 'base64' ? fc.base64String() : undefined);
  const patterned = schema.pattern && !formatted ? matching(schema.pattern) : undefined;
  const plain = fc.oneof(
    fc.string({ minLength: min, maxLength: Math.min(max ?? 40, min + 40) }),
    fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max ?? 20, min + 20) }),
  );
  const boundaries = !mutate
    ? []
    : [
        ...(min > 0 ? ['a'.repeat(min), 'a'.repeat(min - 1)] : []),
        ...(max !== undefined && max < 100_000 ? ['a'.repeat(max), 'a'.repeat(max + 1)] : []),
      ];
  return fc.oneof(
    { weight: 6, arbitrary: formatted ?? patterned ?? plain },
    { weight: mutate ? 1 : 0, arbitrary: plain },
    {
      weight: boundaries.length ? 1 : 0,
      arbitrary: boundaries.length ? fc.constantFrom(...boundaries) : plain,
    },
  );
}

const formats: Record<string, fc.Arbitrary<string>> = {
  email: fc.emailAddress(),
  uuid: fc.uuid(),
  guid: fc.uuid(),
  'date-time': fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  date: fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
  uri: fc.webUrl(),
  url: fc.webUrl(),
};

function matching(pattern: string): fc.Arbitrary<string> | undefined {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    // A pattern fast-check cannot generate from (lookarounds, flags): plain strings then.
    return undefined;
  }
}

function numberFor(schema: JsonSchema, mutate: boolean): fc.Arbitrary<number> {
  const integer = schema.type === 'integer';
  const low =
    schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : undefined);
  const high =
    schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : undefined);
  const min = Math.max(low ?? -1_000_000, Number.MIN_SAFE_INTEGER);
  const max = Math.min(high ?? 1_000_000, Number.MAX_SAFE_INTEGER);
  const inRange = integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  const edges = [
    low,
    high,
    low !== undefined ? low - 1 : undefined,
    high !== undefined ? high + 1 : undefined,
  ];
  const boundaries = edges.filter((edge): edge is number => edge !== undefined);
  return mutate && boundaries.length
    ? fc.oneof({ weight: 4, arbitrary: inRange }, { weight: 1, arbitrary: fc.constantFrom(...boundaries) })
    : inRange;
}

/** The paths of every string leaf a schema's object properties describe (for the payload sweep). */
export function stringPaths(schema: z.ZodType): string[][] {
  const root = inputJsonSchema(schema);
  const paths: string[][] = [];
  const walk = (s: JsonSchema, path: string[], depth: number) => {
    if (depth > 4) return;
    if (s.$ref) {
      const target = s.$ref === '#' ? root : root.$defs?.[s.$ref.replace('#/$defs/', '')];
      if (target) walk(target, path, depth + 1);
      return;
    }
    const types = [s.type ?? []].flat();
    if (types.includes('string') && !s.enum && s.const === undefined) paths.push(path);
    for (const alternative of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])])
      walk(alternative, path, depth + 1);
    for (const [key, child] of Object.entries(s.properties ?? {})) walk(child, [...path, key], depth + 1);
  };
  walk(root, [], 0);
  const seen = new Set<string>();
  return paths.filter((path) => {
    const key = path.join('.');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** `value` with `payload` written at `path` (objects created on the way). */
export function withValueAt(value: unknown, path: string[], payload: unknown): unknown {
  if (!path.length) return payload;
  const [head, ...rest] = path as [string, ...string[]];
  const base = typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
  return { ...base, [head]: withValueAt((base as Record<string, unknown>)[head], rest, payload) };
}
