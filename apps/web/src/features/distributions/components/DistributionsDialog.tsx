import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Distribution, DistributionStatus } from '@portal/shared/distributions';
import { formatUnits } from '@portal/shared/money';
import { AppButton } from '../../../components/AppButton';
import { WideDialog } from '../../../components/WideDialog';
import { useMessage } from '../../../i18n/use-message';
import { formatDateTime } from '../../../lib/format';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { useCancelDistribution, useDistributions } from '../api/distributions';
import { DeclareDistributionDialog } from './DeclareDistributionDialog';

const STATUS_COLOUR: Record<DistributionStatus, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  declared: 'default',
  snapshot: 'info',
  paying: 'warning',
  paid: 'success',
  failed: 'error',
  cancelled: 'default',
};

/** Base units of the distribution's currency as "12.5 tUSD" (exact, never a float). */
export const money = (units: string | null, row: Pick<Distribution, 'currency' | 'decimals'>) =>
  units === null ? '—' : `${formatUnits(BigInt(units), row.decimals)} ${row.currency}`;

/**
 * The issuer console's distributions of one token (ADR 71): each with its status (declared →
 * snapshot taken → paying → paid, or failed with its reason), holders, paid so far and remainder;
 * a declared one can be cancelled until its record date.
 */
export function DistributionsDialog({
  token,
  onClose,
}: {
  token: { id: string; name: string; symbol: string };
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const list = useDistributions(token.id);
  const cancel = useCancelDistribution(token.id);
  const [declaring, setDeclaring] = useState(false);
  return (
    <WideDialog
      title={t('distributions.titleOf', { name: token.name, symbol: token.symbol })}
      onClose={onClose}
      testId="distributions-dialog"
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box>
          <AppButton
            startIcon={<Add />}
            onClick={() => setDeclaring(true)}
            data-testid="distribution-declare"
          >
            {t('distributions.declare')}
          </AppButton>
        </Box>
        {list.isError && <Alert severity="error">{message(list.error.message)}</Alert>}
        {cancel.isError && <Alert severity="error">{message(cancel.error.message)}</Alert>}
        {list.data?.length === 0 && <Typography>{t('distributions.empty')}</Typography>}
        {list.data && list.data.length > 0 && (
          <TableContainer>
            <Table size="small" aria-label={t('distributions.listLabel', { symbol: token.symbol })}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('distributions.status')}</TableCell>
                  <TableCell>{t('distributions.amount')}</TableCell>
                  <TableCell>{t('distributions.recordDate')}</TableCell>
                  <TableCell>{t('distributions.paymentDate')}</TableCell>
                  <TableCell>{t('distributions.holders')}</TableCell>
                  <TableCell>{t('distributions.paid')}</TableCell>
                  <TableCell>{t('distributions.remainder')}</TableCell>
                  <TableCell>
                    <Box component="span" sx={visuallyHidden}>
                      {t('distributions.actions')}
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.map((row) => (
                  <TableRow key={row.id} data-testid="distribution-row">
                    <TableCell>
                      <Chip
                        size="small"
                        variant="outlined"
                        color={STATUS_COLOUR[row.status]}
                        label={t(`distributions.statuses.${row.status}`)}
                        data-testid="distribution-status"
                      />
                      {row.failureReason && (
                        <Typography variant="caption" sx={{ display: 'block', color: 'error.main' }}>
                          {message(row.failureReason)}
                        </Typography>
                      )}
                      {row.memo && (
                        <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
                          {row.memo}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell dir="ltr">
                      {row.basis === 'total'
                        ? money(row.amount, row)
                        : t('distributions.perToken', {
                            amount: money(row.amount, row),
                            symbol: token.symbol,
                          })}
                    </TableCell>
                    <TableCell>{formatDateTime(row.recordDate, i18n.language)}</TableCell>
                    <TableCell>{formatDateTime(row.paymentDate, i18n.language)}</TableCell>
                    <TableCell>{row.holderCount ?? '—'}</TableCell>
                    <TableCell dir="ltr" data-testid="distribution-paid">
                      {money(row.paid, row)}
                    </TableCell>
                    <TableCell dir="ltr">{money(row.remainder, row)}</TableCell>
                    <TableCell>
                      {row.status === 'declared' && new Date(row.recordDate) > new Date() && (
                        <AppButton
                          size="sm"
                          variant="outline"
                          disabled={cancel.isPending}
                          onClick={() => cancel.mutate({ id: row.id })}
                        >
                          {t('distributions.cancel')}
                        </AppButton>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Box>
      {declaring && <DeclareDistributionDialog token={token} onClose={() => setDeclaring(false)} />}
    </WideDialog>
  );
}
