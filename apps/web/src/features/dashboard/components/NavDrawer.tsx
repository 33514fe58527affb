import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LogoMark } from '../../../components/Logo';
import { tabHref, type TabValue } from '../../../lib/dashboard-paths';
import { dashboardTabs } from '../tabs';

/** docs/product.md §2.3, §9: 72 px collapsed, 240 px while hovered (or focused from the keyboard). */
export const DRAWER_COLLAPSED = 72;
export const DRAWER_EXPANDED = 240;

function NavItems({
  active,
  collapsible,
  onNavigate,
}: {
  active: TabValue;
  collapsible: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <List sx={{ paddingInline: 1.5, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      {dashboardTabs.map(({ value, icon: Icon }) => {
        const selected = value === active;
        return (
          // A list holds list items: the link sits inside one (axe "list").
          <ListItem key={value} disablePadding>
            <ListItemButton
              component={RouterLink}
              to={tabHref(value)}
              selected={selected}
              aria-current={selected ? 'page' : undefined}
              onClick={onNavigate}
              sx={{
                minHeight: 44,
                borderRadius: 2,
                paddingInline: 1.5,
                color: 'text.secondary',
                '&.Mui-selected': {
                  color: 'primary.main',
                  bgcolor: 'action.selected',
                  '& .MuiListItemIcon-root': { color: 'primary.main' },
                },
              }}
            >
              <ListItemIcon sx={{ minWidth: 0, marginInlineEnd: 2, color: 'inherit' }}>
                <Icon />
              </ListItemIcon>
              <ListItemText
                primary={t(`nav.${value}`)}
                className={collapsible ? 'nav-label' : undefined}
                slotProps={{
                  primary: { noWrap: true, sx: { fontWeight: selected ? 650 : 500, fontSize: 14.5 } },
                }}
                sx={collapsible ? { opacity: 0, transition: 'opacity 150ms' } : undefined}
              />
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}

function Brand({ collapsible }: { collapsible: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, paddingInline: 2, height: 64, flexShrink: 0 }}
    >
      <LogoMark size={40} />
      <Typography
        noWrap
        className={collapsible ? 'nav-label' : undefined}
        sx={{ fontWeight: 700, fontSize: 16, opacity: collapsible ? 0 : 1, transition: 'opacity 150ms' }}
      >
        {t('app.name')}
      </Typography>
    </Box>
  );
}

export function NavDrawer({
  active,
  mobileOpen,
  onMobileClose,
}: {
  active: TabValue;
  mobileOpen: boolean;
  onMobileClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Box
      component="nav"
      aria-label={t('nav.main')}
      // From md up the nav is the layout's first column, as tall as the page, in the drawer's
      // colours: the drawer itself is fixed to the window, and wherever the page is drawn beyond
      // the window (a full-page capture) the column carries its background on.
      sx={{
        flexShrink: 0,
        width: { md: DRAWER_COLLAPSED },
        bgcolor: { md: 'background.paper' },
        borderInlineEnd: { md: 1 },
        borderColor: { md: 'divider' },
      }}
    >
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={onMobileClose}
        sx={{ display: { xs: 'block', md: 'none' } }}
        slotProps={{ paper: { sx: { width: DRAWER_EXPANDED } } }}
      >
        <Brand collapsible={false} />
        <NavItems active={active} collapsible={false} onNavigate={onMobileClose} />
      </Drawer>
      <Drawer
        variant="permanent"
        sx={{ display: { xs: 'none', md: 'block' } }}
        slotProps={{
          paper: {
            sx: (theme) => ({
              width: DRAWER_COLLAPSED,
              overflowX: 'hidden',
              transition: theme.transitions.create(['width', 'box-shadow'], { duration: 180 }),
              '&:hover, &:focus-within': {
                width: DRAWER_EXPANDED,
                boxShadow: theme.shadows[8],
                '& .nav-label': { opacity: 1 },
              },
            }),
          },
        }}
      >
        <Brand collapsible />
        <NavItems active={active} collapsible />
      </Drawer>
    </Box>
  );
}
