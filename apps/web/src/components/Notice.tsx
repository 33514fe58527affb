import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

/** One notice of the Notifier; loaded with the first notice, not with the first page. */
export function Notice({
  message,
  severity,
  onClose,
}: {
  message: string;
  severity: AlertColor;
  onClose: () => void;
}) {
  return (
    <Snackbar
      open
      autoHideDuration={6000}
      onClose={(_event, reason) => reason !== 'clickaway' && onClose()}
      // At the top: a dialog's actions sit at its bottom, where a notice would cover them.
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      <Alert severity={severity} variant="filled" onClose={onClose} sx={{ width: '100%' }}>
        {message}
      </Alert>
    </Snackbar>
  );
}
