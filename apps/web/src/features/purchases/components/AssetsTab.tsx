import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvestorAsset } from '@portal/shared/purchases';
import { AppButton } from '../../../components/AppButton';
import { Detail } from '../../../components/Detail';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { StatusChip, assetStatusColor } from '../../../components/StatusChip';
import { chainLabelKey } from '../../../lib/chain-label';
import { tabHref } from '../../../lib/dashboard-paths';
import { formatDateTime, formatPercent } from '../../../lib/format';
import { longDate } from '../../compliance';
import { ViewCredentialButton } from '../../credentials';
import { useMyAssets } from '../api/my-assets';
import { TransactionHash } from './TransactionHash';

/**
 * docs/product.md §2.10: one card per asset (name, symbol, type, blockchain, status chip, amount,
 * ownership percentage, issuer, purchase date, transaction hash, 'View Verifiable Credential').
 */
function AssetCard({ asset }: { asset: InvestorAsset }) {
  const { t, i18n } = useTranslation();
  return (
    <Card data-testid="asset-card" component="article" aria-labelledby={`asset-${asset.id}`}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography
              id={`asset-${asset.id}`}
              variant="h6"
              component="h3"
              sx={{ overflowWrap: 'anywhere' }}
            >
              {asset.tokenName}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {asset.tokenSymbol}
            </Typography>
          </Box>
          <StatusChip
            status={asset.status}
            color={assetStatusColor(asset.status)}
            data-testid="asset-status"
          />
        </Box>
        <Box component="dl" sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: '1fr 1fr', margin: 0 }}>
          <Detail term={t('assets.type')}>{asset.tokenType}</Detail>
          <Detail term={t('assets.blockchain')}>{t(`chains.${chainLabelKey(asset.blockchain)}`)}</Detail>
          <Detail term={t('assets.amount')}>
            {asset.amount} {asset.tokenSymbol}
          </Detail>
          <Detail term={t('assets.percent')}>{formatPercent(asset.percent, i18n.language)}</Detail>
          <Detail term={t('assets.issuer')}>{asset.issuer.email ?? t('marketplace.unknownIssuer')}</Detail>
          <Detail term={t('assets.purchasedAt')}>{formatDateTime(asset.purchasedAt, i18n.language)}</Detail>
          {/* What the token's rules hold of this balance now (docs/product.md §4.12). */}
          {asset.holding && Number(asset.holding.frozen) > 0 && (
            <Detail term={t('assets.frozen')}>
              <span data-testid="asset-frozen">
                {asset.holding.frozen} {asset.tokenSymbol}
              </span>
            </Detail>
          )}
          {asset.holding?.lockedUntil && (
            <Detail term={t('assets.lockedUntil')}>
              <span data-testid="asset-locked-until">
                {longDate(asset.holding.lockedUntil, i18n.language)}
              </span>
            </Detail>
          )}
          <Detail sx={{ gridColumn: '1 / -1' }} term={t('assets.hash')}>
            {asset.transactionHash ? (
              <TransactionHash
                hash={asset.transactionHash}
                explorerUrl={asset.explorerUrl}
                testId="asset-hash"
              />
            ) : (
              t('purchase.pending')
            )}
          </Detail>
        </Box>
        <ViewCredentialButton vcUrl={asset.vcUrl} label={t('assets.viewCredential')} size="sm" />
      </CardContent>
    </Card>
  );
}

export function AssetsTab() {
  const { t } = useTranslation();
  const assets = useMyAssets();
  // docs/product.md §8: asset load failures are logged; the tab still says so and offers a retry.
  useEffect(() => {
    if (assets.error) console.warn('My Assets could not be loaded', assets.error);
  }, [assets.error]);

  const body = () => {
    if (assets.isPending) {
      return (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', xl: '1fr 1fr 1fr' },
          }}
        >
          {[0, 1].map((key) => (
            <Skeleton key={key} variant="rounded" height={280} />
          ))}
        </Box>
      );
    }
    if (assets.isError) {
      return (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={() => void assets.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('assets.loadFailed')}
        </Alert>
      );
    }
    if (assets.data.length === 0) {
      return (
        <Card>
          <EmptyState
            icon={<Inventory2Outlined />}
            title={t('assets.emptyTitle')}
            description={t('assets.emptyDescription')}
            action={<AppButton to={tabHref('marketplace')}>{t('assets.goToMarketplace')}</AppButton>}
          />
        </Card>
      );
    }
    return (
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', xl: '1fr 1fr 1fr' } }}
      >
        {assets.data.map((asset) => (
          <AssetCard key={asset.id} asset={asset} />
        ))}
      </Box>
    );
  };

  return (
    <>
      <PageHeader
        title={t('assets.title')}
        subtitle={t('assets.subtitle')}
        action={
          <AppButton
            variant="outline"
            startIcon={<Refresh />}
            loading={assets.isRefetching}
            onClick={() => void assets.refetch()}
          >
            {t('assets.refresh')}
          </AppButton>
        }
      />
      {body()}
    </>
  );
}
