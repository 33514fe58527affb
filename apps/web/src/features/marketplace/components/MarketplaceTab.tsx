import Refresh from '@mui/icons-material/Refresh';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MarketplaceListing } from '@portal/shared/marketplace';
import { AppButton } from '../../../components/AppButton';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { useMessage } from '../../../i18n/use-message';
import { useMarketplace } from '../api/get-marketplace';
import { ListingsTable } from './ListingsTable';
import { MarketplaceFilters } from './MarketplaceFilters';
import { SummaryCards } from './SummaryCards';
import { useMarketplaceFilters } from './use-marketplace-filters';

// The dialog (and the purchase code it brings) loads when someone first clicks 'Invest'.
const PurchaseDialog = lazy(async () => ({
  default: (await import('../../purchases/components/PurchaseDialog')).PurchaseDialog,
}));

/**
 * docs/product.md §2.8: 'Token Marketplace' with Refresh, search and filters (kept in the
 * URL, answered by the server), '{n} tokens found', the four summary cards, the listings table and
 * 'No Tokens Available' with 'Clear Filters'. 'Invest' opens the purchase dialog.
 */
export function MarketplaceTab() {
  const { t } = useTranslation();
  const message = useMessage();
  const { filters, setFilters, filtered, clear } = useMarketplaceFilters();
  const marketplace = useMarketplace(filters);
  const [buying, setBuying] = useState<MarketplaceListing>();

  const first = marketplace.data?.pages[0];
  const listings = marketplace.data?.pages.flatMap((page) => page.listings) ?? [];

  const body = () => {
    if (marketplace.isPending) {
      return (
        <Stack sx={{ gap: 1, padding: 2 }}>
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} variant="rounded" height={40} />
          ))}
        </Stack>
      );
    }
    if (listings.length === 0) {
      return (
        <EmptyState
          icon={<StorefrontOutlined />}
          title={t('marketplace.emptyTitle')}
          description={filtered ? t('marketplace.emptyFiltered') : t('marketplace.emptyDescription')}
          action={
            <AppButton variant="outline" onClick={clear} disabled={!filtered}>
              {t('marketplace.clearFilters')}
            </AppButton>
          }
        />
      );
    }
    return (
      <>
        <ListingsTable listings={listings} onInvest={setBuying} />
        {marketplace.hasNextPage && (
          <Box sx={{ display: 'flex', justifyContent: 'center', padding: 2 }}>
            <AppButton
              variant="outline"
              loading={marketplace.isFetchingNextPage}
              onClick={() => void marketplace.fetchNextPage()}
            >
              {t('marketplace.loadMore')}
            </AppButton>
          </Box>
        )}
      </>
    );
  };

  return (
    <>
      <PageHeader
        title={t('marketplace.title')}
        subtitle={t('marketplace.subtitle')}
        action={
          <AppButton
            variant="outline"
            startIcon={<Refresh />}
            loading={marketplace.isRefetching && !marketplace.isFetchingNextPage}
            onClick={() => void marketplace.refetch()}
          >
            {t('marketplace.refresh')}
          </AppButton>
        }
      />
      <Stack sx={{ gap: 2.5 }}>
        {marketplace.isError && (
          <Alert
            severity="error"
            variant="filled"
            action={
              <Button color="inherit" size="small" onClick={() => void marketplace.refetch()}>
                {t('common.retry')}
              </Button>
            }
          >
            {message(marketplace.error.message)}
          </Alert>
        )}
        <SummaryCards summary={first?.summary} />
        <MarketplaceFilters filters={filters} onChange={setFilters} />
        <Typography
          role="status"
          data-testid="tokens-found"
          sx={{ color: 'text.secondary', fontWeight: 550 }}
        >
          {first ? t('marketplace.found', { count: first.total }) : ' '}
        </Typography>
        {(marketplace.isPending || first) && (
          <Card sx={{ position: 'relative' }}>
            {marketplace.isPlaceholderData && (
              <LinearProgress sx={{ position: 'absolute', insetInline: 0, insetBlockStart: 0 }} />
            )}
            {body()}
          </Card>
        )}
      </Stack>
      {buying && (
        <Suspense fallback={null}>
          <PurchaseDialog listing={buying} onClose={() => setBuying(undefined)} />
        </Suspense>
      )}
    </>
  );
}
