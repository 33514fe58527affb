import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { getAuthToken, getUserData, setAuthNotice } from '../../../lib/auth-storage';
import { type FetchCall, json, renderAt, setUpI18n, stubFetch } from '../../../testing/render';
import { messages } from '@portal/shared/messages';
import { LoginPage } from './LoginPage';

const user = (role: string) => ({
  id: '4a7c3f0e-8a43-4f7e-9d0c-0a8f9e1b2c3d',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  role,
  did: null,
  didMetadata: null,
  wallets: [],
  kycStatus: 'not_started',
  createdAt: '2026-11-21T12:00:00.000Z',
});

async function signIn(email = 'ada@example.com', password = 'secret-42') {
  renderAt('/login', <LoginPage />);
  await userEvent.type(screen.getByLabelText(/^Email/), email);
  await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

/** The page also asks which outside sign-ins exist (Google); these tests look at the rest. */
const withoutProviders = (calls: FetchCall[]) => calls.filter((call) => call.path !== '/api/auth/providers');

beforeAll(setUpI18n);

describe('LoginPage', () => {
  it('signs an investor in with a cookie session and goes to the dashboard', async () => {
    const calls = stubFetch(() =>
      json(200, { success: true, token: 'cookie_session', user: user('INVESTOR') }),
    );
    await signIn();
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/dashboard'));
    expect(withoutProviders(calls)).toEqual([
      {
        path: '/api/auth/login',
        method: 'POST',
        body: { email: 'ada@example.com', password: 'secret-42', session: 'cookie' },
      },
    ]);
    expect(getAuthToken()).toBe('cookie_session');
    expect(getUserData()).toMatchObject({ email: 'ada@example.com', role: 'INVESTOR' });
  });

  it('admits ADMIN whatever the case of the role', async () => {
    stubFetch(() => json(200, { success: true, token: 'cookie_session', user: user('admin') }));
    await signIn();
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/dashboard'));
  });

  it('warns any other role, stays, stores nothing and ends the server session', async () => {
    const calls = stubFetch((path) =>
      path === '/api/auth/logout'
        ? json(200, { success: true, message: 'Logged out' })
        : json(200, { success: true, token: 'cookie_session', user: user('ISSUER') }),
    );
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Access warning: This is the investor application. Your role is ISSUER.',
    );
    expect(screen.getByTestId('current-path')).toHaveTextContent('/login');
    expect(getAuthToken()).toBeNull();
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/auth/logout'));
    // An issuer is shown the way to its own console.
    expect(screen.getByRole('link', { name: 'Go to the issuer console' })).toHaveAttribute(
      'href',
      '/issuer/login',
    );
  });

  it('says "Login failed: Invalid response" when the answer has no token', async () => {
    stubFetch(() => json(200, { success: true, user: user('INVESTOR') }));
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed: Invalid response');
    expect(getAuthToken()).toBeNull();
  });

  it('falls back to "An error occurred during login" when the server cannot be reached', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred during login');
  });

  it('shows the server message above the form, and field messages under their fields', async () => {
    stubFetch(() =>
      json(401, { success: false, error: 'Invalid email or password', code: 'UNAUTHENTICATED' }),
    );
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');

    stubFetch(() =>
      json(400, {
        success: false,
        error: 'Please enter a valid email address',
        code: 'VALIDATION_ERROR',
        fields: { email: 'Please enter a valid email address' },
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('disables the button and shows a spinner while signing in', async () => {
    let answer!: (response: Response) => void;
    stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    await signIn();
    const button = screen.getByRole('button', { name: 'Sign In' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    answer(json(401, { success: false, error: 'Invalid email or password' }));
    await waitFor(() => expect(button).toBeEnabled());
  });

  it('shows why the user was signed out, once', async () => {
    stubFetch(() => json(500, {}));
    setAuthNotice({ key: 'sessionExpired', severity: 'warning' });
    const { unmount } = renderAt('/login', <LoginPage />);
    expect(screen.getByRole('alert')).toHaveTextContent('Session expired. Please log in again.');
    unmount();
    renderAt('/login', <LoginPage />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks for the authenticator code when the account has two-factor, then signs in', async () => {
    const calls = stubFetch((path, body) => {
      if (path === '/api/auth/login')
        return json(200, { success: true, twoFactorRequired: true, ticket: 'T1' });
      return (body as { code: string }).code === '123456'
        ? json(200, { success: true, token: 'cookie_session', user: user('INVESTOR') })
        : json(400, {
            success: false,
            error: 'This code is not valid. Please try again.',
            code: 'VALIDATION_ERROR',
            fields: { code: 'This code is not valid. Please try again.' },
          });
    });
    await signIn();
    const code = await screen.findByLabelText(/^Authentication code/);
    expect(getAuthToken()).toBeNull();
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This code is not valid. Please try again.')).toBeInTheDocument();
    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/dashboard'));
    expect(withoutProviders(calls).at(-1)).toMatchObject({
      path: '/api/auth/login/two-factor',
      body: { ticket: 'T1', code: '123456' },
    });
  });

  it('an expired second step goes back to the password with the reason', async () => {
    stubFetch((path) =>
      path === '/api/auth/login'
        ? json(200, { success: true, twoFactorRequired: true, ticket: 'T1' })
        : json(401, {
            success: false,
            error: 'Your sign-in has expired. Please sign in again.',
            code: 'UNAUTHENTICATED',
          }),
    );
    await signIn();
    await userEvent.type(await screen.findByLabelText(/^Authentication code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Your sign-in has expired. Please sign in again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('offers "Continue with Google" only when the portal is configured for it', async () => {
    stubFetch(() => json(200, { success: true, google: false }));
    const { unmount } = renderAt('/login', <LoginPage />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument());
    expect(screen.queryByRole('link', { name: /Google/ })).toBeNull();
    unmount();

    // A portal that cannot say (an error) shows no button either.
    stubFetch(() => json(500, { success: false, error: 'Something went wrong. Please try again.' }));
    const second = renderAt('/login', <LoginPage />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument());
    expect(screen.queryByRole('link', { name: /Google/ })).toBeNull();
    second.unmount();

    stubFetch(() => json(200, { success: true, google: true }));
    renderAt('/login', <LoginPage />);
    expect(await screen.findByRole('link', { name: 'Continue with Google' })).toHaveAttribute(
      'href',
      '/api/auth/google/start?intent=login',
    );
  });

  it('says "Google login failed" when Google sends the person back with a failure', async () => {
    stubFetch(() => json(200, { success: true, google: true }));
    renderAt('/login#google=failed', <LoginPage />, '/login');
    expect(await screen.findByRole('alert')).toHaveTextContent('Google login failed');
    expect(getAuthToken()).toBeNull();
  });

  it("finishes a Google sign-in: the cookie session's profile, then the dashboard", async () => {
    const calls = stubFetch((path) =>
      path === '/api/auth/profile'
        ? json(200, { success: true, user: user('INVESTOR') })
        : json(200, { success: true, google: true }),
    );
    renderAt('/login#google=signed-in', <LoginPage />, '/login');
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/dashboard'));
    expect(calls.map((call) => call.path)).toContain('/api/auth/profile');
    expect(getAuthToken()).toBe('cookie_session');
    expect(getUserData()).toMatchObject({ email: 'ada@example.com' });
  });

  it('says "Google login failed" when the session Google opened cannot be read', async () => {
    stubFetch((path) =>
      path === '/api/auth/profile'
        ? json(401, { success: false, error: 'Authentication required', code: 'UNAUTHENTICATED' })
        : json(200, { success: true, google: true }),
    );
    renderAt('/login#google=signed-in', <LoginPage />, '/login');
    expect(await screen.findByRole('alert')).toHaveTextContent('Google login failed');
    expect(getAuthToken()).toBeNull();
  });

  it('asks for the authenticator code after Google when the account has two-factor', async () => {
    const calls = stubFetch((path) =>
      path === '/api/auth/login/two-factor'
        ? json(200, { success: true, token: 'cookie_session', user: user('INVESTOR') })
        : json(200, { success: true, google: true }),
    );
    renderAt('/login#google=two-factor&ticket=G7', <LoginPage />, '/login');
    // The ticket leaves the address bar at once.
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/login$/));
    await userEvent.type(await screen.findByLabelText(/^Authentication code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/dashboard'));
    expect(withoutProviders(calls)).toEqual([
      { path: '/api/auth/login/two-factor', method: 'POST', body: { ticket: 'G7', code: '123456' } },
    ]);
  });

  it('offers a new sign-in link when the account is paused, and carries a mailed link with the sign-in', async () => {
    const paused = {
      success: false,
      error: messages.loginPausedForAccount,
      code: 'RATE_LIMITED',
    };
    const calls = stubFetch((path) =>
      path === '/api/auth/unlock'
        ? json(200, { success: true, message: messages.unlockLinkSent })
        : json(429, paused),
    );
    await signIn();
    expect(await screen.findByText(messages.loginPausedForAccount)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Send link' }));
    expect(await screen.findByText(messages.unlockLinkSent)).toBeInTheDocument();
    expect(withoutProviders(calls).at(-1)).toEqual({
      path: '/api/auth/unlock',
      method: 'POST',
      body: { email: 'ada@example.com' },
    });
  });

  it('signs in with the secret of a mailed link, and takes it out of the address bar', async () => {
    const calls = stubFetch(() =>
      json(200, { success: true, token: 'cookie_session', user: user('INVESTOR') }),
    );
    renderAt('/login#unlock=link-secret', <LoginPage />, '/login');
    expect(await screen.findByText(/Your sign-in link is ready/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/login$/));
    await userEvent.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret-42');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/dashboard'));
    expect(withoutProviders(calls)[0]!.body).toEqual({
      email: 'ada@example.com',
      password: 'secret-42',
      session: 'cookie',
      unlockToken: 'link-secret',
    });
  });
});
