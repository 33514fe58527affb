import { alpha, createTheme, type Theme } from '@mui/material/styles';
import type { ThemeMode } from './preferences';
// Inter's @font-face rules (woff2 URLs rewritten by Vite), added by CssBaseline through emotion
// rather than linked as a stylesheet: a linked one would block the first paint.
import interFontFaces from '@fontsource-variable/inter/index.css?inline';

const fontFamily = [
  '"Inter Variable"',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  // Inter has no Arabic glyphs: let the platform's Arabic face take over.
  '"Noto Sans Arabic"',
  'Tahoma',
  'sans-serif',
].join(', ');

export function createAppTheme(mode: ThemeMode, direction: 'ltr' | 'rtl'): Theme {
  const light = mode === 'light';
  const primary = light ? '#2f54eb' : '#7b93ff';
  const theme = createTheme({
    direction,
    palette: {
      mode,
      primary: { main: primary, contrastText: light ? '#ffffff' : '#0b1020' },
      secondary: { main: light ? '#0e9384' : '#3cc7b4' },
      success: { main: light ? '#12805c' : '#3ccb8f' },
      warning: { main: light ? '#b54708' : '#f5a524' },
      error: { main: light ? '#c4320a' : '#ff7a66' },
      background: light ? { default: '#f5f7fb', paper: '#ffffff' } : { default: '#0b1020', paper: '#121a2e' },
      text: light
        ? { primary: '#101828', secondary: '#5a6478' }
        : { primary: '#eef1f8', secondary: '#a3adc2' },
      divider: light ? '#e4e8f0' : '#243049',
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily,
      h1: { fontWeight: 700, letterSpacing: '-0.02em' },
      h2: { fontWeight: 700, letterSpacing: '-0.02em' },
      h3: { fontWeight: 700, letterSpacing: '-0.02em' },
      h4: { fontWeight: 700, letterSpacing: '-0.02em' },
      h5: { fontWeight: 650, letterSpacing: '-0.01em' },
      h6: { fontWeight: 650 },
      subtitle1: { fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
  });
  const border = `1px solid ${theme.palette.divider}`;
  return createTheme(theme, {
    components: {
      MuiCssBaseline: { styleOverrides: interFontFaces },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { borderRadius: 10 } },
      },
      MuiCard: {
        defaultProps: { variant: 'outlined' },
        styleOverrides: { root: { borderRadius: 14, border } },
      },
      MuiPaper: { styleOverrides: { outlined: { border } } },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiOutlinedInput: {
        styleOverrides: {
          root: {
            backgroundColor: light ? '#ffffff' : alpha('#ffffff', 0.03),
            borderRadius: 10,
          },
        },
      },
      MuiInputLabel: { styleOverrides: { root: { fontWeight: 500 } } },
      MuiAlert: { styleOverrides: { root: { borderRadius: 10, alignItems: 'center' } } },
      MuiTooltip: { defaultProps: { arrow: true } },
      MuiMenu: { styleOverrides: { paper: { borderRadius: 12, border, minWidth: 240 } } },
    },
  });
}
