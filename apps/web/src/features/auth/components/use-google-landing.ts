import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type GoogleLanding, readGoogleLanding } from '../api/google';

/**
 * Where Google sign-in came back to this page (the API's `#google=…` fragment, ADR 45), read once
 * at the first render; the fragment, which may hold a two-factor ticket, is then taken out of the
 * address bar and the history.
 */
export function useGoogleLanding(): GoogleLanding | undefined {
  const { hash, pathname, search } = useLocation();
  const navigate = useNavigate();
  const [landing] = useState(() => readGoogleLanding(hash));
  useEffect(() => {
    if (landing && readGoogleLanding(hash)) void navigate(`${pathname}${search}`, { replace: true });
  }, [landing, hash, pathname, search, navigate]);
  return landing;
}
