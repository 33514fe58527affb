/**
 * Control characters have no place in any text this product stores or looks up (names, e-mails,
 * ids, cursors, documents): a NUL cannot even be stored in PostgreSQL text. Tab, line feed and
 * carriage return stay allowed, for multi-line text.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * The path of the first string (or object key) in `value` that holds a control character, as
 * field names (`['credential', 'proof', 'proofValue']`); undefined when there is none.
 */
export function controlCharacterAt(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return CONTROL_CHARACTER.test(value) ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = [...path, key];
    if (CONTROL_CHARACTER.test(key)) return at;
    const found = controlCharacterAt(item, at);
    if (found) return found;
  }
  return undefined;
}
