import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { IncomeCard } from '../../distributions';
import { eth } from '../api/amounts';
import { useHoldings } from '../api/holdings';
import { AllocationChart } from './AllocationChart';
import { HoldingCards, LoadFailed, NoAssets } from './states';

/** The Portfolio tab (ADR 68): the total at the last price, its allocation, and the holdings. */
export function PortfolioTab() {
  const { t } = useTranslation();
  const query = useHoldings();

  const body = () => {
    if (query.isPending) return <Skeleton variant="rounded" height={320} />;
    if (query.isError) {
      return <LoadFailed text={t('portfolio.loadFailed')} onRetry={() => void query.refetch()} />;
    }
    const { holdings, totals } = query.data;
    if (holdings.length === 0) return <NoAssets />;
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            alignItems: 'start',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 2fr)' },
          }}
        >
          <Card>
            <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
              <Typography variant="body2" component="h3" sx={{ color: 'text.secondary', fontWeight: 600 }}>
                {t('portfolio.totalValue')}
              </Typography>
              <Typography sx={{ fontSize: 28, fontWeight: 700 }}>
                <span dir="ltr" data-testid="portfolio-total">{`${eth(totals.valueWei)} ETH`}</span>
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {t('portfolio.valueCaption')}
              </Typography>
              {totals.unpriced > 0 && (
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {t('portfolio.unpriced', { count: totals.unpriced })}
                </Typography>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader
              title={t('portfolio.allocation')}
              slotProps={{ title: { variant: 'h6', component: 'h3' } }}
            />
            <Divider />
            <CardContent>
              <AllocationChart allocation={totals.allocation} />
            </CardContent>
          </Card>
        </Box>
        <IncomeCard />
        <Typography variant="h6" component="h3">
          {t('portfolio.holdings')}
        </Typography>
        <HoldingCards holdings={holdings} />
      </Box>
    );
  };

  return (
    <>
      <PageHeader title={t('nav.portfolio')} subtitle={t('portfolio.subtitle')} />
      {body()}
    </>
  );
}
