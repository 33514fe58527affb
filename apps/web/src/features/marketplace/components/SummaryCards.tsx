import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { MarketplacePage } from '../api/get-marketplace';

/**
 * docs/product.md §2.8: Total Tokens, Available for Investment (DEPLOYED listings), Active Issuers (distinct
 * issuers) and Total Value (fixed '$0'), for the whole filtered set as the server counts it.
 */
export function SummaryCards({ summary }: { summary: MarketplacePage['summary'] | undefined }) {
  const { t } = useTranslation();
  const cards = [
    { key: 'totalTokens', label: t('marketplace.summary.totalTokens'), value: summary?.totalTokens },
    { key: 'available', label: t('marketplace.summary.available'), value: summary?.availableForInvestment },
    { key: 'issuers', label: t('marketplace.summary.issuers'), value: summary?.activeIssuers },
    { key: 'totalValue', label: t('marketplace.summary.totalValue'), value: summary?.totalValue },
  ];
  return (
    <Box
      data-testid="marketplace-summary"
      sx={{
        display: 'grid',
        gap: { xs: 1.5, sm: 2 },
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
      }}
    >
      {cards.map((card) => (
        <Card key={card.key} data-testid={`summary-${card.key}`}>
          <CardContent component="dl" sx={{ margin: 0, padding: { xs: 2, sm: 2.5 } }}>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary', fontWeight: 550 }}>
              {card.label}
            </Typography>
            <Typography
              component="dd"
              sx={{ margin: 0, fontSize: 26, fontWeight: 700, letterSpacing: '-0.02em' }}
            >
              {card.value ?? <Skeleton width={48} />}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
