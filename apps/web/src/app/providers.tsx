import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NotifierProvider } from '../components/Notifier';
import { UnavailableNotice } from '../components/UnavailableNotice';
import { styleCache } from './direction';
import { useThemeMode } from './preferences';
import { createAppTheme } from './theme';

/** Theme (light/dark), text direction and global CSS, following the chosen language and mode. */
export function AppProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const direction = i18n.dir(i18n.language);
  const mode = useThemeMode();
  const theme = useMemo(() => createAppTheme(mode, direction), [mode, direction]);
  return (
    <CacheProvider value={styleCache(direction)}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        <NotifierProvider>{children}</NotifierProvider>
        <UnavailableNotice />
      </ThemeProvider>
    </CacheProvider>
  );
}
