import OpenInNew from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { assetChain } from '@portal/shared/vault';
import { AppButton } from '../../../components/AppButton';
import { CopyButton } from '../../../components/CopyButton';
import { useNotify } from '../../../components/Notifier';
import { useMessage } from '../../../i18n/use-message';
import { ApiError } from '../../../lib/api-client';
import { shortenAddress } from '../../../lib/format';
import { useProfile } from '../../auth';
import { tabHref } from '../../../lib/dashboard-paths';
import { useDid, useStartDid } from '../../did';
import { useSbts, createSbtHref, SbtStatusChip } from '../../sbt';
import { LinkedWallets } from './LinkedWallets';
import { SettingRow, SettingsSection } from './SettingsSection';

const mono = { fontFamily: 'ui-monospace, monospace', fontSize: 13, wordBreak: 'break-all' } as const;

/** A row's value, below its label on phones and beside it on wider screens. */
function Value({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, justifyContent: 'flex-end' }}>
      {children}
    </Box>
  );
}

function DidRow() {
  const { t } = useTranslation();
  const notify = useNotify();
  const message = useMessage();
  // docs/product.md §4.4: opening this tab fetches the DID again.
  const did = useDid();
  const start = useStartDid();
  const create = () =>
    start.mutate(undefined, {
      onSuccess: () => notify(t('did.created')),
      // docs/product.md §8: the server's reason (or 'Unknown error') when it answered, else 'Error creating DID.'
      onError: (error) =>
        notify(
          error instanceof ApiError
            ? t('did.createFailed', { message: message(error.message) || t('did.unknownError') })
            : t('did.createError'),
          'error',
        ),
    });
  return (
    <SettingRow
      label={t('settings.blockchain.did')}
      hint={did.data ? undefined : t('settings.blockchain.noDid')}
      control={
        did.isPending ? (
          <Skeleton width={220} height={32} />
        ) : did.data ? (
          <Value>
            <Typography
              dir="ltr"
              sx={{ ...mono, maxWidth: { xs: 170, sm: 'none' } }}
              data-testid="settings-did"
            >
              {did.data.did}
            </Typography>
            <CopyButton value={did.data.did} label={t('did.copy')} />
          </Value>
        ) : (
          <AppButton size="sm" loading={start.isPending} onClick={create}>
            {t('did.create')}
          </AppButton>
        )
      }
    />
  );
}

function SbtRow() {
  const { t } = useTranslation();
  const sbts = useSbts();
  const sbt = sbts.data?.[0];
  return (
    <SettingRow
      label={t('settings.blockchain.sbt')}
      hint={sbt ? sbt.name : t('settings.blockchain.noSbt')}
      control={
        sbts.isPending ? (
          <Skeleton width={180} height={32} />
        ) : sbt ? (
          <Value>
            <Box
              component="img"
              src={sbt.imageUrl}
              alt=""
              sx={{ width: 40, height: 40, borderRadius: 1.5, flexShrink: 0 }}
            />
            <Stack sx={{ alignItems: 'flex-end', gap: 0.5 }}>
              <SbtStatusChip sbt={sbt} />
              {sbt.explorerUrl && (
                <Button
                  size="small"
                  href={sbt.explorerUrl}
                  target="_blank"
                  rel="noopener"
                  endIcon={<OpenInNew sx={{ fontSize: 16 }} />}
                  sx={{ paddingBlock: 0 }}
                >
                  {t('sbt.viewOnExplorer')}
                </Button>
              )}
            </Stack>
          </Value>
        ) : (
          <AppButton size="sm" variant="outline" to={createSbtHref}>
            {t('settings.blockchain.createSbt')}
          </AppButton>
        )
      }
    />
  );
}

/** The investor's vault wallets (the portal's custodial addresses), then the wallets they linked. */
function ConnectedWallets() {
  const { t } = useTranslation();
  const profile = useProfile();
  const wallets = profile.data?.wallets ?? [];
  if (profile.isPending) return <Skeleton variant="rounded" height={120} />;
  if (wallets.length === 0) {
    return (
      <Stack sx={{ gap: 1.5, alignItems: 'flex-start', paddingBlock: 1 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('settings.blockchain.noWallets')}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          <AppButton size="sm" variant="outline" to={tabHref('vault')}>
            {t('settings.blockchain.openVault')}
          </AppButton>
        </Box>
        <LinkedWallets hasVaultWallets={false} />
      </Stack>
    );
  }
  return (
    <>
      <List dense disablePadding aria-label={t('settings.blockchain.wallets')}>
        {wallets.map((wallet) => {
          const chain = assetChain(wallet.assetId);
          return (
            <ListItem
              key={`${wallet.assetId}:${wallet.address}`}
              disableGutters
              secondaryAction={<CopyButton value={wallet.address} label={t('common.copyAddress')} />}
            >
              <ListItemText
                primary={chain ? t(`chains.${chain}`) : wallet.assetId}
                secondary={
                  <Box component="span" dir="ltr" sx={{ fontFamily: 'ui-monospace, monospace' }}>
                    {shortenAddress(wallet.address)}
                  </Box>
                }
                slotProps={{ primary: { sx: { fontWeight: 600 } } }}
              />
              <Chip size="small" label={wallet.assetId} variant="outlined" sx={{ marginInlineEnd: 5 }} />
            </ListItem>
          );
        })}
      </List>
      <LinkedWallets hasVaultWallets />
    </>
  );
}

/**
 * docs/product.md §2.12: the DID (copy, or 'Create DID'), the SBT (image, status and
 * explorer link, or 'Create SBT') and the connected wallets.
 */
export function BlockchainIdentity() {
  const { t } = useTranslation();
  return (
    <Stack sx={{ gap: 3 }}>
      <SettingsSection
        title={t('settings.tabs.blockchain')}
        description={t('settings.blockchain.description')}
      >
        <DidRow />
        <Divider />
        <SbtRow />
      </SettingsSection>
      <SettingsSection
        title={t('settings.blockchain.wallets')}
        description={t('settings.blockchain.walletsHint')}
      >
        <ConnectedWallets />
      </SettingsSection>
    </Stack>
  );
}
