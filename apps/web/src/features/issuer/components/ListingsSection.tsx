import Add from '@mui/icons-material/Add';
import SellOutlined from '@mui/icons-material/SellOutlined';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AppButton } from '../../../components/AppButton';
import { useNotify } from '../../../components/Notifier';
import { StatusChip, listingStatusColor } from '../../../components/StatusChip';
import { useMessage } from '../../../i18n/use-message';
import { formatDateTime } from '../../../lib/format';
import { useCancelListing, useIssuerListings } from '../api/listings';
import { SectionCard } from '../../../components/SectionCard';

/** The issuer's listings: amounts sold and reserved, status, and Cancel while open. */
export function ListingsSection({ onCreate, canCreate }: { onCreate: () => void; canCreate: boolean }) {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const notify = useNotify();
  const listings = useIssuerListings();
  const cancel = useCancelListing();
  return (
    <SectionCard
      id="issuer-listings"
      title={t('issuer.listings.title')}
      action={
        <AppButton startIcon={<Add />} onClick={onCreate} disabled={!canCreate}>
          {t('issuer.listings.create')}
        </AppButton>
      }
      columns={[
        t('issuer.listings.token'),
        t('issuer.listings.kind'),
        t('issuer.listings.amount'),
        t('issuer.listings.sold'),
        t('issuer.tokens.proceeds'),
        t('issuer.listings.price'),
        t('issuer.listings.deadline'),
        t('issuer.listings.status'),
        t('issuer.listings.actions'),
      ]}
      loading={listings.isPending}
      problem={listings.isError && <Alert severity="error">{message(listings.error.message)}</Alert>}
      empty={
        listings.data?.length === 0
          ? {
              icon: <SellOutlined />,
              title: t('issuer.listings.emptyTitle'),
              description: canCreate
                ? t('issuer.listings.emptyDescription')
                : t('issuer.listingForm.noTokens'),
            }
          : undefined
      }
    >
      {listings.data?.map((listing) => (
        <TableRow key={listing.id} data-testid="issuer-listing-row">
          <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
            {`${listing.tokenName} (${listing.tokenSymbol})`}
          </TableCell>
          <TableCell>{t(`marketplace.kinds.${listing.kind}`)}</TableCell>
          <TableCell>{listing.tokenAmount}</TableCell>
          <TableCell>{listing.soldAmount}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            {t('marketplace.eth', { amount: listing.proceedsETH })}
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            {t('marketplace.eth', { amount: listing.priceETH })}
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(listing.deadline, i18n.language)}
          </TableCell>
          <TableCell>
            <StatusChip status={listing.status} color={listingStatusColor(listing.status)} />
            {listing.suspended && (
              <>
                <Chip
                  size="small"
                  color="error"
                  label={t('issuer.listings.suspended')}
                  sx={{ marginInlineStart: 1 }}
                  data-testid="issuer-listing-suspended"
                />
                {listing.suspensionReason && (
                  <Typography variant="caption" sx={{ display: 'block', marginBlockStart: 0.5 }}>
                    {t('issuer.listings.suspensionReason', { reason: listing.suspensionReason })}
                  </Typography>
                )}
              </>
            )}
            {listing.error && (
              <Typography
                variant="caption"
                sx={{ display: 'block', color: 'error.main', marginBlockStart: 0.5 }}
              >
                {message(listing.error)}
              </Typography>
            )}
          </TableCell>
          <TableCell>
            {/* A suspended listing stays as the administrator found it until they lift it (ADR 55). */}
            {listing.status !== 'CLOSED' && listing.status !== 'FAILED' && !listing.suspended && (
              <AppButton
                size="sm"
                variant="outline"
                loading={cancel.isPending && cancel.variables === listing.id}
                onClick={() =>
                  cancel.mutate(listing.id, {
                    onSuccess: () => notify(t('issuer.listings.cancelled')),
                    onError: (error) => notify(message(error.message) ?? error.message, 'error'),
                  })
                }
              >
                {t('issuer.listings.cancel')}
              </AppButton>
            )}
          </TableCell>
        </TableRow>
      ))}
    </SectionCard>
  );
}
