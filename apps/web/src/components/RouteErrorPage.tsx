import { useTranslation } from 'react-i18next';
import { AppButton } from './AppButton';
import { StatusPage } from './StatusPage';

/** A route failed to load or render (typically a stale chunk after a deploy): offer a reload. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      title={t('routeError.title')}
      description={t('routeError.description')}
      action={<AppButton onClick={() => window.location.reload()}>{t('routeError.reload')}</AppButton>}
    />
  );
}
