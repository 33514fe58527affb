import Refresh from '@mui/icons-material/Refresh';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Wallet } from '@portal/shared/vault';
import { CopyButton } from '../../../components/CopyButton';
import { EmptyState } from '../../../components/EmptyState';
import { useNotify } from '../../../components/Notifier';
import { shortenAddress } from '../../../lib/format';
import { useAssetName } from '../asset-names';
import { QrCode } from './QrCode';
import { QrCodeDialog } from './QrCodeDialog';

/**
 * docs/product.md §2.5: each wallet with its friendly asset name, its address (compact:
 * first 6 and last 4 characters), a copy button and a QR code; Refresh, Retry, 'Refresh to sync'.
 */
export function WalletDisplay({
  wallets,
  compact = false,
}: {
  wallets: UseQueryResult<Wallet[]>;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const assetName = useAssetName();
  // The last wallet shown stays in the dialog while it fades out.
  const [shown, setShown] = useState<Wallet | null>(null);
  const [qrOpen, setQrOpen] = useState(false);
  const refresh = () => void wallets.refetch();
  const list = wallets.data ?? [];

  return (
    <Card data-testid="wallet-display">
      <CardHeader
        title={t('vault.deposit.title')}
        slotProps={{ title: { variant: 'h6', component: 'h3' } }}
        sx={{ '& .MuiCardHeader-action': { alignSelf: 'center', margin: 0 } }}
        action={
          <Tooltip title={t('vault.deposit.refresh')}>
            <span>
              <IconButton
                onClick={refresh}
                disabled={wallets.isFetching}
                aria-label={t('vault.deposit.refresh')}
              >
                {wallets.isFetching ? <CircularProgress size={20} /> : <Refresh />}
              </IconButton>
            </span>
          </Tooltip>
        }
      />
      <Divider />
      {wallets.isError && (
        <Alert
          severity="error"
          sx={{ margin: 2 }}
          action={
            <Button color="inherit" size="small" onClick={refresh}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('messages.walletsLoadFailed')}
        </Alert>
      )}
      {wallets.isPending && wallets.isFetching ? (
        <Box sx={{ padding: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} variant="rounded" height={56} />
          ))}
        </Box>
      ) : (
        wallets.isSuccess &&
        (list.length === 0 ? (
          <EmptyState
            dense
            title={t('vault.deposit.empty')}
            action={
              <Button variant="outlined" startIcon={<SyncOutlined />} onClick={refresh}>
                {t('vault.deposit.refreshToSync')}
              </Button>
            }
          />
        ) : (
          <List disablePadding>
            {list.map((wallet) => {
              const name = assetName(wallet.assetId);
              return (
                <ListItem
                  key={`${wallet.assetId}:${wallet.address}`}
                  divider
                  sx={{ gap: 1.5, paddingInlineEnd: 7 }}
                  secondaryAction={
                    <CopyButton
                      value={wallet.address}
                      label={t('vault.wallets.copy', { asset: name })}
                      onCopied={() => notify(t('common.copied'))}
                    />
                  }
                >
                  <ButtonBase
                    onClick={() => {
                      setShown(wallet);
                      setQrOpen(true);
                    }}
                    aria-label={t('vault.deposit.showQr', { asset: name })}
                    sx={{ borderRadius: 1, border: 1, borderColor: 'divider', padding: 0.25 }}
                  >
                    <QrCode value={wallet.address} size={52} />
                  </ButtonBase>
                  <ListItemText
                    primary={name}
                    secondary={
                      <Box
                        component="span"
                        dir="ltr"
                        title={wallet.address}
                        sx={{ fontFamily: 'ui-monospace, monospace', wordBreak: 'break-all' }}
                      >
                        {compact ? shortenAddress(wallet.address) : wallet.address}
                      </Box>
                    }
                    slotProps={{ primary: { sx: { fontWeight: 600, fontSize: 14 } } }}
                  />
                </ListItem>
              );
            })}
          </List>
        ))
      )}
      <QrCodeDialog
        open={qrOpen}
        wallet={shown}
        assetName={shown ? assetName(shown.assetId) : ''}
        onClose={() => setQrOpen(false)}
      />
    </Card>
  );
}
