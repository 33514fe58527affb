import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { messages } from '@portal/shared/messages';
import { AppButton } from '../../../components/AppButton';
import { useNotify } from '../../../components/Notifier';
import { PasswordInput } from '../../../components/PasswordInput';
import { useMessage } from '../../../i18n/use-message';
import { api, ApiError } from '../../../lib/api-client';
import { setAuthNotice } from '../../../lib/auth-storage';
import { deactivateAccount } from '../api/deactivate';
import { downloadMyData } from '../api/export-data';
import { SettingRow, SettingsSection } from './SettingsSection';

function DeactivateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setError(undefined);
    if (!password) return setError(messages.passwordRequired);
    setBusy(true);
    try {
      await deactivateAccount(password);
      setAuthNotice({ key: 'accountDeactivatedDone', severity: 'info' });
      // The server already ended every session; this forgets the local one.
      await api.logout();
      await navigate('/login', { replace: true });
    } catch (failure) {
      setError(
        failure instanceof ApiError ? (failure.fields?.password ?? failure.message) : messages.internalError,
      );
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="deactivate-title"
    >
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id="deactivate-title">{t('settings.account.deactivateTitle')}</DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 2 }}>
            <DialogContentText>{t('settings.account.deactivateHint')}</DialogContentText>
            <PasswordInput
              label={t('fields.password')}
              autoComplete="current-password"
              required
              autoFocus
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              hint={t('settings.account.deactivateConfirm')}
              error={message(error)}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <AppButton variant="ghost" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </AppButton>
          <AppButton type="submit" variant="danger" loading={busy}>
            {t('settings.account.deactivate')}
          </AppButton>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/**
 * Spec §2 "Account Management": every account is on the free tier, so billing is informational
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
      {confirming && <DeactivateDialog open onClose={() => setConfirming(false)} />}
    </Stack>
  );
}
