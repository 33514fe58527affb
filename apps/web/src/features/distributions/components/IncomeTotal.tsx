import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatUnits } from '@portal/shared/money';
import { useIncome } from '../api/distributions';

/**
 * Everything distributions have paid me, per currency (GET /api/income's totals, ADR 71): the
 * Overview's line under the portfolio value. Nothing until a first payment.
 */
export function IncomeTotal() {
  const { t } = useTranslation();
  const totals = useIncome().data?.totals ?? [];
  if (totals.length === 0) return null;
  return (
    <Box data-testid="overview-income" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {t('distributions.incomeReceived')}
      </Typography>
      <Typography variant="caption" dir="ltr" data-testid="overview-income-total" sx={{ fontWeight: 650 }}>
        {totals
          .map((total) => `${formatUnits(BigInt(total.amount), total.decimals)} ${total.currency}`)
          .join(' · ')}
      </Typography>
    </Box>
  );
}
