import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoMark, LogoWatermark } from './Logo';
import { LanguageMenu, ThemeToggle } from './PreferenceControls';

export interface AuthLayoutProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
  /** Optional words on the visual panel; without them it shows the portal's own. */
  visualTitle?: string;
  visualSubtitle?: string;
}

/**
 * docs/product.md §2.2: a form panel (logo, title, subtitle, content) beside a visual
 * panel with a watermark logo. On phones the visual panel steps aside.
 */
export function AuthLayout({ title, subtitle, children, visualTitle, visualSubtitle }: AuthLayoutProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', bgcolor: 'background.default' }}>
      <Box
        component="main"
        sx={{
          flex: { xs: '1 1 auto', md: '0 0 min(560px, 48%)' },
          display: 'flex',
          flexDirection: 'column',
          bgcolor: 'background.paper',
          paddingInline: { xs: 2.5, sm: 6 },
          paddingBlock: { xs: 2, sm: 3 },
        }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1.25 }}>
            <LogoMark size={36} />
            <Typography component="span" sx={{ fontWeight: 700, fontSize: 17, letterSpacing: '-0.01em' }}>
              {t('app.name')}
            </Typography>
          </Stack>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
            <LanguageMenu />
            <ThemeToggle />
          </Stack>
        </Stack>
        <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', paddingBlock: { xs: 4, sm: 6 } }}>
          <Box sx={{ width: '100%', maxWidth: 420, marginInline: 'auto' }}>
            <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 28, sm: 32 } }}>
              {title}
            </Typography>
            {subtitle && (
              <Typography sx={{ color: 'text.secondary', marginBlockStart: 1, marginBlockEnd: 4 }}>
                {subtitle}
              </Typography>
            )}
            {children}
          </Box>
        </Box>
        <Typography variant="caption" sx={{ color: 'text.secondary', textAlign: 'center' }}>
          {t('auth.footer')}
        </Typography>
      </Box>
      <Box
        aria-hidden
        sx={(theme) => ({
          flex: 1,
          display: { xs: 'none', md: 'flex' },
          position: 'relative',
          overflow: 'hidden',
          flexDirection: 'column',
          justifyContent: 'flex-end',
          padding: 7,
          color: '#fff',
          background:
            theme.palette.mode === 'light'
              ? 'linear-gradient(145deg, #1d2f9c 0%, #2f54eb 55%, #5b7cff 100%)'
              : 'linear-gradient(145deg, #0d1430 0%, #1a2a6e 60%, #2a3f9e 100%)',
        })}
      >
        <LogoWatermark
          sx={{
            position: 'absolute',
            insetBlockStart: '-8%',
            insetInlineEnd: '-14%',
            width: '78%',
            maxWidth: 640,
            color: 'rgba(255,255,255,0.12)',
          }}
        />
        <Box sx={{ position: 'relative', maxWidth: 520 }}>
          <Typography variant="h3" component="p" sx={{ fontSize: { md: 34, lg: 40 }, lineHeight: 1.15 }}>
            {visualTitle ?? t('auth.visualTitle')}
          </Typography>
          <Typography sx={{ marginBlockStart: 2, opacity: 0.85, fontSize: 17, lineHeight: 1.6 }}>
            {visualSubtitle ?? t('auth.visualSubtitle')}
          </Typography>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', marginBlockStart: 4 }}>
            {(['kyc', 'custody', 'credentials'] as const).map((feature) => (
              <Box
                key={feature}
                sx={{
                  paddingInline: 1.5,
                  paddingBlock: 0.75,
                  borderRadius: 99,
                  fontSize: 13,
                  fontWeight: 600,
                  bgcolor: 'rgba(255,255,255,0.14)',
                  border: '1px solid rgba(255,255,255,0.22)',
                }}
              >
                {t(`auth.highlights.${feature}`)}
              </Box>
            ))}
          </Stack>
        </Box>
      </Box>
    </Box>
  );
}
