import Refresh from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AppButton } from '../../../components/AppButton';
import { PageHeader } from '../../../components/PageHeader';
import { HoldingCredentialsSection } from '../../holding-credentials';
import { StatementsButton } from '../../statements';
import { RedemptionsSection } from '../../redemptions';
import { TransfersSection } from '../../transfers';
import { MySecondarySection } from '../../secondary-market';
import { useHoldings } from '../api/holdings';
import { AttemptsList } from './AttemptsList';
import { cardGrid, HoldingCards, LoadFailed, NoAssets } from './states';

/**
 * 'My Assets' (docs/product.md §2.10, ADR 68): one card per token held, then the purchases still
 * on their way and the failed attempts, which own nothing.
 */
export function AssetsTab() {
  const { t } = useTranslation();
  const query = useHoldings();
  // docs/product.md §8: asset load failures are logged; the tab still says so and offers a retry.
  useEffect(() => {
    if (query.error) console.warn('My Assets could not be loaded', query.error);
  }, [query.error]);

  const body = () => {
    if (query.isPending) {
      return (
        <Box sx={cardGrid}>
          {[0, 1].map((key) => (
            <Skeleton key={key} variant="rounded" height={280} />
          ))}
        </Box>
      );
    }
    if (query.isError) {
      return <LoadFailed text={t('assets.loadFailed')} onRetry={() => void query.refetch()} />;
    }
    const { holdings, attempts } = query.data;
    const inProgress = attempts.filter((attempt) => attempt.status !== 'FAILED');
    const failed = attempts.filter((attempt) => attempt.status === 'FAILED');
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        {holdings.length === 0 ? <NoAssets /> : <HoldingCards holdings={holdings} />}
        <RedemptionsSection />
        <TransfersSection />
        <MySecondarySection />
        {holdings.length > 0 && (
          <HoldingCredentialsSection
            tokens={holdings.map(({ token, booked }) => ({ ...token, balance: booked }))}
          />
        )}
        {inProgress.length > 0 && (
          <AttemptsList
            attempts={inProgress}
            title={t('holdings.inProgressTitle')}
            description={t('holdings.inProgressDescription')}
            testId="purchases-in-progress"
          />
        )}
        {failed.length > 0 && (
          <AttemptsList
            attempts={failed}
            title={t('holdings.attemptsTitle')}
            description={t('holdings.attemptsDescription')}
            testId="failed-attempts"
          />
        )}
      </Box>
    );
  };

  return (
    <>
      <PageHeader
        title={t('assets.title')}
        subtitle={t('assets.subtitle')}
        action={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <StatementsButton />
            <AppButton
              variant="outline"
              startIcon={<Refresh />}
              loading={query.isRefetching}
              onClick={() => void query.refetch()}
            >
              {t('assets.refresh')}
            </AppButton>
          </Box>
        }
      />
      {body()}
    </>
  );
}
