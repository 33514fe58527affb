import FingerprintOutlined from '@mui/icons-material/FingerprintOutlined';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { SettingsSection } from './SettingsSection';

/**
 * PLACEHOLDER: the DID/SBT engineer fills this in (spec §2 "Blockchain Identity": DID row with
 * copy and 'Create DID', SBT row with status and explorer link, connected wallets).
 */
export function BlockchainIdentity() {
  const { t } = useTranslation();
  return (
    <SettingsSection title={t('settings.tabs.blockchain')}>
      <EmptyState
        dense
        icon={<FingerprintOutlined />}
        title={t('placeholders.did.title')}
        description={t('placeholders.did.description')}
      />
    </SettingsSection>
  );
}
