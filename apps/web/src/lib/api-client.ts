import { messages } from '@portal/shared/messages';
import { clearSession, getAuthToken, getRefreshToken, setAuthNotice, updateTokens } from './auth-storage';

// Copies of COOKIE_SESSION_TOKEN and CSRF_HEADER from @portal/shared/auth: that module also builds
// every zod schema, and importing it here would put zod in the sign-in page's first download.
// api-client.test.ts checks that the copies stay equal to the originals.
/** The authToken value meaning "the session lives in HttpOnly cookies". */
export const COOKIE_SESSION_TOKEN = 'cookie_session';
/** Sent on every call: cookie-session requests that change state are refused without it. */
export const CSRF_HEADER = 'x-portal-csrf';

/** A failed API answer: the error text of docs/product.md §7.1, the HTTP status, and any per-field messages. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get fields(): Record<string, string> | undefined {
    const fields = isRecord(this.body) ? this.body.fields : undefined;
    return isRecord(fields) ? (fields as Record<string, string>) : undefined;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Extra headers, e.g. the `Idempotency-Key` of a money-moving POST. */
  headers?: Record<string, string>;
  /**
   * Sign-in, registration and the password-reset calls answer 401 for wrong credentials, not for
   * an expired session, so they opt out of the refresh-and-retry rule.
   */
  refreshOn401?: boolean;
  /** `path` is a path on the portal's own origin outside `/api` (a private document under /ipfs/). */
  outsideApi?: boolean;
}

export interface ApiClientOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  /** How long to wait before asking a read again, given the server's Retry-After (ms). */
  wait?: (ms: number) => Promise<void>;
}

/** A read the server answers 503 with Retry-After (a dependency is down) is asked this often more. */
export const READ_RETRIES = 3;
/** Longest wait between two tries, whatever Retry-After says. */
const MAX_READ_WAIT_MS = 10_000;

/**
 * Whether the portal's latest answer to a read said it is temporarily unavailable (503, or no
 * answer at all): the app shows that it is retrying instead of an error.
 */
