import { useMemo, useSyncExternalStore } from 'react';
import i18n from './mini-i18next';

/**
 * react-i18next's `useTranslation` and `initReactI18next`, over mini-i18next.ts (the build
 * resolves `react-i18next` here; see that file). A language change renders every user again with
 * a new `t`, as react-i18next does.
 */
export const initReactI18next = { type: '3rdParty', init() {} };

function subscribe(onChange: () => void): () => void {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}

const currentLanguage = () => i18n.language;

export function useTranslation() {
  const language = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  return useMemo(() => {
    const t: typeof i18n.t = (key, options) => i18n.t(key, options);
    return Object.assign([t, i18n, true] as const, { t, i18n, ready: true, language });
  }, [language]);
}
