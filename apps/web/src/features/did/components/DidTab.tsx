import FingerprintOutlined from '@mui/icons-material/FingerprintOutlined';
import { useTranslation } from 'react-i18next';
import { PlaceholderPanel } from '../../../components/PlaceholderPanel';

/**
 * PLACEHOLDER: the DID tab of spec §2 ('Start your Decentralized Identity').
 * The engineer who builds this feature replaces this panel; the dashboard already routes here.
 */
export function DidTab() {
  const { t } = useTranslation();
  return (
    <PlaceholderPanel
      title={t('nav.did')}
      headline={t('placeholders.did.title')}
      description={t('placeholders.did.description')}
      icon={<FingerprintOutlined />}
    />
  );
}
