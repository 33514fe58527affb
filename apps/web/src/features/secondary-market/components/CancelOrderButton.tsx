import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SecondaryOrder } from '@portal/shared/secondary-market';
import { AppButton } from '../../../components/AppButton';
import { useMessage } from '../../../i18n/use-message';
import { useCancelOrder } from '../api/secondary';

/** 'Cancel' on one's own open order (ADR 75): the unsold tokens return to the vault; a refusal is said beside it. */
export function CancelOrderButton({ order }: { order: SecondaryOrder }) {
  const { t } = useTranslation();
  const message = useMessage();
  const cancel = useCancelOrder();
  if (!order.isMine || order.status !== 'OPEN') return null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, alignItems: 'flex-start' }}>
      <AppButton
        size="sm"
        variant="outline"
        loading={cancel.isPending}
        disabled={cancel.isPending}
        onClick={() => cancel.mutate({ orderId: order.id })}
        aria-label={t('secondary.cancelOf', { amount: order.remaining, symbol: order.symbol })}
        data-testid="order-cancel"
      >
        {cancel.isPending ? t('purchase.processing') : t('secondary.cancel')}
      </AppButton>
      {cancel.isError && (
        <Typography role="alert" variant="body2" sx={{ color: 'error.main' }}>
          {message(cancel.error.message)}
        </Typography>
      )}
    </Box>
  );
}
