import Refresh from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { assetChain, type Wallet } from '@portal/shared/vault';
import { AppButton } from '../../../components/AppButton';
import { PageHeader } from '../../../components/PageHeader';
import { useVaultBalances, VaultBalance } from '../../holdings';
import { useVaultInfo } from '../api/vault-info';
import { useVaultWallets } from '../api/vault-wallets';
import { AboutVaults } from './AboutVaults';
import { ConnectionCard } from './ConnectionCard';
import { CreateVaultDialog } from './CreateVaultDialog';
import { FaucetDialog } from './FaucetDialog';
import { ProblemAlert } from './ProblemAlert';
import { VaultStatusCard } from './VaultStatusCard';
import { WalletDisplay } from './WalletDisplay';
import { WalletTable } from './WalletTable';

const column = { display: 'flex', flexDirection: 'column', gap: 3, minWidth: 0 } as const;

/**
 * The Vault page (`/vault` and the 'My Vault' tab, docs/product.md §2.5): status, wallet table and wallet display
 * on one side; connection test and help on the other.
 */
export function VaultTab() {
  const { t } = useTranslation();
  const info = useVaultInfo();
  const vault = info.data?.vault ?? null;
  const provider = info.data?.provider;
  const wallets = useVaultWallets(!!vault);
  const balances = useVaultBalances(!!vault);
  const [creating, setCreating] = useState(false);
  const [funding, setFunding] = useState<Wallet | null>(null);
  const fundingChain = funding ? assetChain(funding.assetId) : undefined;
  // The banner is dismissed per failure: the next failing load shows it again.
  const [dismissedAt, setDismissedAt] = useState(0);

  const refresh = () => {
    void info.refetch();
    if (vault) {
      void wallets.refetch();
      void balances.refetch();
    }
  };

  return (
    <>
      <PageHeader
        title={t('nav.vault')}
        subtitle={t('vault.subtitle')}
        action={
          <AppButton variant="outline" startIcon={<Refresh />} loading={info.isFetching} onClick={refresh}>
            {t('vault.refreshInfo')}
          </AppButton>
        }
      />
      {info.isError && info.errorUpdatedAt !== dismissedAt && (
        <ProblemAlert
          title={t('messages.vaultInfoFailed')}
          error={info.error}
          onClose={() => setDismissedAt(info.errorUpdatedAt)}
          sx={{ marginBlockEnd: 3 }}
        />
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' },
        }}
      >
        <Box sx={column}>
          {info.isPending ? (
            <Skeleton variant="rounded" height={180} />
          ) : (
            info.data && <VaultStatusCard vault={vault} onCreate={() => setCreating(true)} />
          )}
          <WalletTable
            wallets={info.data?.wallets ?? []}
            loading={info.isPending}
            {...(vault && {
              balance: (wallet: Wallet) => (
                <VaultBalance
                  loading={balances.isPending}
                  balance={balances.data?.find(
                    (entry) => entry.address === wallet.address && entry.assetId === wallet.assetId,
                  )}
                />
              ),
              // Test funds for the chains the faucet pays on (ADR 70).
              action: (wallet: Wallet) => {
                const chain = assetChain(wallet.assetId);
                if (chain !== 'ethereum' && chain !== 'solana') return null;
                return (
                  <AppButton variant="ghost" size="sm" onClick={() => setFunding(wallet)}>
                    {t('vault.faucet.open')}
                  </AppButton>
                );
              },
            })}
          />
        </Box>
        <Box sx={column}>
          {vault && <WalletDisplay wallets={wallets} compact />}
          <ConnectionCard provider={provider} />
          <AboutVaults provider={provider} />
        </Box>
      </Box>
      {funding && (fundingChain === 'ethereum' || fundingChain === 'solana') && (
        <FaucetDialog open chain={fundingChain} address={funding.address} onClose={() => setFunding(null)} />
      )}
      {provider && (
        <CreateVaultDialog open={creating} provider={provider} onClose={() => setCreating(false)} />
      )}
    </>
  );
}
