import CloudDoneOutlined from '@mui/icons-material/CloudDoneOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CustodyProvider } from '@portal/shared/vault';
import { AppButton } from '../../../components/AppButton';
import { useTestVaultConnection } from '../api/test-connection';
import { ProblemAlert } from './ProblemAlert';

/** docs/product.md §2.5, the side panel's 'Test Connection': 'Connection successful' + 'Found N vault(s)', or the failure. */
export function ConnectionCard({ provider }: { provider: CustodyProvider | undefined }) {
  const { t } = useTranslation();
  const test = useTestVaultConnection();
  return (
    <Card>
      <CardHeader
        title={t('vault.connection.title')}
        slotProps={{ title: { variant: 'h6', component: 'h3' } }}
      />
      <Divider />
      <CardContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2 }}>
        {provider && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('vault.connection.description', { provider: t(`vault.providers.${provider}`) })}
          </Typography>
        )}
        <AppButton
          variant="outline"
          startIcon={<CloudDoneOutlined />}
          loading={test.isPending}
          onClick={() => test.mutate()}
        >
          {t('vault.connection.test')}
        </AppButton>
        {test.isSuccess && (
          <Alert severity="success" sx={{ alignSelf: 'stretch' }} role="status">
            <AlertTitle sx={{ marginBlockEnd: 0.5 }}>{t('vault.connection.success')}</AlertTitle>
            <Typography variant="body2">
              {t('vault.connection.found', { count: test.data.vaultCount })}
            </Typography>
          </Alert>
        )}
        {test.isError && (
          <ProblemAlert
            title={t('vault.connection.failed')}
            error={test.error}
            sx={{ alignSelf: 'stretch' }}
          />
        )}
      </CardContent>
    </Card>
  );
}
