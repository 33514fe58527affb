/**
 * Control characters have no place in any text this product stores or looks up (names, e-mails,
 * ids, cursors, documents): a NUL cannot even be stored in PostgreSQL text. Tab, line feed and
 * carriage return stay allowed, for multi-line text.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Text that passes the rule above, whole: what every request string is held to (plugins/input-text.ts). */
export const WITHOUT_CONTROL_CHARACTERS = new RegExp(`^[^${CONTROL_CHARACTER.source.slice(1, -1)}]*$`);

/**
 * Text from outside stored as it came (a node's error, a KYC provider's comment): anything but
 * NUL, which PostgreSQL text cannot hold.
 */
// eslint-disable-next-line no-control-regex -- matching NUL is the point
export const WITHOUT_NUL = /^[^\u0000]*$/;

/**
 * Half of a UTF-16 surrogate pair without its other half: JSON can carry it (`"\ud800"`), but it is
 * no character, and PostgreSQL refuses it in a jsonb value (an audit entry, say).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const badText = (text: string) => CONTROL_CHARACTER.test(text) || LONE_SURROGATE.test(text);

/**
 * The path of the first string (or object key) in `value` that holds a control character or a
 * lone surrogate, as field names (`['credential', 'proof', 'proofValue']`); undefined when there
 * is none.
 */
export function controlCharacterAt(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return badText(value) ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = [...path, key];
    if (badText(key)) return at;
    const found = controlCharacterAt(item, at);
    if (found) return found;
  }
  return undefined;
}

/**
 * Bidirectional formatting controls (Unicode Bidi_Control: ALM, LRM, RLM, the embeddings and
 * overrides, the isolates): in a name they make text read in another order than it is stored
 * ("Safe\u202eFDP.exe" shows as "Safeexe.PDF").
 */
export const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/**
 * Text that shows nothing: white space, format characters (zero-width space and joiners, word
 * joiner, BOM, soft hyphen), combining marks with nothing to sit on, variation selectors, and the
 * blank "letters" (Hangul fillers, the blank Braille pattern).
 */
const INVISIBLE_ONLY = /^[\s\p{Cc}\p{Cf}\p{M}\u115F\u1160\u3164\uFFA0\u2800]*$/u;

/**
 * The display-name rule, shared by the server's schemas and the web forms (token names, people's
 * and organisations' names): at least one visible character and no bidirectional controls.
 */
export function isDisplayName(value: string): boolean {
  return !BIDI_CONTROL.test(value) && !INVISIBLE_ONLY.test(value);
}
