import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { formatMessage, messages } from '@portal/shared/messages';
import { formatUnits } from '@portal/shared/money';
import type { SecondaryOrder } from '@portal/shared/secondary-market';
import { AppButton } from '../../../components/AppButton';
import { Detail } from '../../../components/Detail';
import { PageHeader } from '../../../components/PageHeader';
import { useMessage } from '../../../i18n/use-message';
import { chainLabelKey } from '../../../lib/chain-label';
import { tabHref } from '../../../lib/dashboard-paths';
import { useHoldings } from '../../holdings';
import { useOrderBook, useTrades } from '../api/secondary';
import { ethText } from '../api/rules';
import { FactsGrid } from './FactsGrid';
import { freeWholeTokens } from './free';
import { MySecondarySection } from './MySecondarySection';
import { OrderBookTable } from './OrderBookTable';
import { PriceChart } from './PriceChart';
import { SellOrderDialog } from './SellOrderDialog';
import { TakeOrderDialog } from './TakeOrderDialog';
import { TradesTable } from './TradesTable';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id} data-testid={testId}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography id={id} variant="h6" component="h3">
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * A token's page (`/tokens/:tokenId`, ADR 75): its facts, the order book (sellers anonymous, mine
 * marked), the last trades and their price over time, and my orders and fills on it. A holder
 * posts a sell order here; anyone eligible buys from an order. A paused token says its issuer's
 * reason and offers neither.
 */
export function TokenPage() {
  const { tokenId = '' } = useParams();
  const { t } = useTranslation();
  const message = useMessage();
  const book = useOrderBook(tokenId);
  const trades = useTrades(tokenId);
  const holdings = useHoldings();
  const [selling, setSelling] = useState(false);
  const [taking, setTaking] = useState<SecondaryOrder>();

  const back = (
    <Button
      component={RouterLink}
      to={tabHref('marketplace')}
      startIcon={
        <ArrowBack sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none') }} />
      }
    >
      {t('secondary.page.back')}
    </Button>
  );

  if (book.isPending) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Skeleton variant="rounded" height={64} />
        <Skeleton variant="rounded" height={200} />
      </Box>
    );
  }
  if (book.isError) {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
        <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
          {message(book.error.message)}
        </Alert>
        {back}
      </Box>
    );
  }

  const data = book.data;
  const holding = holdings.data?.holdings.find((held) => held.token.id === tokenId);
  const free = holding ? freeWholeTokens(holding) : 0n;
  const best = data.orders.find((order) => !order.isMine) ?? data.orders[0];
  const pauseText = data.paused
    ? data.pausedReason
      ? message(formatMessage(messages.secondaryPaused, { symbol: data.symbol, reason: data.pausedReason }))
      : t('messages.eligibilityPaused')
    : undefined;

  return (
    <>
      <PageHeader
        title={t('secondary.page.title', { name: data.tokenName, symbol: data.symbol })}
        subtitle={t('secondary.page.subtitle')}
        action={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {back}
            {holding && (
              <AppButton
                onClick={() => setSelling(true)}
                disabled={!data.tradable || free === 0n}
                data-testid="sell-open"
              >
                {t('secondary.sell.openOf', { symbol: data.symbol })}
              </AppButton>
            )}
          </Box>
        }
      />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        {pauseText && (
          <Alert severity="warning" data-testid="token-paused">
            {pauseText}
          </Alert>
        )}
        {data.unsupportedReason && (
          <Alert severity="info" data-testid="token-unsupported">
            {message(data.unsupportedReason)}
          </Alert>
        )}
        <Section title={t('secondary.page.facts')} testId="token-facts">
          <FactsGrid>
            <Detail term={t('marketplace.columns.name')}>{data.tokenName}</Detail>
            <Detail term={t('marketplace.columns.symbol')}>{data.symbol}</Detail>
            {holding && (
              <>
                <Detail term={t('marketplace.columns.type')}>{holding.token.tokenType}</Detail>
                <Detail term={t('marketplace.columns.blockchain')}>
                  {t(`chains.${chainLabelKey(holding.token.blockchain)}`)}
                </Detail>
              </>
            )}
            <Detail term={t('secondary.page.lastPrice')}>
              <span dir="ltr" data-testid="token-last-price">
                {data.lastPriceWei === null
                  ? t('overview.noValue')
                  : t('marketplace.eth', { amount: ethText(data.lastPriceWei) })}
              </span>
            </Detail>
            <Detail term={t('secondary.page.bestOffer')}>
              <span dir="ltr" data-testid="token-best-offer">
                {best
                  ? t('marketplace.eth', { amount: ethText(best.pricePerTokenWei) })
                  : t('overview.noValue')}
              </span>
            </Detail>
            {holding && (
              <>
                <Detail term={t('secondary.page.held')}>
                  <span dir="ltr">{`${formatUnits(BigInt(holding.balance), holding.token.decimals)} ${data.symbol}`}</span>
                </Detail>
                <Detail term={t('secondary.page.free')}>
                  <span dir="ltr" data-testid="token-free">{`${free} ${data.symbol}`}</span>
                </Detail>
              </>
            )}
          </FactsGrid>
        </Section>
        <Section title={t('secondary.book.title')} testId="order-book">
          <OrderBookTable orders={data.orders} canTake={data.tradable} onTake={setTaking} />
        </Section>
        <Section title={t('secondary.trades.title')} testId="token-trades">
          {trades.isError && <Alert severity="error">{message(trades.error.message)}</Alert>}
          {trades.isPending && <Skeleton variant="rounded" height={120} />}
          {trades.data && (
            <>
              <PriceChart points={trades.data.priceHistory} />
              <TradesTable trades={trades.data.trades} />
            </>
          )}
        </Section>
        <MySecondarySection tokenId={tokenId} />
      </Box>
      {selling && holding && (
        <SellOrderDialog
          token={{ id: tokenId, symbol: data.symbol }}
          free={free}
          onClose={() => setSelling(false)}
        />
      )}
      {taking && (
        <TakeOrderDialog order={taking} tokenName={data.tokenName} onClose={() => setTaking(undefined)} />
      )}
    </>
  );
}
