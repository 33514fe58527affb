import AddLinkOutlined from '@mui/icons-material/AddLinkOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messages } from '@portal/shared/messages';
import { AppButton } from '../../../components/AppButton';
import { CopyButton } from '../../../components/CopyButton';
import { useNotify } from '../../../components/Notifier';
import { useMessage } from '../../../i18n/use-message';
import { ApiError } from '../../../lib/api-client';
import { shortenAddress } from '../../../lib/format';
import {
  browserWallet,
  connectWallet,
  linkedWalletsQueryKey,
  removeWallet,
  useLinkedWallets,
} from '../api/linked-wallets';

/** External wallets linked by a Sign-In with Ethereum signature, and the button that links one. */
export function LinkedWallets({ hasVaultWallets }: { hasVaultWallets: boolean }) {
  const { t } = useTranslation();
  const message = useMessage();
  const notify = useNotify();
  const client = useQueryClient();
  const linked = useLinkedWallets();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const connect = async () => {
    setProblem(undefined);
    const provider = browserWallet();
    if (!provider) return setProblem(t('settings.blockchain.noBrowserWallet'));
    setBusy(true);
    try {
      const answer = await connectWallet(provider);
      client.setQueryData(linkedWalletsQueryKey, answer.wallets);
      notify(message(answer.message) ?? '');
    } catch (error) {
      // A refusal in the wallet itself (EIP-1193 code 4001) is the user's choice, not an error.
      if ((error as { code?: unknown }).code === 4001) return;
      setProblem(error instanceof ApiError ? error.message : messages.siweInvalid);
    } finally {
      setBusy(false);
    }
  };
  const remove = async (id: string) => {
    const answer = await removeWallet(id);
    client.setQueryData(linkedWalletsQueryKey, answer.wallets);
    notify(message(answer.message) ?? '');
  };
  const wallets = linked.data ?? [];
  return (
    <>
      {wallets.length > 0 && (
        <List dense disablePadding aria-label={t('settings.blockchain.linkedWallets')}>
          {wallets.map((wallet) => (
            <ListItem
              key={wallet.id}
              disableGutters
              secondaryAction={
                <Box sx={{ display: 'flex', gap: 0.5 }}>
                  <CopyButton value={wallet.address} label={t('common.copyAddress')} />
                  <AppButton
                    size="sm"
                    variant="ghost"
                    onClick={() => void remove(wallet.id)}
                    aria-label={t('settings.blockchain.removeWallet', {
                      address: shortenAddress(wallet.address),
                    })}
                  >
                    {t('settings.blockchain.remove')}
                  </AppButton>
                </Box>
              }
            >
              <ListItemText
                primary={t('settings.blockchain.externalWallet')}
                secondary={
                  <Box component="span" dir="ltr" sx={{ fontFamily: 'ui-monospace, monospace' }}>
                    {shortenAddress(wallet.address)}
                  </Box>
                }
                slotProps={{ primary: { sx: { fontWeight: 600 } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Box sx={{ paddingBlockStart: 1.5 }}>
        <Button
          variant="outlined"
          size="small"
          startIcon={<AddLinkOutlined />}
          loading={busy}
          onClick={() => void connect()}
        >
          {hasVaultWallets || wallets.length
            ? t('settings.blockchain.connectNewWallet')
            : t('settings.blockchain.connectWallet')}
        </Button>
      </Box>
      {problem && (
        <Alert severity="warning" sx={{ marginBlockStart: 1.5 }}>
          {message(problem)}
        </Alert>
      )}
    </>
  );
}
