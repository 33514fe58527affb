import { useSyncExternalStore } from 'react';
import type { User } from '@portal/shared/auth';
import type { MessageKey } from '@portal/shared/messages';

/** Browser storage keys of docs/product.md §3.1; sign-in status is "an authToken is stored". */
export const AUTH_TOKEN_KEY = 'authToken';
export const REFRESH_TOKEN_KEY = 'refreshToken';
export const USER_DATA_KEY = 'userData';
/** Fired in this tab whenever the stored session changes (other tabs get a `storage` event). */
export const AUTH_CHANGE_EVENT = 'authChange';
const NOTICE_KEY = 'authNotice';

/** userData as stored: the profile, possibly from an older version or with per-chain wallet fields. */
export type StoredUser = Partial<User> & Record<string, unknown>;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (quota, privacy mode); the session then lasts for this page only.
  }
}

function announce(): void {
  window.dispatchEvent(new Event(AUTH_CHANGE_EVENT));
}

export function getAuthToken(): string | null {
  return read(AUTH_TOKEN_KEY);
}

export function getRefreshToken(): string | null {
  return read(REFRESH_TOKEN_KEY);
}

export function getUserData(): StoredUser | null {
  const raw = read(USER_DATA_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? (parsed as StoredUser) : null;
  } catch {
    return null;
  }
}

export function setUserData(user: StoredUser): void {
  write(USER_DATA_KEY, JSON.stringify(user));
}

/** Signs the user in (docs/product.md §4.1): token, refresh token (bearer mode only) and user data. */
export function storeSession(session: {
  token: string;
  refreshToken?: string | undefined;
  user: StoredUser;
}) {
  write(AUTH_TOKEN_KEY, session.token);
  write(REFRESH_TOKEN_KEY, session.refreshToken ?? null);
  setUserData(session.user);
  announce();
}

/** A refresh replaces the tokens; a missing refresh token means the server keeps it in a cookie. */
export function updateTokens(token: string, refreshToken: string | undefined): void {
  write(AUTH_TOKEN_KEY, token);
  if (refreshToken) write(REFRESH_TOKEN_KEY, refreshToken);
  announce();
}

export function clearSession(): void {
  write(AUTH_TOKEN_KEY, null);
  write(REFRESH_TOKEN_KEY, null);
  write(USER_DATA_KEY, null);
  announce();
}

export function subscribeAuth(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(AUTH_CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(AUTH_CHANGE_EVENT, onChange);
  };
}

/** The stored authToken, re-read on `storage` and `authChange` events. */
export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribeAuth, getAuthToken, () => null);
}

/** A message for the sign-in page after a forced sign-out or a finished password reset. */
export interface AuthNotice {
  key: MessageKey;
  severity: 'info' | 'success' | 'warning';
}

export function setAuthNotice(notice: AuthNotice): void {
  try {
    sessionStorage.setItem(NOTICE_KEY, JSON.stringify(notice));
  } catch {
    // Without session storage the notice is simply not shown.
  }
}

export function peekAuthNotice(): AuthNotice | null {
  try {
    const raw = sessionStorage.getItem(NOTICE_KEY);
    return raw ? (JSON.parse(raw) as AuthNotice) : null;
  } catch {
    return null;
  }
}

export function clearAuthNotice(): void {
  try {
    sessionStorage.removeItem(NOTICE_KEY);
  } catch {
    // Nothing to clear.
  }
}
