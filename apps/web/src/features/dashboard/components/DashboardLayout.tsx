import Box from '@mui/material/Box';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { queryClient } from '../../../lib/query-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PreferencesSync } from '../../settings';
import { useActiveTab } from '../tabs';
import { NavDrawer } from './NavDrawer';
import { TopBar } from './TopBar';

/** The signed-in shell (docs/product.md §2.3): drawer, top bar, and the page in between. */
export function DashboardLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Shell />
    </QueryClientProvider>
  );
}

function Shell() {
  const { t } = useTranslation();
  const active = useActiveTab();
  const [navigationOpen, setNavigationOpen] = useState(false);
  // The overview is the dashboard's home, so its heading is the default one.
  const title = active === 'overview' ? t('topbar.defaultTitle') : t(`nav.${active}`);
  useDocumentTitle(title);
  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh', bgcolor: 'background.default' }}>
      <PreferencesSync />
      <NavDrawer active={active} mobileOpen={navigationOpen} onMobileClose={() => setNavigationOpen(false)} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <TopBar title={title} onOpenNavigation={() => setNavigationOpen(true)} />
        <Box
          component="main"
          sx={{
            paddingInline: { xs: 2, sm: 3, lg: 4 },
            paddingBlock: { xs: 2.5, sm: 3, lg: 4 },
            maxWidth: 1360,
            marginInline: 'auto',
          }}
        >
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
