import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AppButton } from '../../../components/AppButton';
import { useNotify } from '../../../components/Notifier';
import { api } from '../../../lib/api-client';
import { setAuthNotice } from '../../../lib/auth-storage';
import { deactivateAccount } from '../api/deactivate';
import { downloadMyData } from '../api/export-data';
import { PasswordConfirmDialog } from './PasswordConfirmDialog';
import { PrivacySettings } from './PrivacySettings';
import { SettingRow, SettingsSection } from './SettingsSection';

function DeactivateDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PasswordConfirmDialog
      title={t('settings.account.deactivateTitle')}
      description={t('settings.account.deactivateHint')}
      hint={t('settings.account.deactivateConfirm')}
      confirmLabel={t('settings.account.deactivate')}
      onClose={onClose}
      onConfirm={async (password) => {
        await deactivateAccount(password);
        setAuthNotice({ key: 'accountDeactivatedDone', severity: 'info' });
        // The server already ended every session; this forgets the local one.
        await api.logout();
        await navigate('/login', { replace: true });
      }}
    />
  );
}

/**
 * docs/product.md §2.12: every account is on the free tier, so billing is informational
 * and says so; 'Download my data' and 'Deactivate Account' work (ADR 0024).
 */
export function AccountManagement() {
  const { t } = useTranslation();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadMyData();
    } catch {
      notify(t('settings.account.downloadFailed'), 'error');
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Stack sx={{ gap: 3 }}>
      <SettingsSection title={t('settings.account.subscription')}>
        <SettingRow
          label={t('settings.account.plan')}
          control={<Chip color="primary" label={t('settings.account.freeTier')} />}
        />
      </SettingsSection>
      <SettingsSection title={t('settings.account.billing')}>
        <Alert severity="info" sx={{ marginBlockEnd: 1.5 }}>
          {t('settings.account.billingHint')}
        </Alert>
        <SettingRow
          label={t('settings.account.paymentMethod')}
          hint={t('settings.account.noCardNeeded')}
          control={
            <Box
              component="span"
              dir="ltr"
              aria-hidden
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
      <PrivacySettings />
      <SettingsSection title={t('settings.account.yourData')}>
        <SettingRow
          label={t('settings.account.downloadData')}
          hint={t('settings.account.downloadDataHint')}
          control={
            <AppButton
              size="sm"
              variant="outline"
              startIcon={<DownloadOutlined />}
              loading={downloading}
              onClick={() => void download()}
            >
              {t('settings.account.downloadData')}
            </AppButton>
          }
        />
      </SettingsSection>
      <SettingsSection title={t('settings.account.dangerZone')}>
        <SettingRow
          label={t('settings.account.deactivate')}
          hint={t('settings.account.deactivateHint')}
          control={
            <AppButton variant="danger" size="sm" onClick={() => setConfirming(true)}>
              {t('settings.account.deactivate')}
            </AppButton>
          }
        />
      </SettingsSection>
      {confirming && <DeactivateDialog onClose={() => setConfirming(false)} />}
    </Stack>
  );
}
