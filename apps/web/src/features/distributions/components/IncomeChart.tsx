import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DistributionCurrency, Income, IncomeResponse } from '@portal/shared/distributions';
import { formatUnits } from '@portal/shared/money';
import { useMessage } from '../../../i18n/use-message';
import { formatDate } from '../../../lib/format';
import { useIncome } from '../api/distributions';
import { LineChartSvg } from '../../../components/LineChartSvg';

const WIDTH = 320;
const HEIGHT = 120;

/** One currency's income as a rising step line (cumulative, oldest first), of plain SVG. */
function Cumulative({ rows, colour, label }: { rows: Income[]; colour: string; label: string }) {
  const ordered = [...rows].reverse();
  let running = 0n;
  const points = ordered.map((row) => (running += BigInt(row.amount)));
  const top = running > 0n ? running : 1n;
  const first = new Date(ordered[0]!.paidAt).getTime();
  const span = Math.max(1, new Date(ordered.at(-1)!.paidAt).getTime() - first);
  // Geometry only (a float is fine for pixels): the figures shown are the exact strings below.
  const x = (row: Income) =>
    ordered.length === 1 ? WIDTH : ((new Date(row.paidAt).getTime() - first) / span) * WIDTH;
  const y = (value: bigint) => HEIGHT - Number((value * 1000n) / top) * (HEIGHT / 1000);
  let path = `M 0 ${HEIGHT}`;
  let level = HEIGHT;
  ordered.forEach((row, i) => {
    path += ` L ${x(row)} ${level}`;
    level = y(points[i]!);
    path += ` L ${x(row)} ${level}`;
  });
  path += ` L ${WIDTH} ${level}`;
  return <LineChartSvg width={WIDTH} height={HEIGHT} path={path} label={label} colour={colour} />;
}

/**
 * Income over time (ADR 71): per currency, what the distributions paid me so far as a rising
 * line, and every payment in a table beside it (the table is the text alternative).
 */
export function IncomeChart({ income, totals }: Omit<IncomeResponse, 'success'>) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const captionId = useId();
  const colours: Record<DistributionCurrency, string> = {
    ETH: theme.palette.primary.main,
    tUSD: theme.palette.success.main,
  };
  if (income.length === 0) return <Typography>{t('distributions.noIncome')}</Typography>;
  return (
    <Box data-testid="income" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {totals.map((total) => (
        <Box key={total.currency}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('distributions.totalReceived', { currency: total.currency })}{' '}
            <span dir="ltr" data-testid={`income-total-${total.currency}`}>
              {`${formatUnits(BigInt(total.amount), total.decimals)} ${total.currency}`}
            </span>
          </Typography>
          <Cumulative
            rows={income.filter((row) => row.currency === total.currency)}
            colour={colours[total.currency]}
            label={t('distributions.chartLabel', { currency: total.currency })}
          />
        </Box>
      ))}
      <Table size="small" aria-describedby={captionId}>
        <caption id={captionId} style={{ captionSide: 'top', textAlign: 'start', padding: 0 }}>
          {t('distributions.incomeCaption')}
        </caption>
        <TableHead>
          <TableRow>
            <TableCell>{t('distributions.paidOn')}</TableCell>
            <TableCell>{t('distributions.token')}</TableCell>
            <TableCell>{t('distributions.received')}</TableCell>
            <TableCell>{t('distributions.proof')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {income.map((row) => (
            <TableRow key={row.distributionId} data-testid="income-row">
              <TableCell>{formatDate(row.paidAt, i18n.language)}</TableCell>
              <TableCell>{row.symbol}</TableCell>
              <TableCell dir="ltr">{`${formatUnits(BigInt(row.amount), row.decimals)} ${row.currency}`}</TableCell>
              <TableCell>
                {row.explorerUrl && (
                  <Link href={row.explorerUrl} target="_blank" rel="noreferrer">
                    {t('distributions.transaction')}
                  </Link>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** The Portfolio's income card: loads my income and draws it. */
export function IncomeCard() {
  const { t } = useTranslation();
  const message = useMessage();
  const query = useIncome();
  return (
    <Card>
      <CardHeader
        title={t('distributions.incomeTitle')}
        slotProps={{ title: { variant: 'h6', component: 'h3' } }}
      />
      <Divider />
      <CardContent>
        {query.isError && <Alert severity="error">{message(query.error.message)}</Alert>}
        {query.data && <IncomeChart income={query.data.income} totals={query.data.totals} />}
      </CardContent>
    </Card>
  );
}
