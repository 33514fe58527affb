import { describe, expect, it, vi } from 'vitest';
import * as sharedAuth from '@portal/shared/auth';
import {
  ApiError,
  availability,
  COOKIE_SESSION_TOKEN,
  CSRF_HEADER,
  createApiClient,
  READ_RETRIES,
} from './api-client';
import {
  AUTH_CHANGE_EVENT,
  getAuthToken,
  getRefreshToken,
  getUserData,
  peekAuthNotice,
} from './auth-storage';

type Handler = (path: string, init: RequestInit) => Response | Promise<Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch that records every call and answers through `handler`. */
function fakeFetch(handler: Handler) {
  const calls: Array<{ path: string; init: RequestInit; headers: Record<string, string>; body: unknown }> =
    [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input);
    const headers = init.headers as Record<string, string>;
    calls.push({ path, init, headers, body: init.body ? JSON.parse(String(init.body)) : undefined });
    return handler(path, init);
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

function signIn(token: string, refreshToken?: string) {
  localStorage.setItem('authToken', token);
  if (refreshToken) localStorage.setItem('refreshToken', refreshToken);
  localStorage.setItem('userData', JSON.stringify({ email: 'ada@example.com', role: 'INVESTOR' }));
}

describe('api client requests (docs/product.md §7)', () => {
  it('uses the same session constants as the server', () => {
    expect(COOKIE_SESSION_TOKEN).toBe(sharedAuth.COOKIE_SESSION_TOKEN);
    expect(CSRF_HEADER).toBe(sharedAuth.CSRF_HEADER);
  });

  it('calls /api with JSON, credentials, the CSRF header and a JSON body', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { success: true }));
    const api = createApiClient({ fetch });
    await api.post('/auth/forgot-password', { email: 'a@b.co' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.path).toBe('/api/auth/forgot-password');
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.credentials).toBe('include');
    expect(calls[0]!.headers['Content-Type']).toBe('application/json');
    expect(calls[0]!.headers['x-portal-csrf']).toBe('1');
    expect(calls[0]!.body).toEqual({ email: 'a@b.co' });
  });

  it('adds a bearer header for a stored token, but not for cookie sessions or without a token', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { success: true }));
    const api = createApiClient({ fetch });
    await api.get('/auth/profile');
    signIn('jwt-access');
    await api.get('/auth/profile');
    signIn(COOKIE_SESSION_TOKEN);
    await api.get('/auth/profile');
    expect(calls.map((c) => c.headers.Authorization)).toEqual([undefined, 'Bearer jwt-access', undefined]);
    expect(calls[0]!.init.body).toBeUndefined();
  });

  it.each([
    [
      'error',
      { success: false, error: 'Invalid email or password', message: 'ignored' },
      'Invalid email or password',
    ],
    ['message', { message: 'Maintenance window' }, 'Maintenance window'],
  ])('takes the error text from the body %s', async (_field, body, expected) => {
    const { fetch } = fakeFetch(() => json(400, body));
    await expect(createApiClient({ fetch }).get('/x')).rejects.toMatchObject({
      message: expected,
      status: 400,
    });
  });

  it('falls back to the raw text, then to HTTP {status}', async () => {
    const raw = fakeFetch(() => new Response('Bad gateway from proxy', { status: 502 }));
    await expect(createApiClient({ fetch: raw.fetch }).get('/x')).rejects.toThrow('Bad gateway from proxy');
    const empty = fakeFetch(() => new Response('', { status: 503 }));
    const error = await createApiClient({ fetch: empty.fetch })
      .get('/x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('HTTP 503');
  });

  it('exposes server field errors', async () => {
    const { fetch } = fakeFetch(() =>
      json(409, {
        success: false,
        error: 'taken',
        fields: { email: 'An account with this email already exists' },
      }),
    );
    const error = (await createApiClient({ fetch })
      .post('/auth/register', {})
      .catch((e: unknown) => e)) as ApiError;
    expect(error.fields).toEqual({ email: 'An account with this email already exists' });
  });
});

