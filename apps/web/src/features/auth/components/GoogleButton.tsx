import { lazy, Suspense, useEffect, useState } from 'react';
import { type GoogleIntent, isGoogleEnabled } from '../api/google';

// Most portals run without Google sign-in: its button (and Divider) load only when offered.
const GoogleChoice = lazy(async () => ({ default: (await import('./GoogleChoice')).GoogleChoice }));

/** "Continue with Google" under the form, shown only when the portal is configured for it. */
export function GoogleButton({ intent }: { intent: GoogleIntent }) {
  const [enabled, setEnabled] = useState(false);
  useEffect(() => {
    let live = true;
    void isGoogleEnabled().then((on) => {
      if (live) setEnabled(on);
    });
    return () => {
      live = false;
    };
  }, []);
  if (!enabled) return null;
  return (
    <Suspense fallback={null}>
      <GoogleChoice intent={intent} />
    </Suspense>
  );
}
