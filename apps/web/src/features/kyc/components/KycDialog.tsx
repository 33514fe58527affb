import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';

/**
 * 'Identity Verification' (spec §2 "KYC modal").
 * PLACEHOLDER until the KYC feature lands: the KYC engineer replaces this body with the embedded
 * verification widget (@sumsub/websdk) and the data sync.
 */
export function KycDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('kyc.title')}</DialogTitle>
      <DialogContent>
        <EmptyState
          icon={<VerifiedUserOutlined />}
          title={t('kyc.pendingTitle')}
          description={t('kyc.pendingDescription')}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
