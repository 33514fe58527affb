import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

type Notify = (message: string, severity?: AlertColor) => void;

const NotifyContext = createContext<Notify>(() => {});

/**
 * The spec's "alerts" ('SBT created successfully!', 'Copied to clipboard!', …) shown as an
 * accessible in-app notice (role="alert") instead of a blocking browser dialog.
 */
export function NotifierProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<{ key: number; message: string; severity: AlertColor }>();
  const notify = useCallback<Notify>((message, severity = 'success') => {
    setNotice({ key: Date.now(), message, severity });
  }, []);
  const value = useMemo(() => notify, [notify]);
  const close = () => setNotice(undefined);
  return (
    <NotifyContext.Provider value={value}>
      {children}
      <Snackbar
        key={notice?.key}
        open={!!notice}
        autoHideDuration={6000}
        onClose={(_event, reason) => reason !== 'clickaway' && close()}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity={notice?.severity ?? 'success'}
          variant="filled"
          onClose={close}
          sx={{ width: '100%' }}
        >
          {notice?.message}
        </Alert>
      </Snackbar>
    </NotifyContext.Provider>
  );
}

/** `notify(message, severity?)`: shows one notice at a time; a new one replaces the old. */
export function useNotify(): Notify {
  return useContext(NotifyContext);
}
