import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Wallet } from '@portal/shared/vault';
import { CopyButton } from '../../../components/CopyButton';
import { useNotify } from '../../../components/Notifier';
import { QrCode } from './QrCode';

/** One address large enough to scan from another device, with the whole address to compare. */
export function QrCodeDialog({
  open,
  wallet,
  assetName,
  onClose,
}: {
  open: boolean;
  wallet: Wallet | null;
  assetName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  return (
    <Dialog open={open && !!wallet} onClose={onClose} maxWidth="xs" fullWidth>
      {wallet && (
        <>
          <DialogTitle>{t('vault.deposit.qrTitle', { asset: assetName })}</DialogTitle>
          <DialogContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
            <Box sx={{ padding: 1.5, bgcolor: '#fff', borderRadius: 2, border: 1, borderColor: 'divider' }}>
              <QrCode value={wallet.address} size={232} label={wallet.address} />
            </Box>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, maxWidth: '100%' }}>
              <Typography
                dir="ltr"
                sx={{ fontFamily: 'ui-monospace, monospace', fontSize: 13, wordBreak: 'break-all' }}
                data-testid="qr-address"
              >
                {wallet.address}
              </Typography>
              <CopyButton
                value={wallet.address}
                label={t('vault.wallets.copy', { asset: assetName })}
                onCopied={() => notify(t('common.copied'))}
              />
            </Box>
            <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center' }}>
              {t('vault.deposit.qrHint', { asset: assetName })}
            </Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('common.close')}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
