import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { formatMessage, messages } from '@portal/shared/messages';
import { Detail } from '../../../components/Detail';
import { WideDialog } from '../../../components/WideDialog';
import { useMessage } from '../../../i18n/use-message';
import { useIssuerSecondary } from '../api/secondary';
import { ethText } from '../api/rules';
import { FactsGrid } from './FactsGrid';
import { TradesTable } from './TradesTable';

/**
 * The issuer's view of trading in its token (ADR 75): volume and value of settled trades, their
 * number, the open orders and what they lock, how many investors bought and sold, the last price,
 * the recent trades with their hashes; and whether trading is paused, with the reason holders see.
 */
export function IssuerSecondaryDialog({
  token,
  onClose,
}: {
  token: { id: string; name: string; symbol: string };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const query = useIssuerSecondary(token.id);
  const data = query.data;
  const eth = (wei: string) => t('marketplace.eth', { amount: ethText(wei) });
  return (
    <WideDialog
      title={t('secondary.issuer.titleOf', { name: token.name, symbol: token.symbol })}
      onClose={onClose}
      testId="issuer-secondary-dialog"
    >
      {query.isPending && <Skeleton variant="rounded" height={160} />}
      {query.isError && <Alert severity="error">{message(query.error.message)}</Alert>}
      {data && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
          {data.paused && (
            <Alert severity="warning" data-testid="issuer-secondary-paused">
              {data.pausedReason
                ? message(
                    formatMessage(messages.secondaryPaused, {
                      symbol: data.symbol,
                      reason: data.pausedReason,
                    }),
                  )
                : t('messages.eligibilityPaused')}
            </Alert>
          )}
          {data.unsupportedReason && <Alert severity="info">{message(data.unsupportedReason)}</Alert>}
          <FactsGrid testId="issuer-secondary-figures">
            <Detail term={t('secondary.issuer.volume')}>
              <span dir="ltr" data-testid="issuer-secondary-volume">{`${data.volume} ${data.symbol}`}</span>
            </Detail>
            <Detail term={t('secondary.issuer.value')}>
              <span dir="ltr">{eth(data.valueWei)}</span>
            </Detail>
            <Detail term={t('secondary.issuer.trades')}>
              <span data-testid="issuer-secondary-trades">{data.trades}</span>
            </Detail>
            <Detail term={t('secondary.page.lastPrice')}>
              <span dir="ltr">
                {data.lastPriceWei === null ? t('overview.noValue') : eth(data.lastPriceWei)}
              </span>
            </Detail>
            <Detail term={t('secondary.issuer.openOrders')}>{data.openOrders}</Detail>
            <Detail term={t('secondary.issuer.locked')}>
              <span dir="ltr">{`${data.locked} ${data.symbol}`}</span>
            </Detail>
            <Detail term={t('secondary.issuer.buyers')}>{data.buyers}</Detail>
            <Detail term={t('secondary.issuer.sellers')}>{data.sellers}</Detail>
          </FactsGrid>
          <TradesTable trades={data.recentTrades} />
        </Box>
      )}
    </WideDialog>
  );
}
