import Box, { type BoxProps } from '@mui/material/Box';
import { useId } from 'react';

/** The portal's mark: a token hexagon around three bars. Decorative unless given a title. */
export function LogoMark({ size = 40, title, sx }: { size?: number; title?: string; sx?: BoxProps['sx'] }) {
  const gradient = useId();
  return (
    <Box
      component="svg"
      viewBox="0 0 48 48"
      sx={{ width: size, height: size, flexShrink: 0, ...sx }}
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4f6bed" />
          <stop offset="1" stopColor="#2437a8" />
        </linearGradient>
      </defs>
      <rect width="48" height="48" rx="12" fill={`url(#${gradient})`} />
      <path
        d="M24 9 37 16.5v15L24 39 11 31.5v-15Z"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path d="M24 17v14M18 21v6M30 21v6" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
    </Box>
  );
}

/** The outline alone, for the large watermark on the visual panel. */
export function LogoWatermark({ sx }: { sx?: BoxProps['sx'] }) {
  return (
    <Box component="svg" viewBox="0 0 48 48" aria-hidden sx={sx}>
      <path
        d="M24 4 41.3 14v20L24 44 6.7 34V14Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path d="M24 15v18M16 20v8M32 20v8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </Box>
  );
}
