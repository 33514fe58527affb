import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import Translate from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setThemeMode, useThemeMode } from '../app/preferences';
import { isLanguage } from '../i18n/i18n';
import { languageNames } from './language-names';

// The menu (popover, focus trap, transitions) loads on first click, not with the sign-in page.
const LanguageMenuList = lazy(async () => ({
  default: (await import('./LanguageMenuList')).LanguageMenuList,
}));

export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <>
      <Button
        color="inherit"
        size="small"
        startIcon={<Translate fontSize="small" />}
        onClick={(event) => setAnchor(event.currentTarget)}
        // The visible language name is part of the accessible name (WCAG 2.5.3).
        aria-label={`${t('preferences.language')}: ${languageNames[current]}`}
        aria-haspopup="menu"
        sx={{ color: 'text.secondary', fontWeight: 500 }}
      >
        {languageNames[current]}
      </Button>
      {anchor && (
        <Suspense fallback={null}>
          <LanguageMenuList anchor={anchor} current={current} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}

export function ThemeToggle() {
  const { t } = useTranslation();
  const mode = useThemeMode();
  const label = mode === 'light' ? t('preferences.switchToDark') : t('preferences.switchToLight');
  return (
    <IconButton
      onClick={() => setThemeMode(mode === 'light' ? 'dark' : 'light')}
      aria-label={label}
      title={label}
    >
      {mode === 'light' ? <DarkModeOutlined fontSize="small" /> : <LightModeOutlined fontSize="small" />}
    </IconButton>
  );
}