describe('session refresh on 401 (docs/product.md §4.1)', () => {
  it('refreshes once with the refresh token and repeats the request with the new token', async () => {
    signIn('old-access', 'old-refresh');
    const { fetch, calls } = fakeFetch((path, init) => {
      const auth = (init.headers as Record<string, string>).Authorization;
      if (path === '/api/auth/refresh')
        return json(200, { success: true, token: 'new-access', refreshToken: 'new-refresh' });
      return auth === 'Bearer new-access'
        ? json(200, { success: true, user: { id: 1 } })
        : json(401, { error: 'Authentication required' });
    });
    const api = createApiClient({ fetch });
    await expect(api.get('/auth/profile')).resolves.toEqual({ success: true, user: { id: 1 } });
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/profile', '/api/auth/refresh', '/api/auth/profile']);
    expect(calls[1]!.body).toEqual({ refreshToken: 'old-refresh' });
    expect(getAuthToken()).toBe('new-access');
    expect(getRefreshToken()).toBe('new-refresh');
  });

  it('refreshes a cookie session with an empty body and keeps cookie_session', async () => {
    signIn(COOKIE_SESSION_TOKEN);
    let refreshed = false;
    const { fetch, calls } = fakeFetch((path) => {
      if (path === '/api/auth/refresh') {
        refreshed = true;
        return json(200, { success: true, token: COOKIE_SESSION_TOKEN });
      }
      return refreshed ? json(200, { success: true }) : json(401, { error: 'Authentication required' });
    });
    await createApiClient({ fetch }).get('/auth/profile');
    expect(calls[1]).toMatchObject({ path: '/api/auth/refresh', body: {} });
    expect(getAuthToken()).toBe(COOKIE_SESSION_TOKEN);
  });

  it('shares one refresh between concurrent 401s', async () => {
    signIn('old-access', 'old-refresh');
    let releaseRefresh!: () => void;
    const refreshGate = new Promise<void>((resolve) => (releaseRefresh = resolve));
    const { fetch, calls } = fakeFetch(async (path, init) => {
      if (path === '/api/auth/refresh') {
        await refreshGate;
        return json(200, { success: true, token: 'new-access', refreshToken: 'new-refresh' });
      }
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === 'Bearer new-access' ? json(200, { path }) : json(401, { error: 'expired' });
    });
    const api = createApiClient({ fetch });
    const pending = Promise.all([api.get('/a'), api.get('/b'), api.get('/c')]);
    await vi.waitFor(() => expect(calls.filter((c) => c.path === '/api/auth/refresh')).toHaveLength(1));
    releaseRefresh();
    await expect(pending).resolves.toEqual([{ path: '/api/a' }, { path: '/api/b' }, { path: '/api/c' }]);
    expect(calls.filter((c) => c.path === '/api/auth/refresh')).toHaveLength(1);
  });

  it('retries without a second refresh when a 401 arrives after another request refreshed', async () => {
    signIn('old-access', 'old-refresh');
    let releaseSlow!: () => void;
    const slowGate = new Promise<void>((resolve) => (releaseSlow = resolve));
    const { fetch, calls } = fakeFetch(async (path, init) => {
      if (path === '/api/auth/refresh')
        return json(200, { success: true, token: 'new-access', refreshToken: 'r2' });
      const auth = (init.headers as Record<string, string>).Authorization;
      if (path === '/api/slow' && auth === 'Bearer old-access') {
        await slowGate;
        return json(401, { error: 'expired' });
      }
      return auth === 'Bearer new-access' ? json(200, { path }) : json(401, { error: 'expired' });
    });
    const api = createApiClient({ fetch });
    const slow = api.get('/slow');
    await api.get('/fast');
    releaseSlow();
    await expect(slow).resolves.toEqual({ path: '/api/slow' });
    expect(calls.filter((c) => c.path === '/api/auth/refresh')).toHaveLength(1);
  });

  it('logs out fully with "Session expired. Please log in again." when the refresh fails', async () => {
    signIn(COOKIE_SESSION_TOKEN);
    const changes = vi.fn();
    window.addEventListener(AUTH_CHANGE_EVENT, changes);
    const { fetch, calls } = fakeFetch((path) => {
      if (path === '/api/auth/refresh')
        return json(401, { success: false, error: 'Failed to refresh token' });
      if (path === '/api/auth/logout') return json(200, { success: true, message: 'Logged out' });
      return json(401, { error: 'Authentication required' });
    });
    const api = createApiClient({ fetch });
    const results = await Promise.allSettled([api.get('/a'), api.get('/b')]);
    window.removeEventListener(AUTH_CHANGE_EVENT, changes);

    for (const result of results) {
      expect(result).toMatchObject({
        status: 'rejected',
        reason: { message: 'Session expired. Please log in again.', status: 401 },
      });
    }
    expect(calls.map((c) => c.path)).toEqual(['/api/a', '/api/b', '/api/auth/refresh', '/api/auth/logout']);
    expect(getAuthToken()).toBeNull();
    expect(getUserData()).toBeNull();
    expect(peekAuthNotice()).toEqual({ key: 'sessionExpired', severity: 'warning' });
    expect(changes).toHaveBeenCalled();
  });

  it('does not refresh a repeated request that fails again', async () => {
    signIn('old-access', 'old-refresh');
    const { fetch, calls } = fakeFetch((path) =>
      path === '/api/auth/refresh'
        ? json(200, { success: true, token: 'new-access', refreshToken: 'r2' })
        : json(401, { error: 'Authentication required' }),
    );
    await expect(createApiClient({ fetch }).get('/a')).rejects.toThrow('Authentication required');
    expect(calls.map((c) => c.path)).toEqual(['/api/a', '/api/auth/refresh', '/api/a']);
  });

  it('leaves 401s alone for calls that opt out and when no session is stored', async () => {
    const { fetch, calls } = fakeFetch(() =>
      json(401, { success: false, error: 'Invalid email or password' }),
    );
    const api = createApiClient({ fetch });
    await expect(api.post('/auth/login', {})).rejects.toThrow('Invalid email or password');
    signIn(COOKIE_SESSION_TOKEN);
    await expect(api.post('/auth/login', {}, { refreshOn401: false })).rejects.toThrow(
      'Invalid email or password',
    );
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/login', '/api/auth/login']);
    expect(getAuthToken()).toBe(COOKIE_SESSION_TOKEN);
  });
});

