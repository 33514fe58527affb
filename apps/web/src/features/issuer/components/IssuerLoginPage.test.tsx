import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { getAuthToken } from '../../../lib/auth-storage';
import { profileAnswer } from '../../../testing/market-samples';
import { json, renderAt, setUpI18n, stubFetch } from '../../../testing/render';
import { IssuerLoginPage } from './IssuerLoginPage';

beforeAll(setUpI18n);

const issuer = profileAnswer({ role: 'ISSUER', email: 'ines@portal.test' });

async function passwordStep() {
  renderAt('/issuer/login', <IssuerLoginPage />);
  await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'ines@portal.test');
  await userEvent.type(screen.getByLabelText(/^Password/), 'correct-horse-7');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('issuer console sign-in with two-factor', () => {
  it('asks an issuer with two-factor for the code, then opens the console', async () => {
    const calls = stubFetch((path, body) => {
      if (path === '/api/auth/login')
        return json(200, { success: true, twoFactorRequired: true, ticket: 'T-issuer' });
      return (body as { code: string }).code === '654321'
        ? json(200, { success: true, token: 'cookie_session', user: issuer.user })
        : json(400, {
            success: false,
            error: 'This code is not valid. Please try again.',
            code: 'VALIDATION_ERROR',
            fields: { code: 'This code is not valid. Please try again.' },
          });
    });
    await passwordStep();
    const code = await screen.findByLabelText(/^Authentication code/);
    expect(getAuthToken()).toBeNull();
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This code is not valid. Please try again.')).toBeInTheDocument();
    await userEvent.clear(code);
    await userEvent.type(code, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/issuer$/));
    expect(getAuthToken()).toBe('cookie_session');
    expect(calls.map((call) => call.path)).toEqual([
      '/api/auth/login',
      '/api/auth/login/two-factor',
      '/api/auth/login/two-factor',
    ]);
    expect(calls.at(-1)?.body).toEqual({ ticket: 'T-issuer', code: '654321' });
  });

  it('turns an investor away after the code too, and closes the session', async () => {
    const calls = stubFetch((path) => {
      if (path === '/api/auth/login')
        return json(200, { success: true, twoFactorRequired: true, ticket: 'T-investor' });
      if (path === '/api/auth/logout') return json(200, { success: true, message: 'Logged out' });
      return json(200, {
        success: true,
        token: 'cookie_session',
        user: { ...issuer.user, role: 'INVESTOR' },
      });
    });
    await passwordStep();
    await userEvent.type(await screen.findByLabelText(/^Authentication code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('This console is for issuers. Your role is INVESTOR.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(calls.map((call) => call.path)).toContain('/api/auth/logout'));
    expect(getAuthToken()).toBeNull();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/issuer/login');
  });

  it('an expired code step goes back to the password with the reason', async () => {
    stubFetch((path) =>
      path === '/api/auth/login'
        ? json(200, { success: true, twoFactorRequired: true, ticket: 'T-old' })
        : json(401, {
            success: false,
            error: 'Your sign-in has expired. Please sign in again.',
            code: 'UNAUTHENTICATED',
          }),
    );
    await passwordStep();
    await userEvent.type(await screen.findByLabelText(/^Authentication code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Your sign-in has expired. Please sign in again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });
});