function createAvailability() {
  let unavailable = false;
  const listeners = new Set<() => void>();
  return {
    unavailable: () => unavailable,
    set(next: boolean) {
      if (next === unavailable) return;
      unavailable = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
export const availability = createAvailability();

/** Seconds of a Retry-After header (the API sends seconds, never a date), or undefined. */
export function retryAfterMs(response: Pick<Response, 'headers'>): number | undefined {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds * 1000, MAX_READ_WAIT_MS) : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** docs/product.md §7.1: the JSON body's `error`, else its `message`, else the raw text, else `HTTP {status}`. */
export function errorText(body: unknown, raw: string, status: number): string {
  if (isRecord(body)) {
    if (typeof body.error === 'string' && body.error) return body.error;
    if (typeof body.message === 'string' && body.message) return body.message;
  }
  return raw.trim() ? raw : `HTTP ${status}`;
}

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? '/api';
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const wait = options.wait ?? ((ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let refreshing: Promise<boolean> | null = null;
  let recovering: Promise<boolean> | null = null;
  // Bumped by each successful refresh: a 401 for a request sent with older tokens is just retried.
  let generation = 0;

  function send(
    path: string,
    { method = 'GET', body, signal, outsideApi, headers: extra }: RequestOptions,
  ): Promise<Response> {
    const headers: Record<string, string> = {
      ...extra,
      'Content-Type': 'application/json',
      Accept: 'application/json',
      // Cookie sessions need it on every state-changing call (CSRF); it is harmless elsewhere.
      [CSRF_HEADER]: '1',
    };
    const token = getAuthToken();
    if (token && token !== COOKIE_SESSION_TOKEN) headers.Authorization = `Bearer ${token}`;
    return fetchImpl(outsideApi ? path : `${baseUrl}${path}`, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  }

  async function parse<T>(response: Response): Promise<T> {
    const raw = await response.text();
    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      body = undefined;
    }
    if (!response.ok) throw new ApiError(errorText(body, raw, response.status), response.status, body);
    return body as T;
  }

  /** One refresh at a time: concurrent callers share it. Resolves false on any failure. */
  function refreshSession(): Promise<boolean> {
    refreshing ??= (async () => {
      const cookieMode = getAuthToken() === COOKIE_SESSION_TOKEN;
      const refreshToken = getRefreshToken();
      if (!cookieMode && !refreshToken) return false;
      try {
        const response = await send('/auth/refresh', {
          method: 'POST',
          body: cookieMode ? {} : { refreshToken },
        });
        if (!response.ok) return false;
        const data: unknown = await response.json();
        if (!isRecord(data) || data.success !== true || typeof data.token !== 'string' || !data.token) {
          return false;
        }
        updateTokens(data.token, typeof data.refreshToken === 'string' ? data.refreshToken : undefined);
        generation += 1;
        return true;
      } catch {
        return false;
      }
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /** Calls the server, then always forgets the session, even when the call fails (docs/product.md §4.1). */
  async function logout(): Promise<void> {
    try {
      await send('/auth/logout', { method: 'POST' });
    } catch {
      // Offline or server down: the local sign-out still happens.
    } finally {
      clearSession();
    }
  }

  /** After a 401: refresh once; if that fails, sign out fully with 'Session expired…'. */
  function recoverSession(): Promise<boolean> {
    recovering ??= (async () => {
      if (await refreshSession()) return true;
      if (getAuthToken()) {
        setAuthNotice({ key: 'sessionExpired', severity: 'warning' });
        await logout();
      }
      return false;
    })().finally(() => {
      recovering = null;
    });
    return recovering;
  }

  /** Sends; after a 401, refreshes the session once and sends again. */
  async function exchange(path: string, options: RequestOptions): Promise<Response> {
    const sentWith = generation;
    const response = await send(path, options);
    if (response.status !== 401 || options.refreshOn401 === false || !getAuthToken()) return response;
    const renewed = sentWith !== generation || (await recoverSession());
    if (!renewed) throw new ApiError(messages.sessionExpired, 401, undefined);
    return send(path, options);
  }

  /**
   * Reads (GET, idempotent) that the server answers 503 with Retry-After are asked again after the
   * time it names, a few times; whether the portal answers is told to `availability`.
   */
  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const read = (options.method ?? 'GET') === 'GET';
    for (let attempt = 0; ; attempt += 1) {
      let response: Response;
      try {
        response = await exchange(path, options);
      } catch (error) {
        if (read && error instanceof TypeError) availability.set(true);
        throw error;
      }
      const pause = response.status === 503 ? retryAfterMs(response) : undefined;
      if (read) availability.set(response.status === 503);
      if (!read || pause === undefined || attempt >= READ_RETRIES || options.signal?.aborted)
        return parse<T>(response);
      await wait(pause);
    }
  }

  return {
    request,
    get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'GET' }),
    post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'POST', body }),
    /**
     * A document the portal serves outside /api, such as a credential under /ipfs/: read with the
     * session (private documents are served to their holder only), always from this origin, so a
     * URL never carries the session anywhere else.
     */
    document: <T>(url: string, options?: Omit<RequestOptions, 'method' | 'body' | 'outsideApi'>) => {
      const { pathname, search } = new URL(url, 'http://portal.invalid');
      return request<T>(`${pathname}${search}`, { ...options, method: 'GET', outsideApi: true });
    },
    /** A file the API serves (a KYC document for its reviewer), read with the session. */
    file: async (path: string): Promise<Blob> => {
      const response = await exchange(path, {});
      if (!response.ok) await parse(response); // throws the API's error
      return response.blob();
    },
    refreshSession,
    logout,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The app's client: base `/api` on the page's own origin. */
export const api = createApiClient();
