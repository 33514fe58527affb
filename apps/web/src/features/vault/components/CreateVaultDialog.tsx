import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustodyProvider } from '@portal/shared/vault';
import { AppButton } from '../../../components/AppButton';
import { useCreateVault } from '../api/create-vault';
import { ProblemAlert } from './ProblemAlert';

/**
 * docs/product.md §2.5, the confirmation dialog, titled with the custody provider ('Create Fireblocks Vault'); the
 * embedded custody is named in the text instead. It closes on success and stays open on failure.
 */
export function CreateVaultDialog({
  open,
  provider,
  onClose,
}: {
  open: boolean;
  provider: CustodyProvider;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateVault();
  const [autoFuel, setAutoFuel] = useState(true);
  const close = () => {
    if (create.isPending) return;
    create.reset();
    onClose();
  };
  const confirm = () =>
    create.mutate(
      { autoFuel },
      {
        onSuccess: () => {
          create.reset();
          onClose();
        },
      },
    );

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="create-vault-title">
      <DialogTitle id="create-vault-title">
        {provider === 'fireblocks' ? t('vault.createTitleFireblocks') : t('vault.createTitle')}
      </DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText>
          {t('vault.createDescription', { provider: t(`vault.providers.${provider}`) })}
        </DialogContentText>
        <FormControlLabel
          control={
            <Switch
              checked={autoFuel}
              onChange={(event) => setAutoFuel(event.target.checked)}
              disabled={create.isPending}
            />
          }
          label={t('vault.autoFuelLabel')}
        />
        {create.isError && <ProblemAlert title={t('messages.vaultCreateFailed')} error={create.error} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={create.isPending}>
          {t('vault.cancel')}
        </Button>
        <AppButton onClick={confirm} loading={create.isPending}>
          {t('vault.create')}
        </AppButton>
      </DialogActions>
    </Dialog>
  );
}
