import Logout from '@mui/icons-material/Logout';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import type { User } from '@portal/shared/auth';
import { useProfile } from '../api/profile';
import { api } from '../../../lib/api-client';
import { useAuthToken } from '../../../lib/auth-storage';
import { queryClient } from '../../../lib/query-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LogoMark } from '../../../components/Logo';
import { LanguageMenu, ThemeToggle } from '../../../components/PreferenceControls';

export interface ConsoleShellProps {
  title: string;
  /** Where signing out (or arriving without a session) leads. */
  signInPath: string;
  admits: (role: string) => boolean;
  /** What a signed-in user whose role is not admitted is told. */
  notAdmitted: (role: string) => string;
  children: (profile: User) => ReactNode;
}

/**
 * A console's own shell (the issuer console, the admin console): a bar with the console's
 * title, the account, language, theme and sign-out, and a role gate around the workspace.
 */
export function ConsoleShell(props: ConsoleShellProps) {
  const token = useAuthToken();
  if (!token) return <Navigate to={props.signInPath} replace />;
  return (
    <QueryClientProvider client={queryClient}>
      <Shell {...props} />
    </QueryClientProvider>
  );
}

function Shell({ title, signInPath, admits, notAdmitted, children }: ConsoleShellProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const profile = useProfile();
  useDocumentTitle(title);

  const signOut = async () => {
    await api.logout();
    await navigate(signInPath, { replace: true });
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
    if (!admits(profile.data.role)) {
      return (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" href="/dashboard">
              {t('issuer.toDashboard')}
            </Button>
          }
        >
          {notAdmitted(profile.data.role)}
        </Alert>
      );
    }
    return children(profile.data);
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
          <Typography component="h1" noWrap sx={{ fontWeight: 700, flex: 1, fontSize: 17, minWidth: 0 }}>
            {title}
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
          {/* On a phone the button keeps its icon; its name stays the visible word elsewhere. */}
          <Button
            color="inherit"
            startIcon={<Logout />}
            aria-label={t('issuer.signOut')}
            onClick={() => void signOut()}
            sx={{ minWidth: 0, '& .MuiButton-startIcon': { marginInline: { xs: 0, sm: '-4px 8px' } } }}
          >
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              {t('issuer.signOut')}
            </Box>
          </Button>
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="lg" sx={{ paddingBlock: { xs: 2, sm: 4 } }}>
        {content()}
      </Container>
    </Box>
  );
}
