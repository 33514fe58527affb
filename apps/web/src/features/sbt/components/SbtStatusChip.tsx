import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { Sbt } from '@portal/shared/sbt';

/** docs/product.md §4.5 display status: 'Minted on Blockchain' when minted, else 'Created (Pending Mint)'. */
export function SbtStatusChip({ sbt }: { sbt: Pick<Sbt, 'minted'> }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={sbt.minted ? 'success' : 'warning'}
      variant={sbt.minted ? 'filled' : 'outlined'}
      label={sbt.minted ? t('sbt.status.minted') : t('sbt.status.pending')}
      data-testid="sbt-status"
      sx={{ fontWeight: 650 }}
    />
  );
}
