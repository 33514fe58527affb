import { useTranslation } from 'react-i18next';
import { PlaceholderPanel } from '../../../components/PlaceholderPanel';
import type { TabValue } from '../../../lib/dashboard-paths';

/** Portfolio, Opportunities and Analytics are 'coming soon' placeholders (docs/product.md §2.4). */
export function ComingSoon({ tab }: { tab: TabValue }) {
  const { t } = useTranslation();
  return (
    <PlaceholderPanel
      title={t(`nav.${tab}`)}
      headline={t('comingSoon.title')}
      description={t('comingSoon.description')}
    />
  );
}
