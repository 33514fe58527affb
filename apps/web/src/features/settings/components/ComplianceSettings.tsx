import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import { useTranslation } from 'react-i18next';
import type { User } from '@portal/shared/auth';
import { BusinessVerification } from '../../kyb';
import { SettingRow, SettingsSection } from './SettingsSection';

/** KYC shows the account's real status; KYB shows the business's application and its documents. */
export function ComplianceSettings({ user }: { user: User }) {
  const { t } = useTranslation();
  const verified = user.kycStatus === 'verified';
  return (
    <SettingsSection
      title={t('settings.compliance.title')}
      description={t('settings.compliance.description')}
    >
      <SettingRow
        label={t('settings.compliance.kyc')}
        hint={t('settings.compliance.kycHint')}
        control={
          <Chip
            label={t(`kycStatus.${user.kycStatus}`)}
            color={verified ? 'success' : 'default'}
            variant={verified ? 'filled' : 'outlined'}
          />
        }
      />
      <Divider />
      <BusinessVerification />
    </SettingsSection>
  );
}
