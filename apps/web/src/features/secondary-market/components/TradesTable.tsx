import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecondaryFill } from '@portal/shared/secondary-market';
import { formatDateTime, shortenAddress } from '../../../lib/format';
import { ethText } from '../api/rules';

/** The last trades, newest first, each with its swap transaction: also the price chart's text alternative. */
export function TradesTable({ trades }: { trades: readonly SecondaryFill[] }) {
  const { t, i18n } = useTranslation();
  const captionId = useId();
  if (trades.length === 0) {
    return <Typography sx={{ color: 'text.secondary' }}>{t('secondary.trades.empty')}</Typography>;
  }
  return (
    <TableContainer role="region" tabIndex={0} aria-labelledby={captionId} sx={{ overflowX: 'auto' }}>
      <Table size="small" sx={{ minWidth: 560 }}>
        <caption id={captionId} style={{ captionSide: 'top', textAlign: 'start', padding: 0 }}>
          {t('secondary.trades.caption')}
        </caption>
        <TableHead>
          <TableRow>
            <TableCell>{t('secondary.trades.at')}</TableCell>
            <TableCell>{t('secondary.trades.amount')}</TableCell>
            <TableCell>{t('secondary.book.price')}</TableCell>
            <TableCell>{t('secondary.book.total')}</TableCell>
            <TableCell>{t('secondary.trades.hash')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {trades.map((trade) => (
            <TableRow key={trade.id} data-testid="trade-row">
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(trade.at, i18n.language)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <span dir="ltr">{`${trade.amount} ${trade.symbol}`}</span>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <span dir="ltr">{t('marketplace.eth', { amount: ethText(trade.pricePerTokenWei) })}</span>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <span dir="ltr">{t('marketplace.eth', { amount: ethText(trade.totalWei) })}</span>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap', fontFamily: 'monospace' }}>
                {trade.txHash &&
                  (trade.explorerUrl ? (
                    <Link href={trade.explorerUrl} target="_blank" rel="noopener noreferrer" dir="ltr">
                      {shortenAddress(trade.txHash)}
                    </Link>
                  ) : (
                    <span dir="ltr" title={trade.txHash}>
                      {shortenAddress(trade.txHash)}
                    </span>
                  ))}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
