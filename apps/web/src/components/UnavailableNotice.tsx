import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { availability } from '../lib/api-client';

/**
 * While the portal answers reads with "temporarily unavailable" (or not at all), a notice that it
 * is retrying, over whatever page is open, instead of an error page; gone with the next answer.
 */
export function UnavailableNotice() {
  const { t } = useTranslation();
  const unavailable = useSyncExternalStore(availability.subscribe, availability.unavailable);
  if (!unavailable) return null;
  return (
    <Box
      sx={{
        position: 'fixed',
        insetBlockEnd: 16,
        insetInline: 16,
        display: 'flex',
        justifyContent: 'center',
        zIndex: 'snackbar',
        pointerEvents: 'none',
      }}
    >
      <Alert
        severity="warning"
        role="status"
        icon={<CircularProgress size={20} color="inherit" />}
        sx={{ pointerEvents: 'auto', boxShadow: 3 }}
      >
        {t('common.unavailableRetrying')}
      </Alert>
    </Box>
  );
}
