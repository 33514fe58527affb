import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminListing } from '@portal/shared/admin';
import { AppButton } from '../../../components/AppButton';
import { FormDialog } from '../../../components/FormDialog';
import { useNotify } from '../../../components/Notifier';
import { SectionCard } from '../../../components/SectionCard';
import { StatusChip, listingStatusColor } from '../../../components/StatusChip';
import { useMessage } from '../../../i18n/use-message';
import { formatDate } from '../../../lib/format';
import { useAdminListings, useSuspendListing } from '../api/admin';

/** Every issuer's listings; a suspended one is hidden from investors and sells nothing. */
export function ListingsSection() {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const notify = useNotify();
  const listings = useAdminListings();
  const suspension = useSuspendListing();
  const [suspending, setSuspending] = useState<AdminListing>();
  return (
    <>
      <SectionCard
        id="admin-listings"
        title={t('admin.listings.title')}
        action={null}
        columns={[
          t('admin.listings.token'),
          t('admin.listings.issuer'),
          t('admin.listings.kind'),
          t('admin.listings.progress'),
          t('admin.listings.status'),
          t('admin.listings.created'),
          t('admin.listings.actions'),
        ]}
        loading={listings.isPending}
        problem={listings.isError && <Alert severity="error">{message(listings.error.message)}</Alert>}
        empty={
          listings.data?.length === 0
            ? { icon: <StorefrontOutlined />, title: t('admin.listings.empty') }
            : undefined
        }
      >
        {listings.data?.map((listing) => (
          <TableRow key={listing.id} data-testid="admin-listing-row">
            <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
              {`${listing.tokenName} (${listing.tokenSymbol})`}
            </TableCell>
            <TableCell dir="ltr" sx={{ textAlign: 'start' }}>
              {listing.issuerEmail}
            </TableCell>
            <TableCell>{t(`admin.listings.kinds.${listing.kind}`)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {t('admin.listings.sold', {
                sold: listing.sold,
                reserved: listing.reserved,
                total: listing.tokenAmount,
              })}
            </TableCell>
            <TableCell>
              <StatusChip status={listing.status} color={listingStatusColor(listing.status)} />
              {listing.suspended && (
                <Chip
                  size="small"
                  color="error"
                  label={t('admin.listings.suspended')}
                  sx={{ marginInlineStart: 1 }}
                />
              )}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {formatDate(listing.createdAt, i18n.language)}
            </TableCell>
            <TableCell>
              {listing.suspended ? (
                <AppButton
                  size="sm"
                  variant="outline"
                  loading={suspension.isPending && suspension.variables.listingId === listing.id}
                  onClick={() =>
                    suspension.mutate(
                      { listingId: listing.id, suspended: false },
                      {
                        onSuccess: () => notify(t('admin.listings.resumed'), 'success'),
                        onError: (error) => notify(message(error.message) ?? error.message, 'error'),
                      },
                    )
                  }
                >
                  {t('admin.listings.resume')}
                </AppButton>
              ) : (
                <AppButton size="sm" variant="outline" onClick={() => setSuspending(listing)}>
                  {t('admin.listings.suspend')}
                </AppButton>
              )}
            </TableCell>
          </TableRow>
        ))}
      </SectionCard>
      {suspending && <SuspendDialog listing={suspending} onClose={() => setSuspending(undefined)} />}
    </>
  );
}

function SuspendDialog({ listing, onClose }: { listing: AdminListing; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const notify = useNotify();
  const suspension = useSuspendListing();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  return (
    <FormDialog
      title={t('admin.listings.suspendTitle', { symbol: listing.tokenSymbol })}
      submitLabel={t('admin.listings.suspend')}
      cancelLabel={t('common.cancel')}
      busy={suspension.isPending}
      error={error}
      onClose={onClose}
      onSubmit={() =>
        suspension.mutate(
          { listingId: listing.id, suspended: true, reason: reason.trim() },
          {
            onSuccess: () => {
              notify(t('admin.listings.suspendedNotice', { symbol: listing.tokenSymbol }), 'success');
              onClose();
            },
            onError: (failure) => setError(message(failure.message) ?? failure.message),
          },
        )
      }
    >
      <Typography variant="body2">{t('admin.listings.suspendHint')}</Typography>
      <TextField
        label={t('admin.listings.reason')}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 500 } }}
        autoFocus
      />
    </FormDialog>
  );
}
