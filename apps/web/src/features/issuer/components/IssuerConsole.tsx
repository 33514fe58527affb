import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppButton } from '../../../components/AppButton';
import { ConsoleShell } from '../../auth/components/ConsoleShell';
import { useNotify } from '../../../components/Notifier';
import { PageHeader } from '../../../components/PageHeader';
import { useMessage } from '../../../i18n/use-message';
import { useCreateVault } from '../../vault/api/create-vault';
import { useIssuerTokens } from '../api/tokens';
import { ISSUER_LOGIN, isIssuerConsoleRole } from '../issuer-roles';
import { CreateListingDialog } from './CreateListingDialog';
import { CreateTokenDialog } from './CreateTokenDialog';
import { ListingsSection } from './ListingsSection';
import { TokensSection } from './TokensSection';

/** The issuer console at /issuer: its own shell, for ISSUER and ADMIN accounts only. */
export function IssuerConsole() {
  const { t } = useTranslation();
  return (
    <ConsoleShell
      title={t('issuer.title')}
      signInPath={ISSUER_LOGIN}
      admits={isIssuerConsoleRole}
      notAdmitted={(role) => t('issuer.notIssuer', { role })}
    >
      {(profile) => <Workspace hasVault={profile.wallets.length > 0} />}
    </ConsoleShell>
  );
}

function Workspace({ hasVault }: { hasVault: boolean }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const message = useMessage();
  const tokens = useIssuerTokens();
  const createVault = useCreateVault();
  const [dialog, setDialog] = useState<'token' | 'listing'>();
  const [vaultNeeded, setVaultNeeded] = useState(!hasVault);
  const deployed = tokens.data?.filter((token) => token.status === 'DEPLOYED') ?? [];

  return (
    <>
      <PageHeader title={t('issuer.title')} subtitle={t('issuer.subtitle')} />
      <Stack sx={{ gap: 3 }}>
        {vaultNeeded && (
          <Alert
            severity="info"
            data-testid="issuer-vault-needed"
            action={
              <AppButton
                size="sm"
                loading={createVault.isPending}
                onClick={() =>
                  createVault.mutate(
                    { autoFuel: true },
                    {
                      onSuccess: () => {
                        setVaultNeeded(false);
                        notify(t('issuer.vault.created'), 'success');
                      },
                      onError: (error) => notify(message(error.message) ?? error.message, 'error'),
                    },
                  )
                }
              >
                {t('issuer.vault.create')}
              </AppButton>
            }
          >
            <AlertTitle>{t('issuer.vault.title')}</AlertTitle>
            {t('issuer.vault.description')}
          </Alert>
        )}
        <TokensSection onCreate={() => setDialog('token')} />
        <ListingsSection onCreate={() => setDialog('listing')} canCreate={deployed.length > 0} />
      </Stack>
      {dialog === 'token' && (
        <CreateTokenDialog
          onClose={() => setDialog(undefined)}
          onVaultRequired={() => setVaultNeeded(true)}
          onCreated={(token) => {
            setDialog(undefined);
            notify(t('issuer.tokens.created', { symbol: token.symbol }), 'success');
          }}
        />
      )}
      {dialog === 'listing' && (
        <CreateListingDialog
          tokens={deployed}
          onClose={() => setDialog(undefined)}
          onCreated={() => {
            setDialog(undefined);
            notify(t('issuer.listings.created'), 'success');
          }}
        />
      )}
    </>
  );
}
