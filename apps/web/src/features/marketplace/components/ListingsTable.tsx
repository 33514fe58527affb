import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEMO_ISSUER_EMAIL, type MarketplaceListing } from '@portal/shared/marketplace';
import { AppButton } from '../../../components/AppButton';
import { ExplorerIconLink } from '../../../components/ExplorerIconLink';
import { StatusChip, listingStatusColor } from '../../../components/StatusChip';
import { chainLabelKey } from '../../../lib/chain-label';
import { formatDate } from '../../../lib/format';
import { EligibilityNote } from '../../compliance';
import { SecondaryOffers } from '../../secondary-market';
import { EmailText } from './EmailText';
import { ListingDetails } from './ListingDetails';
import { visuallyHidden } from '../../../lib/visually-hidden';

/**
 * docs/product.md §2.8's columns, plus the sale type and the price: two rows of one token (an
 * escrow listing and a direct sale) differ there. Widths are fixed, so expanding a row never
 * reflows the table.
 */
const COLUMNS = {
  name: 'auto',
  symbol: 80,
  type: 72,
  sale: 96,
  issuer: 160,
  blockchain: 96,
  price: 104,
  status: 116,
  created: 104,
  actions: 136,
} as const;
const COLUMN_NAMES = Object.keys(COLUMNS) as Array<keyof typeof COLUMNS>;

function ListingRow({ listing, onInvest }: { listing: MarketplaceListing; onInvest: () => void }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const { token } = listing;
  const detailsId = `listing-${listing.listingId}-details`;
  return (
    <>
      <TableRow
        hover
        data-testid="listing-row"
        sx={{ '& > td': { borderBlockEnd: open ? 'unset' : undefined } }}
      >
        <TableCell padding="checkbox">
          <IconButton
            size="small"
            aria-expanded={open}
            aria-controls={detailsId}
            aria-label={t(open ? 'marketplace.collapse' : 'marketplace.expand', { name: token.name })}
            onClick={() => setOpen(!open)}
          >
            {open ? <KeyboardArrowUp /> : <KeyboardArrowDown />}
          </IconButton>
        </TableCell>
        <TableCell component="th" scope="row">
          <Box sx={{ fontWeight: 600 }}>{token.name}</Box>
          {token.description && (
            <Box
              data-testid="listing-description"
              sx={{
                color: 'text.secondary',
                fontSize: 13,
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }}
            >
              {token.description}
            </Box>
          )}
          {/* Before paying, whether the signed-in investor may buy, and if not why (docs/product.md §4.12). */}
          {listing.eligibility && <EligibilityNote eligibility={listing.eligibility} />}
          {/* Holders' offers of the same token, and the way to its page (docs/product.md §2.8). */}
          <SecondaryOffers token={token} />
        </TableCell>
        <TableCell>{token.symbol}</TableCell>
        <TableCell>{token.tokenType}</TableCell>
        <TableCell>{t(`marketplace.kinds.${listing.kind}`)}</TableCell>
        <TableCell>
          {listing.issuer.email ? <EmailText email={listing.issuer.email} /> : t('marketplace.unknownIssuer')}
          {listing.issuer.email === DEMO_ISSUER_EMAIL && (
            <Chip
              size="small"
              variant="outlined"
              label={t('marketplace.demo')}
              title={t('marketplace.demoHint')}
              sx={{ marginInlineStart: 0.5, height: 20, fontSize: 12 }}
            />
          )}
        </TableCell>
        <TableCell>{t(`chains.${chainLabelKey(listing.blockchain)}`)}</TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }} dir="ltr">
          {t('marketplace.eth', { amount: listing.priceETH })}
        </TableCell>
        <TableCell>
          <StatusChip status={listing.status} color={listingStatusColor(listing.status)} />
        </TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(listing.createdAt, i18n.language)}</TableCell>
        <TableCell>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            {listing.available && (
              <AppButton
                size="sm"
                onClick={onInvest}
                aria-label={t('marketplace.investIn', { name: token.name })}
              >
                {t('marketplace.invest')}
              </AppButton>
            )}
            {token.contractAddress && listing.explorerUrl && (
              <ExplorerIconLink
                href={listing.explorerUrl}
                label={t('marketplace.explorer', { name: token.name })}
              />
            )}
          </Box>
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell
          colSpan={COLUMN_NAMES.length + 1}
          sx={{ paddingBlock: 0, borderBlockEnd: open ? undefined : 0 }}
        >
          <Collapse in={open} timeout="auto" unmountOnExit id={detailsId}>
            <ListingDetails
              listing={listing}
              action={
                listing.available && (
                  <AppButton onClick={onInvest} fullWidth>
                    {t('marketplace.invest')}
                  </AppButton>
                )
              }
            />
          </Collapse>
        </TableCell>
      </TableRow>
    </>
  );
}

/**
 * docs/product.md §2.8, the table: expand toggle, Name (with the token's description), Symbol, Type, Sale,
 * Issuer, Blockchain, Price, Status, Created, Actions.
 * On a phone the table scrolls sideways inside its card, the name column staying readable.
 */
export function ListingsTable({
  listings,
  onInvest,
}: {
  listings: MarketplaceListing[];
  onInvest: (listing: MarketplaceListing) => void;
}) {
  const { t } = useTranslation();
  return (
    // Focusable so keyboard users can scroll it sideways on a narrow screen.
    <TableContainer
      role="region"
      tabIndex={0}
      aria-label={t('marketplace.tableLabel')}
      sx={{ overflowX: 'auto' }}
    >
      <Table size="small" sx={{ minWidth: 1120, tableLayout: 'fixed' }}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox" sx={{ width: 56 }}>
              <Box component="span" sx={visuallyHidden}>
                {t('marketplace.columns.expand')}
              </Box>
            </TableCell>
            {COLUMN_NAMES.map((column) => (
              <TableCell key={column} sx={{ fontWeight: 650, width: COLUMNS[column] }}>
                {t(`marketplace.columns.${column}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {listings.map((listing) => (
            <ListingRow key={listing.listingId} listing={listing} onInvest={() => onInvest(listing)} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
