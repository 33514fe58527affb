import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { LogoMark } from './Logo';

/** A full-page message (not found, unexpected error) with one way forward. */
export function StatusPage({
  code,
  title,
  description,
  action,
}: {
  code?: string;
  title: string;
  description: string;
  action: ReactNode;
}) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 2,
        padding: 3,
        bgcolor: 'background.default',
      }}
    >
      <LogoMark size={48} />
      {code && (
        <Typography
          sx={{
            fontSize: 72,
            fontWeight: 800,
            lineHeight: 1,
            color: 'primary.main',
            letterSpacing: '-0.04em',
          }}
        >
          {code}
        </Typography>
      )}
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: 440 }}>{description}</Typography>
      <Box sx={{ marginBlockStart: 1 }}>{action}</Box>
    </Box>
  );
}
