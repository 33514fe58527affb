import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatUnits } from '@portal/shared/money';
import { formatHandle, type Transfer } from '@portal/shared/transfers';
import { AppButton } from '../../../components/AppButton';
import { CopyButton } from '../../../components/CopyButton';
import { formatDateTime } from '../../../lib/format';
import { TransactionHash } from '../../purchases';
import { useRegenerateHandle, useTransferHandle, useTransfers } from '../api/transfers';

const COLORS = { PENDING: 'warning', COMPLETED: 'success', FAILED: 'error' } as const;

function TransferItem({ transfer }: { transfer: Transfer }) {
  const { t, i18n } = useTranslation();
  const amount = formatUnits(BigInt(transfer.amount), transfer.decimals);
  const to =
    transfer.kind === 'peer' ? formatHandle(transfer.counterparty ?? '') : (transfer.counterparty ?? '');
  const words =
    transfer.direction === 'in'
      ? t('transfers.received', { amount, symbol: transfer.symbol })
      : t(transfer.kind === 'withdrawal' ? 'transfers.withdrawn' : 'transfers.sent', {
          amount,
          symbol: transfer.symbol,
          to,
        });
  return (
    <Box
      component="li"
      data-testid="transfer-item"
      sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600, flex: 1, overflowWrap: 'anywhere' }}>{words}</Typography>
        <Chip
          size="small"
          variant="outlined"
          label={t(`transfers.status.${transfer.status}`)}
          color={COLORS[transfer.status]}
          data-testid="transfer-status"
        />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {formatDateTime(transfer.completedAt ?? transfer.createdAt, i18n.language)}
      </Typography>
      {transfer.txHash && (
        <TransactionHash hash={transfer.txHash} explorerUrl={transfer.explorerUrl} testId="transfer-hash" />
      )}
    </Box>
  );
}

/** My Assets' transfers: my handle to give out (with copy and renewal), and my history in and out (ADR 76). */
export function TransfersSection() {
  const { t } = useTranslation();
  const handle = useTransferHandle();
  const regenerate = useRegenerateHandle();
  const transfers = useTransfers();
  const list = transfers.data ?? [];
  return (
    <Card component="section" aria-labelledby="transfers-title" data-testid="transfers-section">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography id="transfers-title" variant="h6" component="h2">
          {t('transfers.title')}
        </Typography>
        <Box>
          <Typography variant="subtitle2" component="h3">
            {t('transfers.myHandle')}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography
              dir="ltr"
              sx={{ fontFamily: 'monospace', fontSize: 18, letterSpacing: 1 }}
              data-testid="transfer-my-handle"
            >
              {handle.data ? formatHandle(handle.data) : '…'}
            </Typography>
            {handle.data && <CopyButton value={handle.data} label={t('transfers.copyHandle')} />}
            <AppButton
              size="sm"
              variant="ghost"
              loading={regenerate.isPending}
              disabled={regenerate.isPending}
              onClick={() => regenerate.mutate()}
              data-testid="transfer-regenerate"
            >
              {t('transfers.regenerate')}
            </AppButton>
          </Box>
          <Typography variant="body2" color="text.secondary">
            {t('transfers.myHandleHint')}
          </Typography>
        </Box>
        {list.length === 0 ? (
          <Typography variant="body2">{t('transfers.empty')}</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 2 }}>
            {list.map((transfer) => (
              <TransferItem key={transfer.id} transfer={transfer} />
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
