import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PurchaseResponse } from '@portal/shared/purchases';
import { Detail } from '../../../components/Detail';
import { formatPercent } from '../../../lib/format';
import { TransactionHash } from './TransactionHash';

/**
 * docs/product.md §2.9, the success view: 'Purchase Successful!', its text, amount purchased, ownership percentage
 * (6 decimals), transaction hash (or 'Pending...') and 'View on IPFS'.
 */
export function PurchaseSuccess({ result, symbol }: { result: PurchaseResponse['data']; symbol: string }) {
  const { t, i18n } = useTranslation();
  const { ownershipRecord, vcData } = result;
  return (
    <Box data-testid="purchase-success" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box
        sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 1 }}
      >
        <CheckCircleOutlined color="success" sx={{ fontSize: 56 }} />
        <Typography variant="h6" component="p">
          {t('messages.purchaseSuccessTitle')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('messages.purchaseSuccessText')}
        </Typography>
      </Box>
      <Box component="dl" sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: '1fr 1fr', margin: 0 }}>
        <Detail term={t('purchase.success.amount')}>
          {ownershipRecord.amount} {symbol}
        </Detail>
        <Detail term={t('purchase.success.percent')}>
          {formatPercent(ownershipRecord.percent, i18n.language)}
        </Detail>
        <Detail sx={{ gridColumn: '1 / -1' }} term={t('purchase.success.hash')}>
          {ownershipRecord.transactionHash ? (
            <TransactionHash
              hash={ownershipRecord.transactionHash}
              explorerUrl={ownershipRecord.explorerUrl}
              testId="purchase-hash"
            />
          ) : (
            t('purchase.pending')
          )}
        </Detail>
      </Box>
      {vcData.ipfsUrl && (
        <Link
          href={vcData.ipfsUrl}
          target="_blank"
          rel="noopener noreferrer"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, alignSelf: 'flex-start' }}
        >
          {t('purchase.success.ipfs')}
          <OpenInNew fontSize="inherit" />
        </Link>
      )}
    </Box>
  );
}
