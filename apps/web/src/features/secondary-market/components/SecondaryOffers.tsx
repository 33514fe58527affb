import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useOrderBook } from '../api/secondary';
import { chainLabelKey } from '../../../lib/chain-label';
import { ethText } from '../api/rules';

/** The token kinds the secondary market serves (ADR 75): other rows ask nothing. */
const TRADED = new Set(['ERC20', 'ERC1155']);
/** A row's book is read again at most this often while the marketplace is open. */
const OFFERS_STALE_MS = 30_000;

/**
 * A marketplace row's link to the token's page, beside the primary listing (ADR 75): how many
 * holders offer it on the secondary market and the cheapest price per token, or that none do.
 */
export function SecondaryOffers({
  token,
}: {
  token: { id: string; name: string; blockchain: string; tokenType: string; contractAddress: string | null };
}) {
  const { t } = useTranslation();
  const traded =
    chainLabelKey(token.blockchain) === 'ethereum' &&
    TRADED.has(token.tokenType) &&
    token.contractAddress !== null;
  const book = useOrderBook(token.id, { enabled: traded, staleTime: OFFERS_STALE_MS });
  if (!traded) return null;
  const offers = book.data?.orders ?? [];
  const cheapest = offers[0];
  return (
    <Box
      data-testid="secondary-offers"
      sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, marginBlockStart: 0.5, fontSize: 13 }}
    >
      <SwapHorizOutlined aria-hidden sx={{ fontSize: 16, marginBlockStart: '1px', flexShrink: 0 }} />
      <Link
        component={RouterLink}
        to={`/tokens/${token.id}`}
        aria-label={
          cheapest
            ? t('secondary.offers.labelOf', {
                name: token.name,
                offers: offers.length,
                price: ethText(cheapest.pricePerTokenWei),
              })
            : t('secondary.offers.noneOf', { name: token.name })
        }
      >
        {cheapest
          ? t('secondary.offers.from', { offers: offers.length, price: ethText(cheapest.pricePerTokenWei) })
          : t('secondary.offers.none')}
      </Link>
    </Box>
  );
}
