import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MarketplaceListing } from '@portal/shared/marketplace';
import { totalValueEth } from '@portal/shared/money';
import { Detail } from '../../../components/Detail';
import { formatDateTime } from '../../../lib/format';
import { EmailText } from './EmailText';

/**
 * docs/product.md §2.8, the expanded row: available tokens, price per token in ETH, total value (tokenAmount × price
 * to 4 decimals), asset category, contract, network and environment, deadline, issuer, availability.
 */
export function ListingDetails({ listing, action }: { listing: MarketplaceListing; action?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { token } = listing;
  return (
    // On a phone the table scrolls sideways; the details stay in view at the viewport's width.
    <Box
      sx={{
        position: 'sticky',
        insetInlineStart: 0,
        maxWidth: { xs: 'calc(100vw - 64px)', md: 'none' },
        paddingBlockEnd: action ? 2 : 0,
      }}
    >
      <Box
        component="dl"
        data-testid="listing-details"
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)', lg: 'repeat(5, 1fr)' },
          margin: 0,
          paddingBlock: 2,
        }}
      >
        <Detail term={t('marketplace.details.availableTokens')}>
          {listing.tokenAmount} {token.symbol}
        </Detail>
        <Detail term={t('marketplace.details.price')}>
          {t('marketplace.eth', { amount: listing.priceETH })}
        </Detail>
        <Detail term={t('marketplace.details.totalValue')}>
          {t('marketplace.eth', { amount: totalValueEth(listing.tokenAmount, listing.priceETH) ?? '0.0000' })}
        </Detail>
        <Detail term={t('marketplace.details.assetCategory')}>{token.assetCategory}</Detail>
        <Detail term={t('marketplace.details.contract')}>
          {token.contractAddress ? (
            <Box component="span" sx={{ fontFamily: 'monospace' }} dir="ltr">
              {token.contractAddress}
            </Box>
          ) : (
            t('marketplace.details.notDeployed')
          )}
        </Detail>
        <Detail term={t('marketplace.details.network')}>
          {t('marketplace.details.networkValue', {
            network: listing.network,
            environment: listing.environment,
          })}
        </Detail>
        <Detail term={t('marketplace.details.deadline')}>
          {formatDateTime(listing.deadline, i18n.language)}
        </Detail>
        <Detail term={t('marketplace.details.issuer')}>
          {listing.issuer.email ? <EmailText email={listing.issuer.email} /> : t('marketplace.unknownIssuer')}
        </Detail>
        <Detail term={t('marketplace.details.availability')}>
          {listing.available ? t('marketplace.details.available') : t('marketplace.details.unavailable')}
        </Detail>
        <Detail term={t('marketplace.details.kind')}>{t(`marketplace.kinds.${listing.kind}`)}</Detail>
      </Box>
      {/* The Actions column is off-screen on a phone: the same action, within reach. */}
      {action && <Box sx={{ display: { xs: 'block', md: 'none' } }}>{action}</Box>}
    </Box>
  );
}
