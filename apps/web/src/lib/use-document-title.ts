import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** "<page> · Investor Portal" in the tab, in the current language. */
export function useDocumentTitle(page: string | undefined): void {
  const { t } = useTranslation();
  const app = t('app.name');
  useEffect(() => {
    document.title = page && page !== app ? `${page} · ${app}` : app;
  }, [page, app]);
}
