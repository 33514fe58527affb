import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import PaidOutlined from '@mui/icons-material/PaidOutlined';
import RedeemOutlined from '@mui/icons-material/RedeemOutlined';
import SecurityOutlined from '@mui/icons-material/SecurityOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import TokenOutlined from '@mui/icons-material/TokenOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notification, NotificationType } from '@portal/shared/notifications';
import { EmptyState } from '../../../components/EmptyState';
import { useMessage } from '../../../i18n/use-message';
import { useNotifications } from '../api/list-notifications';
import { useMarkRead } from '../api/mark-read';
import { visuallyHidden } from '../../../lib/visually-hidden';

/** What an issuer did to the holder's tokens (the `action` of a `token.enforced` notice). */
type EnforcedAction = 'frozen' | 'unfrozen' | 'forced-transfer' | 'wallet-recovered' | 'paused' | 'unpaused';

const ICONS: Record<NotificationType, ReactNode> = {
  'kyc.verified': <VerifiedUserOutlined color="success" />,
  'kyc.rejected': <VerifiedUserOutlined color="error" />,
  'kyb.approved': <BusinessOutlined color="success" />,
  'kyb.rejected': <BusinessOutlined color="error" />,
  'vault.created': <AccountBalanceWalletOutlined color="primary" />,
  'sbt.minted': <TokenOutlined color="primary" />,
  'sbt.revoked': <TokenOutlined color="error" />,
  'purchase.settled': <ShoppingCartOutlined color="success" />,
  'purchase.failed': <ShoppingCartOutlined color="error" />,
  'secondary.sold': <StorefrontOutlined color="success" />,
  'secondary.bought': <StorefrontOutlined color="success" />,
  'secondary.expired': <StorefrontOutlined color="action" />,
  'security.login': <SecurityOutlined color="warning" />,
  'security.password-guessing': <SecurityOutlined color="error" />,
  'security.two-factor-guessing': <SecurityOutlined color="error" />,
  'token.enforced': <GavelOutlined color="warning" />,
  'distribution.paid': <PaidOutlined color="success" />,
  'redemption.settled': <RedeemOutlined color="success" />,
  'redemption.cancelled': <RedeemOutlined color="action" />,
  'transfer.received': <SendOutlined color="success" />,
  'transfer.completed': <SendOutlined color="success" />,
  'transfer.failed': <SendOutlined color="error" />,
};

function NotificationItem({ notification, onRead }: { notification: Notification; onRead: () => void }) {
  const { t, i18n } = useTranslation();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(notification.createdAt),
  );
  const {
    amount = '',
    symbol = '',
    device = '',
    action = '',
    reason = '',
    address = '',
    currency = '',
  } = notification.data;
  const { type } = notification;
  const title =
    type === 'token.enforced'
      ? t(`notifications.enforced.${action as EnforcedAction}`, { amount, symbol, reason, address })
      : t(`notifications.types.${type}`, { amount, symbol, device, currency });
  return (
    <li>
      <ListItemButton
        onClick={notification.read ? undefined : onRead}
        sx={{ borderRadius: 1.5, alignItems: 'flex-start', gap: 0.5 }}
      >
        <ListItemIcon sx={{ minWidth: 40, marginBlockStart: 0.5 }}>{ICONS[notification.type]}</ListItemIcon>
        <ListItemText
          primary={title}
          secondary={when}
          slotProps={{ primary: { sx: { fontWeight: notification.read ? 400 : 650 } } }}
        />
        {!notification.read && (
          <>
            <Box
              aria-hidden
              sx={{
                width: 8,
                height: 8,
                borderRadius: '50%',
                bgcolor: 'primary.main',
                marginBlockStart: 1.25,
              }}
            />
            {/* The dot's meaning, for screen readers; the name stays the visible text plus this. */}
            <Box component="span" sx={visuallyHidden}>
              {t('notifications.unread')}
            </Box>
          </>
        )}
      </ListItemButton>
    </li>
  );
}

/** The avatar menu's Notifications: the user's list, newest first, kept live by the event stream. */
export function NotificationsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const list = useNotifications();
  const markRead = useMarkRead();
  const notifications = list.data?.notifications ?? [];
  const unread = list.data?.unread ?? 0;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="notifications-title">
      <DialogTitle id="notifications-title">{t('topbar.notifications')}</DialogTitle>
      <DialogContent sx={{ paddingInline: 1.5 }}>
        {list.isPending ? (
          <Skeleton variant="rounded" height={120} />
        ) : list.isError ? (
          <Alert severity="error">{message(list.error.message)}</Alert>
        ) : notifications.length === 0 ? (
          <EmptyState
            dense
            icon={<NotificationsNoneOutlined />}
            title={t('notifications.emptyTitle')}
            description={t('notifications.emptyDescription')}
          />
        ) : (
          <List dense aria-label={t('topbar.notifications')} data-testid="notifications-list">
            {notifications.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                onRead={() => markRead.mutate([notification.id])}
              />
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        {unread > 0 && (
          <Button onClick={() => markRead.mutate(undefined)} disabled={markRead.isPending}>
            {t('notifications.markAllRead')}
          </Button>
        )}
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
