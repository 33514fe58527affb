import type { AlertColor } from '@mui/material/Alert';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
} from 'react';

// The snackbar (transitions, click-away) loads with the first notice, not with the sign-in page.
const Notice = lazy(async () => ({ default: (await import('./Notice')).Notice }));

type Notify = (message: string, severity?: AlertColor) => void;

const NotifyContext = createContext<Notify>(() => {});

/**
 * The product's "alerts" (docs/product.md §2.17: 'SBT created successfully!', 'Copied to clipboard!', …) shown as an
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
      {notice && (
        <Suspense fallback={null}>
          <Notice key={notice.key} message={notice.message} severity={notice.severity} onClose={close} />
        </Suspense>
      )}
    </NotifyContext.Provider>
  );
}

/** `notify(message, severity?)`: shows one notice at a time; a new one replaces the old. */
export function useNotify(): Notify {
  return useContext(NotifyContext);
}
