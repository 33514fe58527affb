import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SecondaryOrder } from '@portal/shared/secondary-market';
import { AppButton } from '../../../components/AppButton';
import { formatDateTime } from '../../../lib/format';
import { ethText, totalWei } from '../api/rules';
import { CancelOrderButton } from './CancelOrderButton';

/**
 * The open sell orders, cheapest first (ADR 75): what remains, the price per token, what all of it
 * costs and the expiry. Sellers are anonymous; the reader's own orders are marked 'Yours' and
 * offer 'Cancel' instead of 'Buy'. On a phone the table scrolls sideways inside its card.
 */
export function OrderBookTable({
  orders,
  canTake,
  onTake,
}: {
  orders: readonly SecondaryOrder[];
  /** The token trades now (not paused, on a supported chain). */
  canTake: boolean;
  onTake: (order: SecondaryOrder) => void;
}) {
  const { t, i18n } = useTranslation();
  if (orders.length === 0) {
    return <Typography sx={{ color: 'text.secondary' }}>{t('secondary.book.empty')}</Typography>;
  }
  return (
    // Focusable so keyboard users can scroll it sideways on a narrow screen.
    <TableContainer
      role="region"
      tabIndex={0}
      aria-label={t('secondary.book.title')}
      sx={{ overflowX: 'auto' }}
    >
      <Table size="small" sx={{ minWidth: 640 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('secondary.book.remaining')}</TableCell>
            <TableCell>{t('secondary.book.price')}</TableCell>
            <TableCell>{t('secondary.book.total')}</TableCell>
            <TableCell>{t('secondary.book.expires')}</TableCell>
            <TableCell>{t('secondary.book.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {orders.map((order) => (
            <TableRow key={order.id} data-testid="book-order" data-mine={order.isMine || undefined}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <span dir="ltr" data-testid="book-remaining">{`${order.remaining} ${order.symbol}`}</span>
                {order.isMine && (
                  <Chip
                    size="small"
                    variant="outlined"
                    color="primary"
                    label={t('secondary.book.yours')}
                    sx={{ marginInlineStart: 1, height: 20, fontSize: 12 }}
                    data-testid="book-yours"
                  />
                )}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <span dir="ltr" data-testid="book-price">
                  {t('marketplace.eth', { amount: ethText(order.pricePerTokenWei) })}
                </span>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <span dir="ltr">
                  {t('marketplace.eth', {
                    amount: ethText(totalWei(BigInt(order.remaining), order.pricePerTokenWei)),
                  })}
                </span>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(order.expiresAt, i18n.language)}
              </TableCell>
              <TableCell>
                {order.isMine ? (
                  <CancelOrderButton order={order} />
                ) : (
                  canTake && (
                    <AppButton
                      size="sm"
                      onClick={() => onTake(order)}
                      aria-label={t('secondary.book.buyOf', {
                        amount: order.remaining,
                        symbol: order.symbol,
                        price: ethText(order.pricePerTokenWei),
                      })}
                      data-testid="book-buy"
                    >
                      {t('secondary.book.buy')}
                    </AppButton>
                  )
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
