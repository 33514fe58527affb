import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { MySecondaryFill, SecondaryOrder } from '@portal/shared/secondary-market';
import { Detail } from '../../../components/Detail';
import { formatDateTime } from '../../../lib/format';
import { TransactionHash } from '../../purchases';
import { useMySecondary } from '../api/secondary';
import { ethText } from '../api/rules';
import { CancelOrderButton } from './CancelOrderButton';
import { FactsGrid } from './FactsGrid';
import { FillStatusChip, OrderStatusChip } from './StatusChips';

const listSx = { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 3 } as const;

function OrderItem({ order, linked }: { order: SecondaryOrder; linked: boolean }) {
  const { t, i18n } = useTranslation();
  const title = t('secondary.mine.orderTitle', { amount: order.amount, symbol: order.symbol });
  return (
    <Box component="li" data-testid="my-order" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600, flex: 1 }}>
          {linked ? (
            <Link component={RouterLink} to={`/tokens/${order.tokenId}`}>
              {title}
            </Link>
          ) : (
            title
          )}
        </Typography>
        <OrderStatusChip status={order.status} />
      </Box>
      <FactsGrid>
        <Detail term={t('secondary.book.remaining')}>
          <span dir="ltr" data-testid="my-order-remaining">{`${order.remaining} ${order.symbol}`}</span>
        </Detail>
        <Detail term={t('secondary.book.price')}>
          <span dir="ltr">{t('marketplace.eth', { amount: ethText(order.pricePerTokenWei) })}</span>
        </Detail>
        <Detail term={t('secondary.mine.posted')}>{formatDateTime(order.postedAt, i18n.language)}</Detail>
        <Detail term={t('secondary.book.expires')}>{formatDateTime(order.expiresAt, i18n.language)}</Detail>
        {order.lockTxHash && (
          <Detail sx={{ gridColumn: '1 / -1' }} term={t('secondary.mine.lockHash')}>
            <TransactionHash
              hash={order.lockTxHash}
              explorerUrl={order.lockExplorerUrl}
              testId="order-lock-hash"
            />
          </Detail>
        )}
        {order.returnTxHash && (
          <Detail sx={{ gridColumn: '1 / -1' }} term={t('secondary.mine.returnHash')}>
            <TransactionHash hash={order.returnTxHash} explorerUrl={null} testId="order-return-hash" />
          </Detail>
        )}
      </FactsGrid>
      <CancelOrderButton order={order} />
    </Box>
  );
}

function FillItem({ fill }: { fill: MySecondaryFill }) {
  const { t, i18n } = useTranslation();
  return (
    <Box component="li" data-testid="my-fill" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600, flex: 1 }} data-testid="my-fill-title">
          {t(fill.side === 'buy' ? 'secondary.mine.bought' : 'secondary.mine.sold', {
            amount: fill.amount,
            symbol: fill.symbol,
          })}
        </Typography>
        <FillStatusChip status={fill.status} />
      </Box>
      <FactsGrid>
        <Detail term={t('secondary.book.price')}>
          <span dir="ltr">{t('marketplace.eth', { amount: ethText(fill.pricePerTokenWei) })}</span>
        </Detail>
        <Detail term={fill.side === 'buy' ? t('secondary.mine.paid') : t('secondary.mine.received')}>
          <span dir="ltr" data-testid="my-fill-total">
            {t('marketplace.eth', { amount: ethText(fill.totalWei) })}
          </span>
        </Detail>
        <Detail term={t('secondary.trades.at')}>{formatDateTime(fill.at, i18n.language)}</Detail>
        {fill.txHash && (
          <Detail sx={{ gridColumn: '1 / -1' }} term={t('secondary.trades.hash')}>
            <TransactionHash hash={fill.txHash} explorerUrl={fill.explorerUrl} testId="my-fill-hash" />
          </Detail>
        )}
      </FactsGrid>
    </Box>
  );
}

/**
 * My orders and my fills on both sides, with their hashes (ADR 75): in My Assets for every token
 * (each order linking to its token's page), on a token's page for that token only.
 */
export function MySecondarySection({ tokenId }: { tokenId?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const mine = useMySecondary();
  const orders = (mine.data?.orders ?? []).filter((order) => !tokenId || order.tokenId === tokenId);
  const fills = (mine.data?.fills ?? []).filter((fill) => !tokenId || fill.tokenId === tokenId);
  if (orders.length === 0 && fills.length === 0) return null;
  return (
    <Card component="section" aria-labelledby={id} data-testid="my-secondary">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography id={id} variant="h6" component="h2">
          {t('secondary.mine.title')}
        </Typography>
        {orders.length > 0 && (
          <>
            <Typography variant="subtitle2" component="h3">
              {t('secondary.mine.orders')}
            </Typography>
            <Box component="ul" sx={listSx}>
              {orders.map((order) => (
                <OrderItem key={order.id} order={order} linked={!tokenId} />
              ))}
            </Box>
          </>
        )}
        {fills.length > 0 && (
          <>
            <Typography variant="subtitle2" component="h3">
              {t('secondary.mine.fills')}
            </Typography>
            <Box component="ul" sx={listSx}>
              {fills.map((fill) => (
                <FillItem key={fill.id} fill={fill} />
              ))}
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}
