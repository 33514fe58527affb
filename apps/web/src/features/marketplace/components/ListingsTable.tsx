import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import Box from '@mui/material/Box';
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
import type { MarketplaceListing } from '@portal/shared/marketplace';
import { AppButton } from '../../../components/AppButton';
import { ExplorerIconLink } from '../../../components/ExplorerIconLink';
import { StatusChip, listingStatusColor } from '../../../components/StatusChip';
import { chainLabelKey } from '../../../lib/chain-label';
import { formatDate } from '../../../lib/format';
import { ListingDetails } from './ListingDetails';
import { visuallyHidden } from '../../../lib/visually-hidden';

const COLUMNS = ['name', 'symbol', 'type', 'issuer', 'blockchain', 'status', 'created', 'actions'] as const;

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
        <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
          {token.name}
        </TableCell>
        <TableCell>{token.symbol}</TableCell>
        <TableCell>{token.tokenType}</TableCell>
        <TableCell sx={{ maxWidth: 220, overflowWrap: 'anywhere' }}>
          {listing.issuer.email ?? t('marketplace.unknownIssuer')}
        </TableCell>
        <TableCell>{t(`chains.${chainLabelKey(listing.blockchain)}`)}</TableCell>
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
          colSpan={COLUMNS.length + 1}
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
 * docs/product.md §2.8, the table: expand toggle, Name, Symbol, Type, Issuer, Blockchain, Status, Created, Actions.
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
      <Table size="small" sx={{ minWidth: 960 }}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Box component="span" sx={visuallyHidden}>
                {t('marketplace.columns.expand')}
              </Box>
            </TableCell>
            {COLUMNS.map((column) => (
              <TableCell key={column} sx={{ fontWeight: 650, whiteSpace: 'nowrap' }}>
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
