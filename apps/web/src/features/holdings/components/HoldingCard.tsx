import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Holding } from '@portal/shared/holdings';
import { Detail } from '../../../components/Detail';
import { StatusChip, assetStatusColor } from '../../../components/StatusChip';
import { chainLabelKey } from '../../../lib/chain-label';
import { formatDate, formatDateTime, formatPercent } from '../../../lib/format';
import { longDate } from '../../compliance';
import { ViewCredentialButton } from '../../credentials';
import { TokenIncome } from '../../distributions';
import { TransactionHash } from '../../purchases';
import { RedeemButton } from '../../redemptions';
import { SendButton } from '../../transfers';
import { HoldingTradeActions } from '../../secondary-market';
import { eth, tokens } from '../api/amounts';

/** The chain's word on the balance: a note when it could not be read or disagrees with the books (ADR 68). */
function ChainNote({ holding }: { holding: Holding }) {
  const { t } = useTranslation();
  const { token } = holding;
  if (holding.chainError) {
    return (
      <Alert severity="info" data-testid="holding-chain-note">
        {t('holdings.chainUnread', { reason: t(`holdings.chainErrors.${holding.chainError}`) })}
      </Alert>
    );
  }
  if (holding.agrees === false && holding.chainBalance !== null) {
    return (
      <Alert severity="warning" data-testid="holding-chain-note">
        {t('holdings.chainDisagrees', {
          chain: tokens(holding.chainBalance, token.decimals),
          symbol: token.symbol,
          booked: tokens(holding.booked, token.decimals),
        })}
      </Alert>
    );
  }
  return null;
}

/**
 * One card per token held (docs/product.md §2.10, ADR 68): the spec's facts, the amount from the
 * chain, what the token's rules hold of it, its value, and the purchases that made it.
 */
export function HoldingCard({ holding }: { holding: Holding }) {
  const { t, i18n } = useTranslation();
  const { token } = holding;
  const latest = holding.purchases.at(-1);
  const frozen = BigInt(holding.frozen) > 0n;
  const headingId = `holding-${token.id}`;
  return (
    <Card data-testid="asset-card" component="article" aria-labelledby={headingId}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography id={headingId} variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
              {token.name}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {token.symbol}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
            {frozen && (
              <Chip size="small" variant="outlined" color="warning" label={t('holdings.frozenChip')} />
            )}
            <StatusChip status="COMPLETED" color={assetStatusColor('COMPLETED')} data-testid="asset-status" />
          </Box>
        </Box>
        <Box component="dl" sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: '1fr 1fr', margin: 0 }}>
          <Detail term={t('assets.type')}>{token.tokenType}</Detail>
          <Detail term={t('assets.blockchain')}>{t(`chains.${chainLabelKey(token.blockchain)}`)}</Detail>
          <Detail term={t('assets.amount')}>
            <span dir="ltr" data-testid="asset-amount">
              {tokens(holding.balance, token.decimals)} {token.symbol}
            </span>
          </Detail>
          <Detail term={t('assets.percent')}>{formatPercent(holding.percent, i18n.language)}</Detail>
          <Detail term={t('holdings.value')}>
            {holding.valueWei === null ? (
              t('holdings.noPrice')
            ) : (
              <span dir="ltr" data-testid="asset-value">{`${eth(holding.valueWei)} ETH`}</span>
            )}
          </Detail>
          <Detail term={t('assets.issuer')}>{holding.issuer.email ?? t('marketplace.unknownIssuer')}</Detail>
          <TokenIncome tokenId={token.id} />
          {latest && (
            <Detail term={t('assets.purchasedAt')}>
              {formatDateTime(latest.purchasedAt, i18n.language)}
            </Detail>
          )}
          {/* What the token's rules hold of this balance now (docs/product.md §4.12). */}
          {frozen && (
            <Detail term={t('assets.frozen')}>
              <span dir="ltr" data-testid="asset-frozen">
                {tokens(holding.frozen, token.decimals)} {token.symbol}
              </span>
            </Detail>
          )}
          {holding.lockedUntil && (
            <Detail term={t('assets.lockedUntil')}>
              <span data-testid="asset-locked-until">{longDate(holding.lockedUntil, i18n.language)}</span>
            </Detail>
          )}
          <Detail sx={{ gridColumn: '1 / -1' }} term={t('assets.hash')}>
            {latest?.transactionHash ? (
              <TransactionHash
                hash={latest.transactionHash}
                explorerUrl={latest.explorerUrl}
                testId="asset-hash"
              />
            ) : (
              t('purchase.pending')
            )}
          </Detail>
        </Box>
        <ChainNote holding={holding} />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <ViewCredentialButton vcUrl={latest?.vcUrl ?? null} label={t('assets.viewCredential')} size="sm" />
          {/* Shown while the issuer has a redemption window open on the token (ADR 72). */}
          <RedeemButton token={token} balance={holding.booked} frozen={holding.frozen} />
          {/* To another investor by handle, or to my own linked wallet (ADR 76). */}
          <SendButton token={token} balance={holding.booked} frozen={holding.frozen} />
          {/* The token's order book, and a sell order of what is free (docs/product.md §2.10). */}
          <HoldingTradeActions holding={holding} />
        </Box>
        {holding.purchases.length > 1 && (
          <>
            <Divider />
            <Box component="section" aria-labelledby={`${headingId}-purchases`}>
              <Typography
                id={`${headingId}-purchases`}
                variant="subtitle2"
                component="h4"
                sx={{ marginBlockEnd: 1 }}
              >
                {t('holdings.purchases')}
              </Typography>
              <Box
                component="ul"
                data-testid="holding-purchases"
                sx={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 1.5 }}
              >
                {holding.purchases.map((purchase) => {
                  const date = formatDate(purchase.purchasedAt, i18n.language);
                  return (
                    <Box
                      component="li"
                      key={purchase.id}
                      data-testid="holding-purchase"
                      sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}
                    >
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {formatDateTime(purchase.purchasedAt, i18n.language)} ·{' '}
                        <span dir="ltr">
                          {t('holdings.purchaseAmount', {
                            amount: tokens(purchase.amount, token.decimals),
                            symbol: token.symbol,
                          })}
                        </span>
                      </Typography>
                      {purchase.transactionHash && (
                        <TransactionHash
                          hash={purchase.transactionHash}
                          explorerUrl={purchase.explorerUrl}
                          testId="holding-purchase-hash"
                        />
                      )}
                      <Box>
                        <ViewCredentialButton
                          vcUrl={purchase.vcUrl}
                          label={t('assets.viewCredential')}
                          aria-label={t('holdings.viewPurchaseCredential', { date })}
                          size="sm"
                          variant="ghost"
                        />
                      </Box>
                    </Box>
                  );
                })}
              </Box>
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}
