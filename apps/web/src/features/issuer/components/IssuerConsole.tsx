import Logout from '@mui/icons-material/Logout';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { AppButton } from '../../../components/AppButton';
import { LogoMark } from '../../../components/Logo';
import { useNotify } from '../../../components/Notifier';
import { PageHeader } from '../../../components/PageHeader';
import { LanguageMenu, ThemeToggle } from '../../../components/PreferenceControls';
import { useMessage } from '../../../i18n/use-message';
import { api } from '../../../lib/api-client';
import { useAuthToken } from '../../../lib/auth-storage';
import { queryClient } from '../../../lib/query-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useProfile } from '../../auth/api/profile';
import { useCreateVault } from '../../vault/api/create-vault';
import { useIssuerTokens } from '../api/tokens';
import { ISSUER_LOGIN, isIssuerConsoleRole } from '../issuer-roles';
import { CreateListingDialog } from './CreateListingDialog';
import { CreateTokenDialog } from './CreateTokenDialog';
import { ListingsSection } from './ListingsSection';
import { TokensSection } from './TokensSection';

/** The issuer console at /issuer: its own shell, for ISSUER and ADMIN accounts only. */
export function IssuerConsole() {
  const token = useAuthToken();
  if (!token) return <Navigate to={ISSUER_LOGIN} replace />;
  return (
    <QueryClientProvider client={queryClient}>
      <Shell />
    </QueryClientProvider>
  );
}

function Shell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const profile = useProfile();
  useDocumentTitle(t('issuer.title'));

  const signOut = async () => {
    await api.logout();
    await navigate(ISSUER_LOGIN, { replace: true });
  };

  const content = () => {
    if (profile.isPending) {
      return (
        <Box sx={{ display: 'grid', placeItems: 'center', paddingBlock: 8 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      );
    }
    if (profile.isError) return <Alert severity="error">{profile.error.message}</Alert>;
    if (!isIssuerConsoleRole(profile.data.role)) {
      return (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" href="/dashboard">
              {t('issuer.toDashboard')}
            </Button>
          }
        >
          {t('issuer.notIssuer', { role: profile.data.role })}
        </Alert>
      );
    }
    return <Workspace hasVault={profile.data.wallets.length > 0} />;
  };

  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <AppBar
        position="sticky"
        color="inherit"
        elevation={0}
        sx={{ borderBlockEnd: 1, borderColor: 'divider' }}
      >
        <Toolbar sx={{ gap: 1 }}>
          <LogoMark size={32} />
          <Typography component="h1" sx={{ fontWeight: 700, flex: 1, fontSize: 17 }}>
            {t('issuer.title')}
          </Typography>
          {profile.data && (
            <Typography
              variant="body2"
              sx={{ color: 'text.secondary', display: { xs: 'none', sm: 'block' } }}
            >
              {profile.data.email}
            </Typography>
          )}
          <LanguageMenu />
          <ThemeToggle />
          <Button color="inherit" startIcon={<Logout />} onClick={() => void signOut()}>
            {t('issuer.signOut')}
          </Button>
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="lg" sx={{ paddingBlock: { xs: 2, sm: 4 } }}>
        {content()}
      </Container>
    </Box>
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
