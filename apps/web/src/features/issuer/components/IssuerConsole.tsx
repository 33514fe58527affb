import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppButton } from '../../../components/AppButton';
import { ConsoleShell } from '../../auth';
import { useNotify } from '../../../components/Notifier';
import { PageHeader } from '../../../components/PageHeader';
import { useMessage } from '../../../i18n/use-message';
import { useCreateVault } from '../../vault';
import { normalizeRole } from '@portal/shared/roles';
import { useIssuerApplication } from '../api/application';
import { useIssuerTokens } from '../api/tokens';
import { ISSUER_LOGIN, isIssuerConsoleRole } from '../issuer-roles';
import { ApplicationCard } from './ApplicationCard';
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
      {(profile) => (
        <Workspace hasVault={profile.wallets.length > 0} applies={normalizeRole(profile.role) === 'issuer'} />
      )}
    </ConsoleShell>
  );
}

/** `applies`: an issuer account, which issues once its application is approved (administrators need none). */
function Workspace({ hasVault, applies }: { hasVault: boolean; applies: boolean }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const message = useMessage();
  const tokens = useIssuerTokens();
  const application = useIssuerApplication(applies);
  const approved = !applies || application.data?.status === 'approved';
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
        {application.isError && <Alert severity="error">{message(application.error.message)}</Alert>}
        {application.data && application.data.status !== 'approved' && (
          <ApplicationCard application={application.data} />
        )}
        <TokensSection onCreate={() => setDialog('token')} canCreate={approved} />
        <ListingsSection onCreate={() => setDialog('listing')} canCreate={approved && deployed.length > 0} />
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
