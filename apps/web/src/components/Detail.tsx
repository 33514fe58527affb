import Box, { type BoxProps } from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A term and its value inside a `<dl>` details grid. */
export function Detail({ term, children, sx }: { term: string; children: ReactNode; sx?: BoxProps['sx'] }) {
  return (
    // A dt/dd pair in one div, the only wrapper a <dl> allows.
    <Box sx={{ minWidth: 0, ...sx }}>
      <Typography component="dt" variant="caption" sx={{ color: 'text.secondary', fontWeight: 600 }}>
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ margin: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}
