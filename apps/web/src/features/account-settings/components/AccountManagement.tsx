import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { AppButton } from '../../../components/AppButton';
import { SettingRow, SettingsSection } from './SettingsSection';

/** Spec §2 "Account Management": every account is on the free tier; billing is not offered yet. */
export function AccountManagement() {
  const { t } = useTranslation();
  return (
    <Stack sx={{ gap: 3 }}>
      <SettingsSection title={t('settings.account.subscription')}>
        <SettingRow
          label={t('settings.account.plan')}
          control={<Chip color="primary" label={t('settings.account.freeTier')} />}
        />
      </SettingsSection>
      <SettingsSection title={t('settings.account.billing')} comingSoon>
        <SettingRow
          label={t('settings.account.paymentMethod')}
          hint={t('settings.account.noCard')}
          control={
            <Box
              component="span"
              dir="ltr"
              sx={{ fontFamily: 'ui-monospace, monospace', color: 'text.secondary' }}
            >
              •••• •••• •••• ••••
            </Box>
          }
        />
        <Divider />
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', paddingBlockStart: 2 }}>
          <AppButton disabled>{t('settings.account.upgrade')}</AppButton>
          <AppButton variant="outline" disabled>
            {t('settings.account.updatePayment')}
          </AppButton>
          <AppButton variant="outline" disabled>
            {t('settings.account.viewInvoices')}
          </AppButton>
        </Box>
      </SettingsSection>
      <SettingsSection title={t('settings.account.dangerZone')} comingSoon>
        <SettingRow
          label={t('settings.account.deactivate')}
          hint={t('settings.account.deactivateHint')}
          control={
            <AppButton variant="danger" size="sm" disabled>
              {t('settings.account.deactivate')}
            </AppButton>
          }
        />
      </SettingsSection>
    </Stack>
  );
}
