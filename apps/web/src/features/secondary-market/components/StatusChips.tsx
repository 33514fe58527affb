import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { SecondaryFillStatus, SecondaryOrderStatus } from '@portal/shared/secondary-market';

// In-progress states use the warning colour, whose contrast passes on paper in both themes.
const ORDER_COLOURS = {
  PENDING: 'warning',
  OPEN: 'primary',
  FILLED: 'success',
  CANCELLED: 'default',
  EXPIRED: 'default',
  FAILED: 'error',
} as const satisfies Record<SecondaryOrderStatus, string>;

const FILL_COLOURS = {
  PENDING: 'warning',
  SETTLED: 'success',
  FAILED: 'error',
} as const satisfies Record<SecondaryFillStatus, string>;

export function OrderStatusChip({ status }: { status: SecondaryOrderStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={ORDER_COLOURS[status]}
      label={t(`secondary.orderStatus.${status}`)}
      data-testid="order-status"
    />
  );
}

export function FillStatusChip({ status }: { status: SecondaryFillStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={FILL_COLOURS[status]}
      label={t(`secondary.fillStatus.${status}`)}
      data-testid="fill-status"
    />
  );
}
