import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import ShowChartOutlined from '@mui/icons-material/ShowChartOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import WorkOutlineOutlined from '@mui/icons-material/WorkOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@portal/shared/auth';
import type { KycStatus } from '@portal/shared/kyc';
import { formatUnits } from '@portal/shared/money';
import { normalizeRole } from '@portal/shared/roles';
import { assetChain } from '@portal/shared/vault';
import { AppButton } from '../../../components/AppButton';
import { CopyButton } from '../../../components/CopyButton';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { useMessage } from '../../../i18n/use-message';
import { formatDate, shortenAddress } from '../../../lib/format';
import { IncomeTotal } from '../../distributions';
import { ethText, useHoldings } from '../../holdings';
import { useProfile } from '../../auth';
import { SyncKycButton } from '../../kyc';
import { tabHref } from '../../../lib/dashboard-paths';

const kycChipColor: Record<KycStatus, ChipProps['color']> = {
  not_started: 'default',
  pending: 'warning',
  verified: 'success',
  rejected: 'error',
  rejected_final: 'error',
};

function StatCard({
  icon,
  label,
  value,
  caption,
  footer,
}: {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  caption: string;
  footer?: ReactNode;
}) {
  return (
    <Card>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, padding: { xs: 2, sm: 2.5 } }}>
        <Box
          sx={{
            display: 'flex',
            alignItems: { xs: 'flex-start', sm: 'center' },
            flexDirection: { xs: 'column', sm: 'row' },
            gap: 1.5,
          }}
        >
          <Box
            sx={{
              display: 'grid',
              placeItems: 'center',
              width: 40,
              height: 40,
              borderRadius: 2.5,
              bgcolor: 'action.hover',
              color: 'primary.main',
            }}
          >
            {icon}
          </Box>
          <Typography variant="body2" sx={{ color: 'text.secondary', fontWeight: 550 }}>
            {label}
          </Typography>
        </Box>
        <Box
          sx={{
            fontSize: 26,
            fontWeight: 700,
            letterSpacing: '-0.02em',
            minHeight: 36,
            display: 'flex',
            alignItems: 'center',
          }}
        >
          {value}
        </Box>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {caption}
        </Typography>
        {footer}
      </CardContent>
    </Card>
  );
}

function Stats({ user }: { user: User }) {
  const { t } = useTranslation();
  const wallets = user.wallets.length;
  // The Portfolio tab's own query and figure (ADR 68): holdings at their last price.
  const holdings = useHoldings().data;
  const held = holdings?.holdings.length ?? 0;
  return (
    <Box
      data-testid="overview-stats"
      sx={{
        display: 'grid',
        gap: { xs: 1.5, sm: 2 },
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
      }}
    >
      <StatCard
        icon={<ShowChartOutlined />}
        label={t('overview.stats.portfolioValue')}
        value={
          held ? (
            <span dir="ltr" data-testid="portfolio-value">{`${ethText(holdings!.totals.valueWei)} ETH`}</span>
          ) : (
            t('overview.noValue')
          )
        }
        caption={held ? t('overview.stats.portfolioAtLastPrice') : t('overview.stats.noInvestments')}
        footer={<IncomeTotal />}
      />
      <StatCard
        icon={<WorkOutlineOutlined />}
        label={t('overview.stats.assets')}
        value={held || t('overview.noValue')}
        caption={held ? t('overview.stats.assetsHeld') : t('overview.stats.assetsHint')}
      />
      <StatCard
        icon={<VerifiedUserOutlined />}
        label={t('overview.stats.identity')}
        value={
          <Chip
            label={t(`kycStatus.${user.kycStatus}`)}
            color={kycChipColor[user.kycStatus]}
            variant={user.kycStatus === 'not_started' ? 'outlined' : 'filled'}
            sx={{ fontWeight: 650 }}
          />
        }
        caption={
          user.kycStatus === 'verified' ? t('overview.stats.identityDone') : t('overview.stats.identityHint')
        }
      />
      <StatCard
        icon={<AccountBalanceWalletOutlined />}
        label={t('overview.stats.wallets')}
        value={wallets}
        caption={wallets ? t('overview.stats.walletsHint') : t('overview.stats.noWallets')}
      />
    </Box>
  );
}

