import { renderHook } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { createRequire } from 'node:module';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import ar from './ar.json';
import en from './en.json';
import fr from './fr.json';
import i18n, { MiniI18n, Unsupported } from './mini-i18next';

// The real i18next, for comparison: the tests resolve `i18next` to mini-i18next.ts as the build
// does (substitutes.ts); Node's own require does not go through that alias.
const i18next = createRequire(import.meta.url)('i18next') as I18n;

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leaves(value, `${prefix}${key}.`),
  );

/** The build's i18next (see mini-i18next.ts): the behaviour the portal relies on. */
describe('mini-i18next', () => {
  it('is what the app and its tests get for i18next and react-i18next', async () => {
    const { default: resolved } = await import('i18next');
    expect(resolved).toBe(i18n);
    expect(resolved).toBeInstanceOf(MiniI18n);
    const { result } = renderHook(() => useTranslation());
    expect(result.current.i18n).toBe(i18n);
  });

  it('fails on an i18next feature it does not implement, instead of showing a wrong text', async () => {
    const i18n = new MiniI18n();
    await i18n.init({
      resources: {
        en: {
          translation: {
            nested: 'See $t(other)',
            formatted: 'Total {{value, number}}',
            raw: 'Hello {{- name}}',
            plain: 'Hello {{name}}',
          },
        },
      },
    });
    expect(i18n.t('plain', { name: 'Ada' })).toBe('Hello Ada');
    for (const key of ['nested', 'formatted', 'raw'])
      expect(() => i18n.t(key, { value: 1 })).toThrow(Unsupported);
    for (const option of ['context', 'ns', 'lng', 'returnObjects', 'ordinal', 'keyPrefix'])
      expect(() => i18n.t('plain', { [option]: 'x' }), option).toThrow(Unsupported);
    expect(() => i18n.t('plain', { count: 2, defaultValue_other: 'x' })).toThrow(Unsupported);
    expect(() => renderHook(() => useTranslation('admin' as never))).toThrow(Unsupported);
  });

  const start = async () => {
    const i18n = new MiniI18n();
    await i18n.init({
      resources: {
        en: { translation: { a: { b: 'Hello {{name}}', n: '{{count}} items', only: 'English' } } },
      },
      lng: 'en',
      fallbackLng: 'en',
    });
    i18n.addResourceBundle('fr', 'translation', {
      a: { b: 'Bonjour {{ name }}', n_one: 'un', n_other: '{{count}} éléments' },
    });
    return i18n;
  };

  it('looks nested keys up, interpolates, pluralises, falls back and reports direction', async () => {
    const i18n = await start();
    expect(i18n.t('a.b', { name: 'Ada' })).toBe('Hello Ada');
    expect(i18n.t('a.n', { count: 3 })).toBe('3 items');
    expect(i18n.t('missing.key')).toBe('missing.key');
    expect(i18n.t('missing.key', { defaultValue: 'x' })).toBe('x');
    const seen: string[] = [];
    i18n.on('languageChanged', (language) => seen.push(language));
    await i18n.changeLanguage('fr');
    expect(seen).toEqual(['fr']);
    expect(i18n.t('a.b', { name: 'Ada' })).toBe('Bonjour Ada');
    expect(i18n.t('a.n', { count: 1 })).toBe('un');
    expect(i18n.t('a.n', { count: 5 })).toBe('5 éléments');
    expect(i18n.t('a.only')).toBe('English');
    expect(i18n.hasResourceBundle('fr', 'translation')).toBe(true);
    expect(i18n.hasResourceBundle('ar', 'translation')).toBe(false);
    expect(i18n.dir('ar')).toBe('rtl');
    expect(i18n.dir()).toBe('ltr');
  });

  it('merges a bundle added later into the one already there', async () => {
    const i18n = await start();
    i18n.addResourceBundle('en', 'translation', { a: { c: 'more' } }, true, true);
    expect(i18n.t('a.c')).toBe('more');
    expect(i18n.t('a.only')).toBe('English');
  });

  it('reads every text of the catalogues as i18next does (keys that hold dots included)', async () => {
    const resources = { en: { translation: en }, ar: { translation: ar }, fr: { translation: fr } };
    const mini = new MiniI18n();
    await mini.init({ resources, lng: 'en', fallbackLng: 'en' });
    // Untyped here: the keys come from walking the catalogue, not from the typed key list.
    const real = i18next.createInstance() as unknown as {
      init: (options: object) => Promise<unknown>;
      changeLanguage: typeof mini.changeLanguage;
      t: typeof mini.t;
    };
    await real.init({ resources, lng: 'en', fallbackLng: 'en', interpolation: { escapeValue: false } });
    const keys = leaves(en as Tree);
    // A value for every placeholder any text names (count a number, for plurals).
    const values: Record<string, unknown> = { count: 2 };
    for (const [, name] of JSON.stringify([en, ar, fr]).matchAll(/\{\{\s*(\w+)/g))
      values[name!] ??= `<${name}>`;
    expect(keys).toContain('admin.audit.actions.kyc.approve');
    for (const language of ['en', 'ar', 'fr']) {
      await mini.changeLanguage(language);
      await real.changeLanguage(language);
      for (const key of keys) expect(mini.t(key, values), `${language} ${key}`).toBe(real.t(key, values));
    }
  });
});
