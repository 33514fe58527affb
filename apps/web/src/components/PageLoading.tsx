import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Past this, a page whose code is still loading says so; a quicker load shows nothing (no flash). */
export const PAGE_LOADING_DELAY_MS = 150;

/**
 * While a page's code loads (after "Create Account", the dashboard's first visit): a plain line
 * instead of a blank window. Plain markup, because it ships with the sign-in page's first bundle.
 */
export function PageLoading() {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), PAGE_LOADING_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!shown) return null;
  return (
    <p role="status" style={{ margin: 0, padding: '40vh 16px 0', textAlign: 'center', opacity: 0.7 }}>
      {t('common.loading')}
    </p>
  );
}