describe('refreshSession', () => {
  it('returns false when the server refuses, the network fails, or the answer has no token', async () => {
    signIn('access', 'refresh');
    const answers = [
      () => json(401, { success: false, error: 'Failed to refresh token' }),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => json(200, { success: true }),
    ];
    for (const answer of answers) {
      const { fetch } = fakeFetch(answer);
      await expect(createApiClient({ fetch }).refreshSession()).resolves.toBe(false);
    }
    expect(getAuthToken()).toBe('access');
  });

  it('shares one refresh between direct callers and a 401 in flight', async () => {
    signIn('old-access', 'old-refresh');
    const { fetch, calls } = fakeFetch((path, init) => {
      if (path === '/api/auth/refresh')
        return json(200, { success: true, token: 'new-access', refreshToken: 'r2' });
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === 'Bearer new-access' ? json(200, { ok: true }) : json(401, { error: 'expired' });
    });
    const api = createApiClient({ fetch });
    const results = await Promise.all([api.refreshSession(), api.refreshSession(), api.get('/a')]);
    expect(results).toEqual([true, true, { ok: true }]);
    expect(calls.filter((c) => c.path === '/api/auth/refresh')).toHaveLength(1);
  });

  it('returns false without calling the server when a bearer session has no refresh token', async () => {
    signIn('access');
    const { fetch, calls } = fakeFetch(() => json(200, { success: true, token: 'x' }));
    await expect(createApiClient({ fetch }).refreshSession()).resolves.toBe(false);
    expect(calls).toHaveLength(0);
  });
});

describe('logout', () => {
  it('calls the server and clears authToken, refreshToken and userData', async () => {
    signIn('access', 'refresh');
    const { fetch, calls } = fakeFetch(() => json(200, { success: true, message: 'Logged out' }));
    await createApiClient({ fetch }).logout();
    expect(calls[0]).toMatchObject({ path: '/api/auth/logout', init: { method: 'POST' } });
    expect(calls[0]!.headers.Authorization).toBe('Bearer access');
    expect([getAuthToken(), getRefreshToken(), getUserData()]).toEqual([null, null, null]);
  });

  it('clears the session even when the server call fails', async () => {
    signIn(COOKIE_SESSION_TOKEN);
    const { fetch } = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await createApiClient({ fetch }).logout();
    expect([getAuthToken(), getUserData()]).toEqual([null, null]);
  });
});

describe('reads while a dependency is down (503 with Retry-After)', () => {
  const unavailable = () =>
    new Response(JSON.stringify({ success: false, error: 'temporarily unavailable' }), {
      status: 503,
      headers: { 'content-type': 'application/json', 'retry-after': '2' },
    });

  it('asks a read again after Retry-After, telling the app meanwhile that it is retrying', async () => {
    let calls = 0;
    const { fetch } = fakeFetch(() => (++calls < 3 ? unavailable() : json(200, { success: true, n: calls })));
    const waits: number[] = [];
    const seen: boolean[] = [];
    const stop = availability.subscribe(() => seen.push(availability.unavailable()));
    const api = createApiClient({ fetch, wait: async (ms) => void waits.push(ms) });
    await expect(api.get('/token-purchases/my-assets')).resolves.toEqual({ success: true, n: 3 });
    stop();
    expect(waits).toEqual([2000, 2000]);
    expect(seen).toEqual([true, false]);
  });

  it(`gives up after ${READ_RETRIES} more tries, and never repeats a write or a 503 without Retry-After`, async () => {
    const down = fakeFetch(unavailable);
    const api = createApiClient({ fetch: down.fetch, wait: async () => {} });
    await expect(api.get('/x')).rejects.toMatchObject({ status: 503 });
    expect(down.calls).toHaveLength(1 + READ_RETRIES);
    expect(availability.unavailable()).toBe(true);
    const write = fakeFetch(unavailable);
    await expect(createApiClient({ fetch: write.fetch }).post('/x', {})).rejects.toMatchObject({
      status: 503,
    });
    expect(write.calls).toHaveLength(1);
    const plain = fakeFetch(() => new Response('', { status: 503 }));
    await expect(createApiClient({ fetch: plain.fetch }).get('/x')).rejects.toMatchObject({ status: 503 });
    expect(plain.calls).toHaveLength(1);
    await createApiClient({ fetch: fakeFetch(() => json(200, {})).fetch }).get('/x');
    expect(availability.unavailable()).toBe(false);
  });
});
