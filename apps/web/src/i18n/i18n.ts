import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { prepareRtl } from '../app/direction';
import englishUrl from './en.json?url';
import { firstPageEnglish } from './first-page';

export const languages = ['en', 'ar', 'fr'] as const;
export type Language = (typeof languages)[number];

const LANGUAGE_KEY = 'language';

// The English of the sign-in page ships with the first bundle; the rest of English, and the other
// catalogues, load when needed.
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

let english: Promise<void> | undefined;

/**
 * The whole English catalogue. The build fetches it as a file (en.json is also imported for the
 * first page's sections, so a dynamic import would put all of it into the first bundle).
 */
async function wholeEnglish(): Promise<object> {
  if (!import.meta.env.PROD) return (await import('./en.json')).default;
  const response = await fetch(englishUrl);
  if (!response.ok) throw new Error(`${englishUrl}: HTTP ${response.status}`);
  return (await response.json()) as object;
}

/** Adds the whole English catalogue (the fallback of every language); once. */
export function loadEnglish(): Promise<void> {
  return (english ??= wholeEnglish().then(
    (catalogue) => {
      i18n.addResourceBundle('en', 'translation', catalogue, true, true);
    },
    (error: unknown) => {
      english = undefined; // a failed download is retried by the next page
      throw error;
    },
  ));
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

/**
 * Starts i18next in the stored language, with its catalogue loaded before the first render. With
 * `firstPageOnly`, English holds only the sign-in page's sections until `loadEnglish()` (every
 * other page's loader awaits it: see app/router.tsx).
 */
export async function initI18n({ firstPageOnly = false }: { firstPageOnly?: boolean } = {}): Promise<void> {
  const language = storedLanguage();
  i18n.on('languageChanged', applyToDocument);
  await i18n.use(initReactI18next).init({
    resources: { en: { translation: firstPageEnglish } },
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: languages,
    interpolation: { escapeValue: false },
  });
  await Promise.all([setLanguage(language), firstPageOnly ? undefined : loadEnglish()]);
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
