import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Vault } from '@portal/shared/vault';
import { AppButton } from '../../../components/AppButton';
import { CopyButton } from '../../../components/CopyButton';
import { EmptyState } from '../../../components/EmptyState';
import { formatDate } from '../../../lib/format';

const defaultVaultName = /^(Investor|Issuer) vault ([0-9a-f]{8})$/;

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" component="dt" sx={{ color: 'text.secondary', fontWeight: 550 }}>
        {label}
      </Typography>
      <Box component="dd" sx={{ margin: 0, display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
        {children}
      </Box>
    </Box>
  );
}

/** docs/product.md §2.5: the active vault, or none with a 'Create Vault' action. */
export function VaultStatusCard({ vault, onCreate }: { vault: Vault | null; onCreate: () => void }) {
  const { t, i18n } = useTranslation();
  const defaultName = vault ? defaultVaultName.exec(vault.name) : null;
  return (
    <Card data-testid="vault-status">
      <CardHeader
        title={t('vault.status.title')}
        slotProps={{ title: { variant: 'h6', component: 'h3' } }}
        action={
          vault ? (
            <Chip label={t('vault.status.active')} color="success" sx={{ fontWeight: 650 }} />
          ) : (
            <Chip label={t('vault.status.none')} variant="outlined" sx={{ fontWeight: 650 }} />
          )
        }
        sx={{ '& .MuiCardHeader-action': { alignSelf: 'center', margin: 0 } }}
      />
      <Divider />
      {vault ? (
        <CardContent
          component="dl"
          sx={{
            margin: 0,
            display: 'grid',
            gap: 2.5,
            gridTemplateColumns: {
              xs: '1fr',
              sm: 'repeat(2, minmax(0, 1fr))',
              md: 'repeat(3, minmax(0, 1fr))',
            },
          }}
        >
          <Detail label={t('vault.status.name')}>
            <Typography noWrap>
              {/* The portal names vaults "Investor vault <ref>" or "Issuer vault <ref>"
                  (vault.service.ts): said in the reader's language; a name given elsewhere is
                  shown as it is. */}
              {defaultName
                ? t(defaultName[1] === 'Issuer' ? 'vault.status.issuerName' : 'vault.status.defaultName', {
                    ref: defaultName[2],
                  })
                : vault.name}
            </Typography>
          </Detail>
          <Detail label={t('vault.status.id')}>
            <Typography noWrap dir="ltr" sx={{ fontFamily: 'ui-monospace, monospace', fontSize: 14 }}>
              {vault.vaultId}
            </Typography>
            <CopyButton value={vault.vaultId} label={t('vault.status.copyId')} />
          </Detail>
          <Detail label={t('vault.status.provider')}>
            <Typography>{t(`vault.providers.${vault.provider}`)}</Typography>
          </Detail>
          <Detail label={t('vault.status.autoFuel')}>
            <Typography>{vault.autoFuel ? t('vault.status.on') : t('vault.status.off')}</Typography>
          </Detail>
          <Detail label={t('vault.status.created')}>
            <Typography>{formatDate(vault.createdAt, i18n.language)}</Typography>
          </Detail>
        </CardContent>
      ) : (
        <EmptyState
          dense
          icon={<AccountBalanceWalletOutlined />}
          title={t('vault.status.noneTitle')}
          description={t('vault.status.noneDescription')}
          action={
            <AppButton startIcon={<Add />} onClick={onCreate}>
              {t('vault.create')}
            </AppButton>
          }
        />
      )}
    </Card>
  );
}
