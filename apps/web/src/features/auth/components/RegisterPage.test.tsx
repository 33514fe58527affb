import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { getAuthToken } from '../../../lib/auth-storage';
import { json, renderAt, setUpI18n, stubFetch } from '../../../testing/render';
import { RegisterPage } from './RegisterPage';

beforeAll(setUpI18n);

async function fillAndSubmit() {
  renderAt('/register', <RegisterPage />);
  await userEvent.type(screen.getByLabelText(/^Full Name/), 'Grace Hopper');
  await userEvent.type(screen.getByLabelText(/^Email Address/), 'grace@example.com');
  await userEvent.type(screen.getByLabelText(/^Password/), 'secret-42');
  await userEvent.type(screen.getByLabelText(/^Confirm Password/), 'secret-42');
  await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('RegisterPage', () => {
  it('registers an investor (role, confirmation, cookie session) and goes to the dashboard', async () => {
    const calls = stubFetch(() =>
      json(201, {
        success: true,
        token: 'cookie_session',
        user: { id: 'u1', name: 'Grace Hopper', email: 'grace@example.com', role: 'INVESTOR' },
      }),
    );
    await fillAndSubmit();
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/dashboard'));
    expect(calls.find((call) => call.path !== '/api/auth/providers')).toEqual({
      path: '/api/auth/register',
      method: 'POST',
      body: {
        name: 'Grace Hopper',
        email: 'grace@example.com',
        password: 'secret-42',
        confirmPassword: 'secret-42',
        role: 'investor',
        session: 'cookie',
      },
    });
    expect(getAuthToken()).toBe('cookie_session');
  });

  it('says "Registration failed: Invalid response" without a token', async () => {
    stubFetch(() => json(201, { success: true }));
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed: Invalid response');
    expect(getAuthToken()).toBeNull();
  });

  it('falls back to "An error occurred during registration"', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred during registration');
  });

  it('puts a server field error under its field', async () => {
    stubFetch(() =>
      json(409, {
        success: false,
        error: 'An account with this email already exists',
        code: 'CONFLICT',
        fields: { email: 'An account with this email already exists' },
      }),
    );
    await fillAndSubmit();
    const email = screen.getByLabelText(/^Email Address/);
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription('An account with this email already exists'),
    );
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers "Sign up with Google" only when the portal is configured for it', async () => {
    stubFetch(() => json(200, { success: true, google: false }));
    const { unmount } = renderAt('/register', <RegisterPage />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create Account' })).toBeInTheDocument());
    expect(screen.queryByRole('link', { name: /Google/ })).toBeNull();
    unmount();

    stubFetch(() => json(200, { success: true, google: true }));
    renderAt('/register', <RegisterPage />);
    expect(await screen.findByRole('link', { name: 'Sign up with Google' })).toHaveAttribute(
      'href',
      '/api/auth/google/start?intent=register',
    );
  });

  it('says "Google registration failed" when Google sends the person back with a failure', async () => {
    stubFetch(() => json(200, { success: true, google: true }));
    renderAt('/register#google=failed', <RegisterPage />, '/register');
    expect(await screen.findByRole('alert')).toHaveTextContent('Google registration failed');
    expect(getAuthToken()).toBeNull();
  });
});