function Wallets({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader
        title={t('overview.wallets.title')}
        slotProps={{ title: { variant: 'h6', component: 'h3' } }}
      />
      <Divider />
      {user.wallets.length === 0 ? (
        <EmptyState
          dense
          icon={<AccountBalanceWalletOutlined />}
          title={t('overview.wallets.emptyTitle')}
          description={t('overview.wallets.emptyDescription')}
          action={
            <AppButton variant="outline" to={tabHref('vault')}>
              {t('overview.wallets.openVault')}
            </AppButton>
          }
        />
      ) : (
        <List dense>
          {user.wallets.map((wallet) => {
            const chain = assetChain(wallet.assetId);
            return (
              <ListItem
                key={`${wallet.assetId}:${wallet.address}`}
                secondaryAction={<CopyButton value={wallet.address} label={t('common.copyAddress')} />}
              >
                <ListItemText
                  primary={chain ? t(`chains.${chain}`) : wallet.assetId}
                  secondary={
                    <Box component="span" sx={{ fontFamily: 'ui-monospace, monospace' }} dir="ltr">
                      {shortenAddress(wallet.address)}
                    </Box>
                  }
                  slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                />
                <Chip size="small" label={wallet.assetId} variant="outlined" sx={{ marginInlineEnd: 4 }} />
              </ListItem>
            );
          })}
        </List>
      )}
    </Card>
  );
}

function EmptyCard({
  title,
  icon,
  headline,
  description,
  action,
}: {
  title: string;
  icon: ReactNode;
  headline: string;
  description: string;
  action: ReactNode;
}) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader title={title} slotProps={{ title: { variant: 'h6', component: 'h3' } }} />
      <Divider />
      <EmptyState dense icon={icon} title={headline} description={description} action={action} />
    </Card>
  );
}

/** The investor's real holdings (settled purchases), or the way to the marketplace. */
function Investments() {
  const { t } = useTranslation();
  const held = useHoldings().data?.holdings ?? [];
  if (held.length === 0) {
    return (
      <EmptyCard
        title={t('overview.investments.title')}
        icon={<ShowChartOutlined />}
        headline={t('overview.investments.emptyTitle')}
        description={t('overview.investments.emptyDescription')}
        action={<AppButton to={tabHref('marketplace')}>{t('overview.browseMarketplace')}</AppButton>}
      />
    );
  }
  return (
    <Card sx={{ height: '100%' }} data-testid="overview-investments">
      <CardHeader
        title={t('overview.investments.title')}
        slotProps={{ title: { variant: 'h6', component: 'h3' } }}
        action={
          <AppButton size="sm" variant="ghost" to={tabHref('assets')}>
            {t('overview.investments.viewAll')}
          </AppButton>
        }
      />
      <Divider />
      <List dense>
        {held.slice(0, 5).map(({ token, balance, percent }) => (
          <ListItem key={token.id} divider>
            <ListItemText
              primary={token.name}
              secondary={`${formatUnits(BigInt(balance), token.decimals)} ${token.symbol} · ${percent}%`}
            />
          </ListItem>
        ))}
      </List>
    </Card>
  );
}

function OverviewSkeleton() {
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } }}
    >
      {[0, 1, 2, 3].map((key) => (
        <Skeleton key={key} variant="rounded" height={150} />
      ))}
    </Box>
  );
}

/** docs/product.md §6: only INVESTOR and ISSUER see 'Sync KYC Data'. */
function canSyncKyc(role: string): boolean {
  const normalized = normalizeRole(role);
  return normalized === 'investor' || normalized === 'issuer';
}

/**
 * 'Investment Dashboard' (docs/product.md §2.4). Figures come from the signed-in user's profile;
 * where the portal has no data yet the card says so instead of showing sample numbers.
 */
export function OverviewTab() {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const profile = useProfile();
  const user = profile.data;
  const firstName = user?.name.split(/\s+/)[0];

  return (
    <>
      <PageHeader
        title={t('overview.title')}
        subtitle={
          user
            ? t('overview.welcome', { name: firstName, date: formatDate(user.createdAt, i18n.language) })
            : undefined
        }
        action={user && canSyncKyc(user.role) && <SyncKycButton />}
      />
      {profile.isError && (
        <Alert
          severity="error"
          sx={{ marginBlockEnd: 3 }}
          action={
            <Button color="inherit" size="small" onClick={() => void profile.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {message(profile.error.message)}
        </Alert>
      )}
      {!user ? (
        profile.isPending && <OverviewSkeleton />
      ) : (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          <Stats user={user} />
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '7fr 5fr' } }}>
            <Investments />
            <Wallets user={user} />
          </Box>
          <EmptyCard
            title={t('overview.opportunities.title')}
            icon={<StorefrontOutlined />}
            headline={t('overview.opportunities.emptyTitle')}
            description={t('overview.opportunities.emptyDescription')}
            action={
              <AppButton variant="outline" to={tabHref('marketplace')}>
                {t('overview.browseMarketplace')}
              </AppButton>
            }
          />
        </Box>
      )}
    </>
  );
}
