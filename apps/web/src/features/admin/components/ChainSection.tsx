import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { formatUnits } from '@portal/shared/money';
import { Detail } from '../../../components/Detail';
import { useMessage } from '../../../i18n/use-message';
import { useChainStatus } from '../api/admin';

const mono = { fontFamily: 'ui-monospace, monospace', fontSize: 13 } as const;

/** The chains as the portal sees them: height, what the platform holds to pay fees, the journal. */
export function ChainSection() {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const status = useChainStatus();
  if (status.isPending) return <Skeleton variant="rounded" height={200} />;
  if (status.isError) return <Alert severity="error">{message(status.error.message)}</Alert>;
  const { evm, solana } = status.data;
  const number = (value: string | number) => new Intl.NumberFormat(i18n.language).format(BigInt(value));
  const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, margin: 0 };
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 3 }} data-testid="admin-chain">
      <Card component="section" aria-labelledby="admin-chain-evm" sx={{ flex: 1 }}>
        <CardHeader
          title={t('admin.chain.evm')}
          slotProps={{ title: { id: 'admin-chain-evm', component: 'h3', variant: 'h6' } }}
        />
        <CardContent>
          <Box component="dl" sx={grid}>
            <Detail term={t('admin.chain.kind')}>{t(`admin.chain.kinds.${evm.kind}`)}</Detail>
            <Detail term={t('admin.chain.chainId')}>{evm.chainId}</Detail>
            <Detail term={t('admin.chain.height')}>{number(evm.height)}</Detail>
            <Detail term={t('admin.chain.balance')}>
              <span dir="ltr">{`${formatUnits(BigInt(evm.platformBalanceWei), 18)} ETH`}</span>
            </Detail>
            <Detail term={t('admin.chain.platform')} sx={{ gridColumn: '1 / -1' }}>
              <Box component="span" dir="ltr" sx={mono}>
                {evm.platformAddress}
              </Box>
            </Detail>
            <Detail term={t('admin.chain.journal')}>
              {evm.journalEntries === null ? t('admin.chain.remote') : number(evm.journalEntries)}
            </Detail>
            <Detail term={t('admin.chain.unsent')}>{number(evm.unsentTransactions)}</Detail>
          </Box>
        </CardContent>
      </Card>
      <Card component="section" aria-labelledby="admin-chain-solana" sx={{ flex: 1 }}>
        <CardHeader
          title={t('admin.chain.solana')}
          slotProps={{ title: { id: 'admin-chain-solana', component: 'h3', variant: 'h6' } }}
        />
        <CardContent>
          <Box component="dl" sx={grid}>
            <Detail term={t('admin.chain.kind')}>{t(`admin.chain.kinds.${solana.kind}`)}</Detail>
            <Detail term={t('admin.chain.feePayerBalance')}>
              <span dir="ltr">{`${formatUnits(BigInt(solana.feePayerLamports), 9)} SOL`}</span>
            </Detail>
            <Detail term={t('admin.chain.feePayer')} sx={{ gridColumn: '1 / -1' }}>
              <Box component="span" dir="ltr" sx={mono}>
                {solana.feePayer}
              </Box>
            </Detail>
          </Box>
        </CardContent>
      </Card>
    </Stack>
  );
}
