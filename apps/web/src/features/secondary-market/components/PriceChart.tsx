import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { SecondaryPricePoint } from '@portal/shared/secondary-market';
import { formatDateTime } from '../../../lib/format';
import { ethText } from '../api/rules';
import { LineChartSvg } from '../../../components/LineChartSvg';

const WIDTH = 320;
const HEIGHT = 120;
const PAD = 6;

/**
 * The price of each settled trade over time as a line of plain SVG, like the Portfolio's charts
 * (ADR 71): no chart library. The trades table beside it is the text alternative; the drawing's
 * label says the first and last price.
 */
export function PriceChart({ points }: { points: readonly SecondaryPricePoint[] }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  if (points.length === 0) {
    return <Typography sx={{ color: 'text.secondary' }}>{t('secondary.chart.empty')}</Typography>;
  }
  const prices = points.map((point) => BigInt(point.pricePerTokenWei));
  const high = prices.reduce((a, b) => (b > a ? b : a));
  const low = prices.reduce((a, b) => (b < a ? b : a));
  const first = new Date(points[0]!.at).getTime();
  const span = Math.max(1, new Date(points.at(-1)!.at).getTime() - first);
  // Geometry only (a float is fine for pixels): the figures shown are the exact strings below.
  const range = high - low;
  const x = (point: SecondaryPricePoint) =>
    points.length === 1
      ? WIDTH / 2
      : PAD + ((new Date(point.at).getTime() - first) / span) * (WIDTH - 2 * PAD);
  const y = (price: bigint) =>
    range === 0n
      ? HEIGHT / 2
      : HEIGHT - PAD - (Number(((price - low) * 1000n) / range) / 1000) * (HEIGHT - 2 * PAD);
  const coordinates = points.map((point, index) => [x(point), y(prices[index]!)] as const);
  // One trade is a level line across the chart.
  const path =
    coordinates.length === 1
      ? `M ${PAD} ${coordinates[0]![1]} L ${WIDTH - PAD} ${coordinates[0]![1]}`
      : coordinates.map(([cx, cy], index) => `${index === 0 ? 'M' : 'L'} ${cx} ${cy}`).join(' ');
  const colour = theme.palette.primary.main;
  const label = t('secondary.chart.label', {
    trades: points.length,
    first: ethText(prices[0]!),
    last: ethText(prices.at(-1)!),
    from: formatDateTime(points[0]!.at, i18n.language),
    to: formatDateTime(points.at(-1)!.at, i18n.language),
  });
  return (
    <Box data-testid="price-chart" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <LineChartSvg width={WIDTH} height={HEIGHT} path={path} label={label} colour={colour} />
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          gap: 1,
          color: 'text.secondary',
          fontSize: 13,
        }}
      >
        <span>
          {t('secondary.chart.low')} <span dir="ltr">{t('marketplace.eth', { amount: ethText(low) })}</span>
        </span>
        <span>
          {t('secondary.chart.high')} <span dir="ltr">{t('marketplace.eth', { amount: ethText(high) })}</span>
        </span>
      </Box>
    </Box>
  );
}
