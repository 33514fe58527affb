import Check from '@mui/icons-material/Check';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import Translate from '@mui/icons-material/Translate';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { normalizeRole } from '@portal/shared/roles';
import { setThemeMode, useThemeMode } from '../../../app/preferences';
import { languageNames } from '../../../components/language-names';
import { isLanguage, languages, setLanguage } from '../../../i18n/i18n';
import { api } from '../../../lib/api-client';
import { getUserData } from '../../../lib/auth-storage';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { useProfile } from '../../auth';
import { KycDialog } from '../../kyc';
import { useNotifications, NotificationsDialog, useLiveNotifications } from '../../notifications';

function initials(name: string | undefined, email: string | undefined): string {
  const source = name?.trim() || email || '';
  const parts = source.split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]![0]}${parts.at(-1)![0]}` : source.slice(0, 1);
  return letters.toUpperCase() || '?';
}

/** The avatar menu of docs/product.md §2.3, plus the theme and language switches. */
export function AccountMenu() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const mode = useThemeMode();
  // Popover positions are physical: the menu hangs from the avatar's end side in either direction.
  const end = useTheme().direction === 'rtl' ? 'left' : 'right';
  const { data: profile } = useProfile();
  useLiveNotifications();
  const unread = useNotifications().data?.unread ?? 0;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<'kyc' | 'notifications' | null>(null);
  const stored = getUserData();
  const email = profile?.email ?? (typeof stored?.email === 'string' ? stored.email : undefined);
  const name = profile?.name ?? (typeof stored?.name === 'string' ? stored.name : undefined);
  const verified = profile?.kycStatus === 'verified';
  const currentLanguage = isLanguage(i18n.language) ? i18n.language : 'en';
  const close = () => setAnchor(null);
  const open = (which: 'kyc' | 'notifications') => {
    close();
    setDialog(which);
  };

  return (
    <>
      <IconButton
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        sx={{ padding: 0.5 }}
      >
        <Badge
          color="error"
          badgeContent={unread}
          max={99}
          overlap="circular"
          slotProps={{ badge: { 'aria-hidden': true } as object }}
        >
          <Avatar
            src={profile?.avatarUrl}
            alt=""
            aria-hidden
            sx={{
              width: 36,
              height: 36,
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              fontSize: 15,
              fontWeight: 700,
            }}
          >
            {initials(name, email)}
          </Avatar>
        </Badge>
        {/* Named by hidden text rather than aria-label: axe counts the initials as visible
            text that an aria-label would have to contain (label-content-name-mismatch). */}
        <Box component="span" sx={visuallyHidden}>
          {unread ? t('topbar.accountMenuUnread', { count: unread }) : t('topbar.accountMenu')}
        </Box>
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: end }}
        transformOrigin={{ vertical: 'top', horizontal: end }}
        slotProps={{ paper: { sx: { marginBlockStart: 1, minWidth: 280 } } }}
      >
        <Box sx={{ paddingInline: 2, paddingBlock: 1.25 }}>
          {name && (
            <Typography sx={{ fontWeight: 650 }} noWrap>
              {name}
            </Typography>
          )}
          <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap data-testid="account-email">
            {email ?? t('common.user')}
          </Typography>
        </Box>
        <Divider />
        {verified ? (
          <MenuItem disabled>
            <ListItemIcon>
              <VerifiedOutlined fontSize="small" color="success" />
            </ListItemIcon>
            <ListItemText>{t('topbar.verified')}</ListItemText>
          </MenuItem>
        ) : (
          <MenuItem onClick={() => open('kyc')}>
            <ListItemIcon>
              <VerifiedUserOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('topbar.kycVerification')}</ListItemText>
          </MenuItem>
        )}
        <MenuItem onClick={() => open('notifications')}>
          <ListItemIcon>
            <NotificationsNoneOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('topbar.notifications')}</ListItemText>
          {unread > 0 && <Badge color="error" badgeContent={unread} max={99} sx={{ marginInlineEnd: 1.5 }} />}
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            void navigate('/account-settings');
          }}
        >
          <ListItemIcon>
            <SettingsOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('topbar.settings')}</ListItemText>
        </MenuItem>
        {profile && normalizeRole(profile.role) === 'admin' && (
          <MenuItem
            onClick={() => {
              close();
              void navigate('/admin');
            }}
          >
            <ListItemIcon>
              <AdminPanelSettingsOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('topbar.adminConsole')}</ListItemText>
          </MenuItem>
        )}
        <Divider />
        <MenuItem
          role="menuitemcheckbox"
          aria-checked={mode === 'dark'}
          onClick={() => setThemeMode(mode === 'dark' ? 'light' : 'dark')}
        >
          <ListItemIcon>
            <DarkModeOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('preferences.darkMode')}</ListItemText>
          {mode === 'dark' && <Check fontSize="small" />}
        </MenuItem>
        {/* A menu holds only menu items: each language is a radio item of the menu. */}
        <Divider />
        {languages.map((language) => (
          <MenuItem
            key={language}
            role="menuitemradio"
            aria-checked={currentLanguage === language}
            lang={language}
            selected={currentLanguage === language}
            onClick={() => void setLanguage(language)}
          >
            <ListItemIcon>
              <Translate fontSize="small" />
            </ListItemIcon>
            <ListItemText>{languageNames[language]}</ListItemText>
            {currentLanguage === language && <Check fontSize="small" />}
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={async () => {
            close();
            await api.logout();
            await navigate('/login', { replace: true });
          }}
        >
          <ListItemIcon>
            <LogoutOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('topbar.logout')}</ListItemText>
        </MenuItem>
      </Menu>
      <KycDialog open={dialog === 'kyc'} onClose={() => setDialog(null)} />
      <NotificationsDialog open={dialog === 'notifications'} onClose={() => setDialog(null)} />
    </>
  );
}
