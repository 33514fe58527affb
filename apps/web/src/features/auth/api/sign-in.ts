import type { AuthResponse, LoginForm, RegisterForm } from '@portal/shared/auth';
import { normalizeRole } from '@portal/shared/roles';
import { api } from '../../../lib/api-client';

/** The web app keeps its session in HttpOnly cookies; the server answers `cookie_session`. */
const session = 'cookie' as const;

/** `unlockToken`: from the link mailed when the account's password sign-ins are paused (ADR 54). */
export function login(input: LoginForm, unlockToken?: string): Promise<unknown> {
  return api.post(
    '/auth/login',
    { ...input, session, ...(unlockToken ? { unlockToken } : {}) },
    { refreshOn401: false },
  );
}

/** Asks for a new sign-in link for a paused account; the answer is the same for any address. */
export function requestUnlock(email: string): Promise<{ success: true; message: string }> {
  return api.post('/auth/unlock', { email }, { refreshOn401: false });
}

/** The investor app always registers investors, and sends the confirmation too (docs/product.md §7.2). */
export function registerInvestor(input: RegisterForm): Promise<unknown> {
  return api.post('/auth/register', { ...input, role: 'investor', session }, { refreshOn401: false });
}

/** The second sign-in step of an account with two-factor authentication (ADR 0023). */
export function loginWithCode(ticket: string, code: string): Promise<unknown> {
  return api.post('/auth/login/two-factor', { ticket, code }, { refreshOn401: false });
}

/** A right password for an account that asks for its second factor. */
export function isTwoFactorChallenge(data: unknown): data is { twoFactorRequired: true; ticket: string } {
  if (typeof data !== 'object' || data === null) return false;
  const { twoFactorRequired, ticket } = data as Record<string, unknown>;
  return twoFactorRequired === true && typeof ticket === 'string';
}

/** "Success plus token" (docs/product.md §4.1), and a user whose role the gate can read. */
export function isAuthResponse(data: unknown): data is AuthResponse {
  if (typeof data !== 'object' || data === null) return false;
  const { success, token, user } = data as Record<string, unknown>;
  return (
    success === true &&
    typeof token === 'string' &&
    token.length > 0 &&
    typeof user === 'object' &&
    user !== null &&
    typeof (user as Record<string, unknown>).role === 'string'
  );
}

/** docs/product.md §4.2 role gate: INVESTOR or ADMIN, compared case-insensitively. */
export function isAdmittedRole(role: string): boolean {
  const normalized = normalizeRole(role);
  return normalized === 'investor' || normalized === 'admin';
}
