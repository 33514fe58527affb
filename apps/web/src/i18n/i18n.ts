import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { prepareRtl } from '../app/direction';
import { english } from './catalogue';

export const languages = ['en', 'ar', 'fr'] as const;
export type Language = (typeof languages)[number];

const LANGUAGE_KEY = 'language';

// English ships with the first page; the other catalogues load when chosen.
const catalogues: Record<Exclude<Language, 'en'>, () => Promise<{ default: object }>> = {
  ar: () => import('./ar.json'),
  fr: () => import('./fr.json'),
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(value) ? value : 'en';
  } catch {
    return 'en';
  }
}

async function ensureCatalogue(language: Language): Promise<void> {
  if (language === 'en' || i18n.hasResourceBundle(language, 'translation')) return;
  const catalogue = await catalogues[language]();
  i18n.addResourceBundle(language, 'translation', catalogue.default);
}

function applyToDocument(language: string): void {
  document.documentElement.lang = language;
  document.documentElement.dir = i18n.dir(language);
}

/** Starts i18next in the stored language, with its catalogue loaded before the first render. */
export async function initI18n(): Promise<void> {
  const language = storedLanguage();
  i18n.on('languageChanged', applyToDocument);
  await i18n.use(initReactI18next).init({
    resources: { en: { translation: english } },
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: languages,
    interpolation: { escapeValue: false },
  });
  await setLanguage(language);
}

/** Switches the interface language (Arabic also switches to right-to-left) and remembers it. */
export async function setLanguage(language: Language): Promise<void> {
  await Promise.all([ensureCatalogue(language), i18n.dir(language) === 'rtl' ? prepareRtl() : undefined]);
  await i18n.changeLanguage(language);
  applyToDocument(language);
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Not remembered across visits; the switch still applies now.
  }
}

export { i18n };
