import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Wallet } from '@portal/shared/vault';
import { CopyButton } from '../../../components/CopyButton';
import { useNotify } from '../../../components/Notifier';
import { shortenAddress } from '../../../lib/format';
import { useAssetName } from '../asset-names';

/**
 * docs/product.md §2.5: Asset, Address, Action (Copy), or the empty text; with `balance`, each
 * address's balances read from the chains (ADR 68) in a column before the action.
 */
export function WalletTable({
  wallets,
  loading,
  balance,
  action,
}: {
  wallets: Wallet[];
  loading: boolean;
  balance?: (wallet: Wallet) => ReactNode;
  /** A further action beside Copy, e.g. "Get test funds" (ADR 70). */
  action?: (wallet: Wallet) => ReactNode;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const assetName = useAssetName();
  // A phone has no room for a 62-character address: it gets the short form, the copy is whole.
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'));
  const columns = balance ? 4 : 3;
  return (
    <Card>
      <CardHeader
        title={t('vault.wallets.title')}
        slotProps={{ title: { variant: 'h6', component: 'h3' } }}
      />
      <Divider />
      <TableContainer>
        <Table aria-label={t('vault.wallets.title')} size={narrow ? 'small' : 'medium'}>
          <TableHead>
            <TableRow>
              <TableCell>{t('vault.wallets.asset')}</TableCell>
              <TableCell>{t('vault.wallets.address')}</TableCell>
              {balance && <TableCell>{t('vault.balances.balance')}</TableCell>}
              <TableCell align="right" sx={{ width: 0, whiteSpace: 'nowrap' }}>
                {t('vault.wallets.action')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {loading ? (
              [0, 1, 2].map((row) => (
                <TableRow key={row}>
                  <TableCell colSpan={columns}>
                    <Skeleton height={32} />
                  </TableCell>
                </TableRow>
              ))
            ) : wallets.length === 0 ? (
              <TableRow>
                <TableCell
                  colSpan={columns}
                  sx={{ paddingBlock: 4, textAlign: 'center', color: 'text.secondary' }}
                >
                  {t('vault.wallets.empty')}
                </TableCell>
              </TableRow>
            ) : (
              wallets.map((wallet) => {
                const name = assetName(wallet.assetId);
                return (
                  <TableRow key={`${wallet.assetId}:${wallet.address}`} hover>
                    <TableCell sx={{ minWidth: { xs: 110, sm: 180 } }}>
                      <Typography sx={{ fontWeight: 600, fontSize: 14 }}>{name}</Typography>
                      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                        {wallet.assetId}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <Box
                        component="span"
                        dir="ltr"
                        title={wallet.address}
                        sx={{
                          fontFamily: 'ui-monospace, monospace',
                          fontSize: 13,
                          ...(narrow ? { whiteSpace: 'nowrap' } : { wordBreak: 'break-all' }),
                        }}
                      >
                        {narrow ? shortenAddress(wallet.address) : wallet.address}
                      </Box>
                    </TableCell>
                    {balance && <TableCell sx={{ minWidth: 110 }}>{balance(wallet)}</TableCell>}
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {action?.(wallet)}
                      <CopyButton
                        value={wallet.address}
                        label={t('vault.wallets.copy', { asset: name })}
                        onCopied={() => notify(t('common.copied'))}
                      />
                    </TableCell>
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Card>
  );
}
