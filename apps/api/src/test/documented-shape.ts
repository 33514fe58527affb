import { readFileSync } from 'node:fs';

/**
 * Compares a test server's answer with a response recorded from the network's documentation:
 * every key path of the documented response must be in the answer with the same JSON type, unless
 * it is listed as ignored (with why). Values are not compared, only the shape a client parses.
 */

/** A recorded example: the page it comes from and the response as documented. */
export interface Documented {
  source: string;
  /** Where in a method's answer the documented object sits, when the page shows only that object. */
  at?: string;
  response: unknown;
}

export function readDocumented(file: URL): Documented {
  return JSON.parse(readFileSync(file, 'utf8')) as Documented;
}

type JsonType = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'null';

function jsonType(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value as JsonType;
}

/**
 * The documented paths the answer lacks or types differently, as `path: why`. Paths read
 * `a.b` for keys and `a[]` for array items; an ignored path covers everything under it. Each
 * documented array item is held against the answer's item that matches it best, so a documented
 * list of mixed items (a native balance and trust lines) needs one answered item of each kind.
 */
export function shapeMismatches(
  documented: unknown,
  answer: unknown,
  ignored: Readonly<Record<string, string>> = {},
): string[] {
  return [...new Set(compare(documented, answer, '', ignored))];
}

function compare(
  documented: unknown,
  answer: unknown,
  path: string,
  ignored: Record<string, string>,
): string[] {
  if (path in ignored) return [];
  const want = jsonType(documented);
  const got = jsonType(answer);
  const at = path || '(root)';
  if (answer === undefined) return [`${at}: missing (documented ${want})`];
  if (want !== got) return [`${at}: documented ${want}, answered ${got}`];
  if (want === 'object') {
    const answered = answer as Record<string, unknown>;
    return Object.entries(documented as Record<string, unknown>).flatMap(([key, value]) =>
      compare(value, answered[key], path ? `${path}.${key}` : key, ignored),
    );
  }
  if (want === 'array') {
    const items = answer as unknown[];
    const itemPath = `${path}[]`;
    if (itemPath in ignored) return [];
    return (documented as unknown[]).flatMap((item) => {
      if (items.length === 0) return [`${itemPath}: missing (the answer's array is empty)`];
      const tries = items.map((candidate) => compare(item, candidate, itemPath, ignored));
      return tries.reduce((best, next) => (next.length < best.length ? next : best));
    });
  }
  return [];
}

/** The value at a path such as `result.node` or `_embedded.records[0]`. */
export function at(value: unknown, path: string | undefined): unknown {
  if (!path) return value;
  return path.split(/\.|(?=\[)/).reduce<unknown>((node, step) => {
    const index = /^\[(\d+)\]$/.exec(step);
    if (node === null || typeof node !== 'object') return undefined;
    return index ? (node as unknown[])[Number(index[1])] : (node as Record<string, unknown>)[step];
  }, value);
}
