import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

export type StatusCode =
  'CREATING' | 'PENDING' | 'DEPLOYING' | 'DEPLOYED' | 'FAILED' | 'CLOSED' | 'SETTLING' | 'COMPLETED';

/** docs/product.md §4.9 listing status colours: DEPLOYED success, FAILED error, CREATING/PENDING/DEPLOYING warning. */
export function listingStatusColor(status: StatusCode): ChipProps['color'] {
  if (status === 'DEPLOYED') return 'success';
  if (status === 'FAILED') return 'error';
  return status === 'CLOSED' ? 'default' : 'warning';
}

/** docs/product.md §4.9 asset status colours: COMPLETED success, anything else warning. */
export function assetStatusColor(status: StatusCode): ChipProps['color'] {
  return status === 'COMPLETED' ? 'success' : 'warning';
}

/** A status code as a small chip, named in the user's language. */
export function StatusChip({
  status,
  color,
  ...chip
}: { status: StatusCode; color: ChipProps['color'] } & Omit<ChipProps, 'label' | 'color'>) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={color} label={t(`statuses.${status}`)} {...chip} />;
}
