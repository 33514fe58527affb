import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import { useTranslation } from 'react-i18next';
import { PlaceholderPanel } from '../../../components/PlaceholderPanel';

/**
 * PLACEHOLDER: the Vault page of spec §2 (status card, wallet table, Create Vault).
 * The engineer who builds this feature replaces this panel; the dashboard already routes here.
 */
export function VaultTab() {
  const { t } = useTranslation();
  return (
    <PlaceholderPanel
      title={t('nav.vault')}
      headline={t('placeholders.vault.title')}
      description={t('placeholders.vault.description')}
      icon={<AccountBalanceWalletOutlined />}
    />
  );
}
