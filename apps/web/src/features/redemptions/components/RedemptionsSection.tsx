import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RedemptionRequest } from '@portal/shared/redemptions';
import { AppButton } from '../../../components/AppButton';
import { Detail } from '../../../components/Detail';
import { useMessage } from '../../../i18n/use-message';
import { formatDateTime } from '../../../lib/format';
import { TransactionHash } from '../../purchases';
import { useCancelRedemption, useMyRedemptions } from '../api/redemptions';
import { price } from './money';

const COLORS = {
  LOCKING: 'warning',
  LOCKED: 'warning',
  CANCELLING: 'default',
  CANCELLED: 'default',
  SETTLING: 'warning',
  SETTLED: 'success',
  FAILED: 'error',
} as const;

function RequestItem({ request }: { request: RedemptionRequest }) {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const cancel = useCancelRedemption();
  const [key] = useState(() => `cancel-${crypto.randomUUID()}`);
  // Cancellable while locked; once the window has closed the server refuses and says so.
  const open = request.status === 'LOCKED';
  return (
    <Box
      component="li"
      data-testid="redemption-request"
      sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600, flex: 1 }}>
          <span dir="ltr">{`${request.amount} ${request.symbol}`}</span>
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          label={t(`redemptions.status.${request.status}`)}
          color={COLORS[request.status]}
          data-testid="redemption-status"
        />
      </Box>
      <Box component="dl" sx={{ display: 'grid', gap: 1, gridTemplateColumns: '1fr 1fr', margin: 0 }}>
        <Detail term={t('redemptions.closes')}>{formatDateTime(request.closesAt, i18n.language)}</Detail>
        {request.accepted !== null && (
          <Detail term={t('redemptions.accepted')}>
            <span dir="ltr" data-testid="redemption-accepted">{`${request.accepted} ${request.symbol}`}</span>
          </Detail>
        )}
        {request.payment !== null && (
          <Detail term={t('redemptions.payment')}>
            <span dir="ltr" data-testid="redemption-payment">
              {price(request.payment, request)}
            </span>
          </Detail>
        )}
        {request.transactions.map((tx) => (
          <Detail key={tx.kind} sx={{ gridColumn: '1 / -1' }} term={t(`redemptions.tx.${tx.kind}`)}>
            <TransactionHash
              hash={tx.hash}
              explorerUrl={tx.explorerUrl}
              testId={`redemption-${tx.kind}-hash`}
            />
          </Detail>
        ))}
      </Box>
      {open && (
        <Box>
          <AppButton
            size="sm"
            variant="outline"
            loading={cancel.isPending}
            disabled={cancel.isPending}
            onClick={() => cancel.mutate({ requestId: request.id, idempotencyKey: key })}
            aria-label={t('redemptions.cancelOf', { amount: request.amount, symbol: request.symbol })}
            data-testid="redemption-cancel"
          >
            {cancel.isPending ? t('purchase.processing') : t('redemptions.cancelRequest')}
          </AppButton>
        </Box>
      )}
      {cancel.isError && (
        <Typography role="alert" variant="body2" sx={{ color: 'error.main' }}>
          {message(cancel.error.message)}
        </Typography>
      )}
    </Box>
  );
}

/** My Assets' list of the holder's redemptions: requested, settled with payment and hashes, cancelled. */
export function RedemptionsSection() {
  const { t } = useTranslation();
  const mine = useMyRedemptions();
  const requests = mine.data?.requests ?? [];
  if (requests.length === 0) return null;
  return (
    <Card component="section" aria-labelledby="redemptions-title" data-testid="redemptions-section">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography id="redemptions-title" variant="h6" component="h2">
          {t('redemptions.listTitle')}
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 3 }}>
          {requests.map((request) => (
            <RequestItem key={request.id} request={request} />
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
