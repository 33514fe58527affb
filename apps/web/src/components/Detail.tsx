import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A term and its value inside a `<dl>` details grid. */
export function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" sx={{ color: 'text.secondary', fontWeight: 600 }}>
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ margin: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}
