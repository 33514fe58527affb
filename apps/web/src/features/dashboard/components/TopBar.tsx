import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { AccountMenu } from './AccountMenu';

export function TopBar({ title, onOpenNavigation }: { title: string; onOpenNavigation: () => void }) {
  const { t } = useTranslation();
  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={(theme) => ({
        borderBlockEnd: `1px solid ${theme.palette.divider}`,
        bgcolor: alpha(theme.palette.background.paper, 0.86),
        backdropFilter: 'blur(10px)',
      })}
    >
      <Toolbar sx={{ gap: 1.5, minHeight: { xs: 60, sm: 64 } }}>
        <IconButton
          edge="start"
          onClick={onOpenNavigation}
          aria-label={t('nav.openMenu')}
          sx={{ display: { md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <Typography
          variant="h6"
          component="h1"
          noWrap
          sx={{ flex: 1, fontSize: { xs: 17, sm: 19 } }}
          data-testid="topbar-title"
        >
          {title}
        </Typography>
        <AccountMenu />
      </Toolbar>
    </AppBar>
  );
}
