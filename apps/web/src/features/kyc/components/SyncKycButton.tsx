import SyncOutlined from '@mui/icons-material/SyncOutlined';
import { useTranslation } from 'react-i18next';
import { AppButton } from '../../../components/AppButton';
import { useNotify } from '../../../components/Notifier';
import { useMessage } from '../../../i18n/use-message';
import { useSyncKycData } from '../api/sync-kyc';

/**
 * The overview's 'Sync KYC Data' (docs/product.md §2.4, INVESTOR and ISSUER only): the server's message, or
 * 'KYC data synced'; on failure 'Sync failed: ' and the reason.
 */
export function SyncKycButton() {
  const { t } = useTranslation();
  const notify = useNotify();
  const message = useMessage();
  const sync = useSyncKycData();
  return (
    <AppButton
      variant="outline"
      startIcon={<SyncOutlined />}
      loading={sync.isPending}
      onClick={() =>
        sync.mutate(undefined, {
          onSuccess: (data) =>
            notify(
              message(data.message) ?? t('messages.kycSynced'),
              data.status === 'verified' ? 'success' : 'info',
            ),
          onError: (error) => notify(t('kyc.syncFailed', { message: message(error.message) }), 'error'),
        })
      }
    >
      {t('kyc.syncData')}
    </AppButton>
  );
}
