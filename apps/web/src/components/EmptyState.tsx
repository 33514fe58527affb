import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  description?: string;
  action?: ReactNode;
  /** Smaller padding for use inside a card. */
  dense?: boolean;
}

/** What a section shows while it has nothing to show: never invented figures. */
export function EmptyState({ icon, title, description, action, dense = false }: EmptyStateProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 1,
        paddingBlock: dense ? 3 : 6,
        paddingInline: 2,
      }}
    >
      {icon && (
        <Box
          sx={{
            display: 'grid',
            placeItems: 'center',
            width: dense ? 44 : 56,
            height: dense ? 44 : 56,
            borderRadius: '50%',
            bgcolor: 'action.hover',
            color: 'primary.main',
            marginBlockEnd: 1,
          }}
        >
          {icon}
        </Box>
      )}
      <Typography variant={dense ? 'subtitle1' : 'h6'} component="p">
        {title}
      </Typography>
      {description && (
        <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 420 }}>
          {description}
        </Typography>
      )}
      {action && <Box sx={{ marginBlockStart: 1.5 }}>{action}</Box>}
    </Box>
  );
}
