/**
 * The part of i18next's API the portal uses, in a few hundred bytes instead of ~15 KB gzip on the
 * first page. The build and the unit tests both resolve `i18next` to this module (substitutes.ts,
 * ADR 51), and mini-i18next.test.ts holds it to the real i18next's behaviour: nested keys,
 * `{{name}}` interpolation (not escaped: React escapes), `count` plural forms (`key_one`,
 * `key_other`, … when a catalogue has them), `defaultValue`, fallback to English, the key itself
 * when nothing matches, `dir()`, and the `languageChanged` event. Any other i18next feature throws
 * (`Unsupported`), so the first test that reaches it fails instead of production showing a wrong text.
 */
type Tree = { [key: string]: unknown };
type Options = { [name: string]: unknown } & { defaultValue?: string; count?: number };
type Listener = (language: string) => void;

/** i18next's options this module lacks (any other name is a placeholder's value). */
const UNSUPPORTED_OPTION =
  /^(context|ns|lngs?|fallbackLng|ordinal|return(Objects|Details)|joinArrays|postProcess|(skipI|i)nterpolation|replace|keyPrefix|(ns|key)Separator|defaultValue_.*)$/;
/** Nesting (`$t(…)`), formatting (`{{value, number}}`) and unescaped (`{{- value}}`) placeholders. */
const UNSUPPORTED_TEXT = /\$t\(|\{\{\s*-|\{\{[^}]*,[^}]*\}\}/;

/** Thrown for an i18next feature this module lacks (ADR 51). */
export class Unsupported extends Error {}

const RTL = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'he', 'iw', 'ps', 'sd', 'ug', 'ur', 'yi']);

function merge(target: Tree, source: Tree): Tree {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    target[key] =
      value && typeof value === 'object' && current && typeof current === 'object'
        ? merge({ ...(current as Tree) }, value as Tree)
        : value;
  }
  return target;
}

/** Like i18next, a key's parts may name a nested object or a key that holds dots ('kyc.approve'). */
function find(node: unknown, parts: string[]): string | undefined {
  if (parts.length === 0) return typeof node === 'string' ? node : undefined;
  if (!node || typeof node !== 'object') return undefined;
  for (let taken = 1; taken <= parts.length; taken += 1) {
    const key = parts.slice(0, taken).join('.');
    if (!Object.hasOwn(node, key)) continue;
    const found = find((node as Tree)[key], parts.slice(taken));
    if (found !== undefined) return found;
  }
  return undefined;
}

function lookup(tree: Tree | undefined, key: string): string | undefined {
  return find(tree, key.split('.'));
}

function valueAt(options: Options, path: string): unknown {
  let node: unknown = options;
  for (const part of path.split('.')) node = node == null ? undefined : (node as Tree)[part];
  return node;
}

export class MiniI18n {
  language = '';
  private fallback = 'en';
  private store: Record<string, Tree> = {};
  private listeners = new Set<Listener>();

  use(): this {
    return this;
  }

  async init(options: {
    resources?: Record<string, { translation: Tree }>;
    lng?: string;
    fallbackLng?: string;
  }) {
    for (const [language, { translation }] of Object.entries(options.resources ?? {}))
      this.addResourceBundle(language, 'translation', translation);
    this.fallback = options.fallbackLng ?? this.fallback;
    this.language = options.lng ?? this.fallback;
    return this.t;
  }

  on(event: 'languageChanged', listener: Listener): this {
    if (event === 'languageChanged') this.listeners.add(listener);
    return this;
  }

  off(event: 'languageChanged', listener: Listener): this {
    if (event === 'languageChanged') this.listeners.delete(listener);
    return this;
  }

  hasResourceBundle(language: string, _namespace: string): boolean {
    return language in this.store;
  }

  addResourceBundle(
    language: string,
    _namespace: string,
    resources: Tree,
    _deep?: boolean,
    _overwrite?: boolean,
  ): this {
    this.store[language] = merge({ ...this.store[language] }, resources);
    return this;
  }

  async changeLanguage(language: string) {
    if (language !== this.language) {
      this.language = language;
      for (const listener of [...this.listeners]) listener(language);
    }
    return this.t;
  }

  dir(language = this.language): 'ltr' | 'rtl' {
    return RTL.has(language.split('-')[0]!.toLowerCase()) ? 'rtl' : 'ltr';
  }

  t = (key: string, options: Options = {}): string => {
    const option = Object.keys(options).find((name) => UNSUPPORTED_OPTION.test(name));
    if (option) throw new Unsupported(`t() option ${option}`);
    const { count } = options;
    let text: string | undefined;
    for (const language of new Set([this.language, this.fallback])) {
      const tree = this.store[language];
      if (typeof count === 'number')
        text = lookup(tree, `${key}_${new Intl.PluralRules(language).select(count)}`);
      text ??= lookup(tree, key);
      if (text !== undefined) break;
    }
    text ??= options.defaultValue ?? key;
    if (UNSUPPORTED_TEXT.test(text)) throw new Unsupported(`text of ${key}`);
    return text.replace(/\{\{\s*([^}]+?)\s*\}\}/g, (_match, name: string) => {
      const value = valueAt(options, name);
      return value == null ? '' : String(value);
    });
  };
}

const i18n = new MiniI18n();
export default i18n;
