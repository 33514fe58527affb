import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The heading of a dashboard page, with an optional action on its end side. */
export function PageHeader({
  title,
  subtitle,
  action,
}: {
  title: string;
  subtitle?: string;
  action?: ReactNode;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: { xs: 'flex-start', sm: 'center' },
        flexDirection: { xs: 'column', sm: 'row' },
        gap: 2,
        marginBlockEnd: 3,
      }}
    >
      <Box sx={{ flex: 1 }}>
        <Typography variant="h4" component="h2" sx={{ fontSize: { xs: 24, sm: 28 } }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography sx={{ color: 'text.secondary', marginBlockStart: 0.5 }}>{subtitle}</Typography>
        )}
      </Box>
      {action}
    </Box>
  );
}
