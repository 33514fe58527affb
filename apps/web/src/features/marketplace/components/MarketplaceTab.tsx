import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import { useTranslation } from 'react-i18next';
import { PlaceholderPanel } from '../../../components/PlaceholderPanel';

/**
 * PLACEHOLDER: the Token Marketplace of spec §2 (listings, filters, purchase dialog).
 * The engineer who builds this feature replaces this panel; the dashboard already routes here.
 */
export function MarketplaceTab() {
  const { t } = useTranslation();
  return (
    <PlaceholderPanel
      title={t('nav.marketplace')}
      headline={t('placeholders.marketplace.title')}
      description={t('placeholders.marketplace.description')}
      icon={<StorefrontOutlined />}
    />
  );
}
