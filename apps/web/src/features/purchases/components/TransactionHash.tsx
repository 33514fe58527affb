import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/CopyButton';

/**
 * A delivery transaction's hash: a link to its explorer page when there is one, and a copy
 * button. Balanced wrapping keeps a 66-character hash from leaving one character on a line.
 */
export function TransactionHash({
  hash,
  explorerUrl,
  testId,
}: {
  hash: string;
  explorerUrl: string | null;
  testId: string;
}) {
  const { t } = useTranslation();
  const text = (
    <Box
      component="span"
      dir="ltr"
      data-testid={testId}
      sx={{ fontFamily: 'monospace', textWrap: 'balance' }}
    >
      {hash}
    </Box>
  );
  return (
    <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <Box component="span" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {explorerUrl ? (
          <Link href={explorerUrl} target="_blank" rel="noopener noreferrer">
            {text}
          </Link>
        ) : (
          text
        )}
      </Box>
      <CopyButton value={hash} label={t('purchase.copyHash')} />
    </Box>
  );
}
