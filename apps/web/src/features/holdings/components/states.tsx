import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import { useTranslation } from 'react-i18next';
import type { Holding } from '@portal/shared/holdings';
import { AppButton } from '../../../components/AppButton';
import { EmptyState } from '../../../components/EmptyState';
import { tabHref } from '../../../lib/dashboard-paths';
import { HoldingCard } from './HoldingCard';

/** The holdings could not be read: said, with Retry (docs/product.md §2.10). */
export function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="warning"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    >
      {text}
    </Alert>
  );
}

/** docs/product.md §2.10: 'No Assets Yet' with 'Go to Marketplace'. */
export function NoAssets() {
  const { t } = useTranslation();
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

export const cardGrid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', xl: '1fr 1fr 1fr' },
} as const;

/** One card per holding. */
export function HoldingCards({ holdings }: { holdings: Holding[] }) {
  return (
    <Box sx={cardGrid}>
      {holdings.map((holding) => (
        <HoldingCard key={holding.token.id} holding={holding} />
      ))}
    </Box>
  );
}
