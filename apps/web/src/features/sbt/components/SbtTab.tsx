import TokenOutlined from '@mui/icons-material/TokenOutlined';
import { useTranslation } from 'react-i18next';
import { PlaceholderPanel } from '../../../components/PlaceholderPanel';

/**
 * PLACEHOLDER: the SBT tab of spec §2 (templates, create and mint, credentials).
 * The engineer who builds this feature replaces this panel; the dashboard already routes here.
 */
export function SbtTab() {
  const { t } = useTranslation();
  return (
    <PlaceholderPanel
      title={t('nav.sbt')}
      headline={t('placeholders.sbt.title')}
      description={t('placeholders.sbt.description')}
      icon={<TokenOutlined />}
    />
  );
}
