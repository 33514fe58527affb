import { useMemo, useSyncExternalStore } from 'react';
import i18n, { Unsupported } from './mini-i18next';

/**
 * react-i18next's `useTranslation` and `initReactI18next`, over mini-i18next.ts (the build
 * and the unit tests resolve `react-i18next` here; see that file). A language change renders
 * every user again with a new `t`, as react-i18next does. Namespaces and key prefixes are not
 * implemented: asking for one throws. Trans, withTranslation and the rest are not exported: using
 * them fails the build, and any test that renders them.
 */
export const initReactI18next = { type: '3rdParty', init() {} };

function subscribe(onChange: () => void): () => void {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}

const currentLanguage = () => i18n.language;

export function useTranslation(...unsupported: unknown[]) {
  if (unsupported.length) throw new Unsupported('useTranslation(namespace)');
  const language = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  return useMemo(() => {
    const t: typeof i18n.t = (key, options) => i18n.t(key, options);
    return Object.assign([t, i18n, true] as const, { t, i18n, ready: true, language });
  }, [language]);
}
