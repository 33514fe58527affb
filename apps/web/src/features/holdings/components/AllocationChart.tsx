import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Allocation } from '@portal/shared/holdings';
import { formatPercent } from '../../../lib/format';
import { eth } from '../api/amounts';

/** A circle of circumference 100: a slice's dash length is its percentage. */
const RADIUS = 100 / (2 * Math.PI);

/**
 * The portfolio's allocation as a donut of plain SVG (no chart library), with the same figures in
 * a table beside it: the table is the text alternative, the drawing only repeats it.
 */
export function AllocationChart({ allocation }: { allocation: Allocation[] }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const titleId = useId();
  const palette = [
    theme.palette.primary.main,
    theme.palette.secondary.main,
    theme.palette.success.main,
    theme.palette.warning.main,
    theme.palette.info.main,
    theme.palette.error.main,
  ];
  const colour = (index: number) => palette[index % palette.length]!;
  const summary = allocation
    .map((slice) => `${slice.symbol} ${formatPercent(slice.percent, i18n.language)}`)
    .join(', ');
  // Geometry only: the figures shown are the exact strings of the answer.
  const shares = allocation.map((slice) => Number(slice.percent));
  const slices = allocation.map((slice, index) => ({
    slice,
    index,
    share: shares[index]!,
    offset: shares.slice(0, index).reduce((sum, share) => sum + share, 0),
  }));

  return (
    <Box
      data-testid="allocation"
      sx={{
        display: 'grid',
        gap: 3,
        alignItems: 'center',
        gridTemplateColumns: { xs: '1fr', sm: '180px minmax(0, 1fr)' },
      }}
    >
      <Box
        component="svg"
        viewBox="0 0 42 42"
        role="img"
        aria-labelledby={titleId}
        data-testid="allocation-chart"
        sx={{ width: 180, height: 180, justifySelf: 'center' }}
      >
        <title id={titleId}>{t('portfolio.chartLabel', { summary })}</title>
        <circle cx="21" cy="21" r={RADIUS} fill="none" stroke={theme.palette.action.hover} strokeWidth="6" />
        {slices.map(({ slice, index, share, offset: start }) => (
          <circle
            key={slice.tokenId}
            data-testid="allocation-slice"
            cx="21"
            cy="21"
            r={RADIUS}
            fill="none"
            stroke={colour(index)}
            strokeWidth="6"
            strokeDasharray={`${share} ${100 - share}`}
            // Starts at twelve o'clock and runs clockwise.
            strokeDashoffset={25 - start}
          />
        ))}
      </Box>
      <Table size="small" aria-label={t('portfolio.allocation')} data-testid="allocation-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('portfolio.token')}</TableCell>
            <TableCell align="right">{t('holdings.value')}</TableCell>
            <TableCell align="right">{t('portfolio.share')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {allocation.map((slice, index) => (
            <TableRow key={slice.tokenId}>
              <TableCell>
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                  <Box
                    component="span"
                    aria-hidden
                    sx={{ width: 12, height: 12, borderRadius: '3px', bgcolor: colour(index), flex: 'none' }}
                  />
                  {slice.name} ({slice.symbol})
                </Box>
              </TableCell>
              <TableCell align="right">
                <span dir="ltr">{`${eth(slice.valueWei)} ETH`}</span>
              </TableCell>
              <TableCell align="right">{formatPercent(slice.percent, i18n.language)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
