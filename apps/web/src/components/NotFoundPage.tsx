import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title';
import { AppButton } from './AppButton';
import { StatusPage } from './StatusPage';

export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <StatusPage
      code="404"
      title={t('notFound.title')}
      description={t('notFound.description')}
      action={
        <AppButton component={RouterLink} to="/">
          {t('notFound.home')}
        </AppButton>
      }
    />
  );
}
