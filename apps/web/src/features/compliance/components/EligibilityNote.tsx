import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { Eligibility } from '@portal/shared/compliance';
import { useEligibilityText } from '../api/eligibility-text';

/**
 * A marketplace row's answer to "may I buy this": said in words, the icon only repeats it
 * (docs/product.md §4.12).
 */
export function EligibilityNote({ eligibility }: { eligibility: Eligibility }) {
  const { t } = useTranslation();
  const text = useEligibilityText();
  const refusal = text(eligibility);
  const Icon = refusal ? BlockOutlined : CheckCircleOutlined;
  return (
    <Box
      data-testid="eligibility-note"
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 0.5,
        marginBlockStart: 0.5,
        fontSize: 13,
        // The theme's main tones keep 4.5:1 on paper in both modes.
        color: refusal ? 'warning.main' : 'success.main',
      }}
    >
      <Icon aria-hidden sx={{ fontSize: 16, marginBlockStart: '1px', flexShrink: 0 }} />
      <span>{refusal ?? t('compliance.eligible')}</span>
    </Box>
  );
}

/**
 * Why the amount cannot be bought, in a region read out politely as it changes: the region is
 * always there, so a screen reader hears each new reason (WCAG 4.1.3).
 */
export function EligibilityAlert({ refusal }: { refusal: string | undefined }) {
  return (
    <Box role="status" aria-live="polite" data-testid="eligibility-status">
      {refusal && (
        <Alert severity="warning" icon={<BlockOutlined />}>
          {refusal}
        </Alert>
      )}
    </Box>
  );
}
