import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';

/** The portal sends no in-app notifications yet, and says so rather than inventing any. */
export function NotificationsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('topbar.notifications')}</DialogTitle>
      <DialogContent>
        <EmptyState
          dense
          icon={<NotificationsNoneOutlined />}
          title={t('notifications.emptyTitle')}
          description={t('notifications.emptyDescription')}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
