import { api, COOKIE_SESSION_TOKEN } from '../../../lib/api-client';

export type GoogleIntent = 'login' | 'register';

/** Whether the portal offers Google sign-in (GET /api/auth/providers); any failure means no. */
export async function isGoogleEnabled(): Promise<boolean> {
  try {
    const data = await api.get<{ google?: unknown } | undefined>('/auth/providers', { refreshOn401: false });
    return data?.google === true;
  } catch {
    return false;
  }
}

/** The browser navigates here; the API answers with a redirect to Google (ADR 45). */
export const googleStartUrl = (intent: GoogleIntent) => `/api/auth/google/start?intent=${intent}`;

/** Where the API's callback sent the browser back: `#google=signed-in|two-factor&ticket=…|failed`. */
export type GoogleLanding =
  { kind: 'signed-in' } | { kind: 'two-factor'; ticket: string } | { kind: 'failed' };

export function readGoogleLanding(hash: string): GoogleLanding | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const ticket = params.get('ticket');
  switch (params.get('google') ?? '') {
    case 'signed-in':
      return { kind: 'signed-in' };
    case 'two-factor':
      return ticket ? { kind: 'two-factor', ticket } : { kind: 'failed' };
    case 'failed':
      return { kind: 'failed' };
    default:
      return undefined;
  }
}

/**
 * After Google: the session is already in the HttpOnly cookies; the profile completes the
 * answer a password sign-in gets (`cookie_session` and the user), for the same role gate.
 */
export async function googleSession(): Promise<unknown> {
  const data = await api.get<{ user?: unknown } | undefined>('/auth/profile', { refreshOn401: false });
  return { success: true, token: COOKIE_SESSION_TOKEN, user: data?.user };
}
