import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** A `<dl>` of Details, two columns on a phone and four from a tablet up: the feature's facts and figures. */
export function FactsGrid({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Box
      component="dl"
      data-testid={testId}
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' },
        margin: 0,
      }}
    >
      {children}
    </Box>
  );
}
