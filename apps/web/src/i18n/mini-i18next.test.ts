import { describe, expect, it } from 'vitest';
import { MiniI18n } from './mini-i18next';

/** The build's i18next (see mini-i18next.ts): the behaviour the portal relies on. */
describe('mini-i18next', () => {
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
});
