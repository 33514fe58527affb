import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import { useTranslation } from 'react-i18next';
import { PlaceholderPanel } from '../../../components/PlaceholderPanel';

/**
 * PLACEHOLDER: the My Assets tab of spec §2 (owned tokens and their credentials).
 * The engineer who builds this feature replaces this panel; the dashboard already routes here.
 */
export function AssetsTab() {
  const { t } = useTranslation();
  return (
    <PlaceholderPanel
      title={t('nav.assets')}
      headline={t('placeholders.assets.title')}
      description={t('placeholders.assets.description')}
      icon={<Inventory2Outlined />}
    />
  );
}
