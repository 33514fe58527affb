import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountSettings } from '@portal/shared/settings';
import { withQueryClient } from '../../../testing/query-client';
import { sampleUser } from '../../../testing/sample-user';
import { json, renderAt, setUpI18n, stubFetch } from '../../../testing/render';
import { AccountSettingsPage } from './AccountSettingsPage';

beforeAll(setUpI18n);

const initial = (): AccountSettings => ({
  personal: {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    phone: '',
    company: '',
    avatarUrl: null,
  },
  preferences: { theme: null, language: null, notifyEmail: true, notifySms: true, notifyWallet: true },
  security: { loginAlerts: true, twoFactorEnabled: false },
  privacy: { showNameToIssuers: false },
});

const profile = { success: true, user: sampleUser() };

const session = (id: string, current: boolean, device: string | null) => ({
  id,
  current,
  device,
  userAgent: null,
  ip: '203.0.113.7',
  createdAt: '2026-11-22T10:00:00.000Z',
  lastUsedAt: '2026-11-22T11:00:00.000Z',
});

/** A tiny in-memory server: what is saved is what the next read answers. */
function server() {
  let settings = initial();
  let sessions = [
    session('0b6f4a52-3c1e-4f0e-9a55-2f0a7f1b9c11', true, 'Firefox on Windows'),
    session('1b6f4a52-3c1e-4f0e-9a55-2f0a7f1b9c11', false, 'Chrome on Linux'),
    session('2b6f4a52-3c1e-4f0e-9a55-2f0a7f1b9c11', false, null),
  ];
  return stubFetch((path, body) => {
    if (path === '/api/settings') return json(200, { success: true, settings });
    if (path === '/api/settings/personal') {
      const input = body as AccountSettings['personal'];
      if (input.phone === '12') {
        return json(400, {
          success: false,
          error: 'Invalid request',
          code: 'VALIDATION_ERROR',
          fields: { phone: 'Please enter a valid phone number' },
        });
      }
      settings = { ...settings, personal: { ...settings.personal, ...input } };
      return json(200, { success: true, message: 'Profile saved', settings });
    }
    if (path === '/api/auth/sessions') return json(200, { success: true, sessions });
    if (path.startsWith('/api/auth/sessions/')) {
      const id = /sessions\/([^/]+)\/revoke/.exec(path)?.[1];
      sessions = sessions.filter((session) => (id ? session.id !== id : session.current));
      return json(200, {
        success: true,
        message: id ? 'Session signed out' : 'Signed out of all other devices',
      });
    }
    if (path === '/api/settings/login-alerts') {
      const { loginAlerts } = body as { loginAlerts: boolean };
      settings = { ...settings, security: { ...settings.security, loginAlerts } };
      return json(200, { success: true, settings });
    }
    if (path === '/api/settings/privacy') {
      settings = { ...settings, privacy: body as AccountSettings['privacy'] };
      return json(200, { success: true, settings });
    }
    if (path === '/api/auth/deactivate') {
      return (body as { password: string }).password === 'right one'
        ? json(200, { success: true, message: 'Your account has been deactivated.' })
        : json(400, {
            success: false,
            error: 'Current password is incorrect',
            code: 'VALIDATION_ERROR',
            fields: { password: 'Current password is incorrect' },
          });
    }
    if (path === '/api/auth/two-factor/setup') {
      return json(200, {
        success: true,
        secret: 'JBSWY3DPEHPK3PXP',
        otpauthUrl: 'otpauth://totp/Investor%20Portal:ada?secret=JBSWY3DPEHPK3PXP',
      });
    }
    if (path === '/api/auth/two-factor/enable') {
      settings = { ...settings, security: { ...settings.security, twoFactorEnabled: true } };
      return json(200, {
        success: true,
        message: 'Two-factor authentication is on',
        recoveryCodes: ['aaaaa-11111', 'bbbbb-22222'],
      });
    }
    if (path === '/api/settings/preferences') {
      settings = { ...settings, preferences: { ...settings.preferences, ...(body as object) } };
      return json(200, { success: true, message: 'Preferences saved', settings });
    }
    return json(200, profile);
  });
}

const render = (section: string) =>
  renderAt(
    `/account-settings?section=${section}`,
    withQueryClient(<AccountSettingsPage />),
    '/account-settings',
  );

describe('AccountSettingsPage', () => {
  it('Personal Details: Save Profile sends the details and shows what the server kept', async () => {
    const calls = server();
    const user = userEvent.setup();
    render('personal');
    const first = await screen.findByRole('textbox', { name: /First Name/ });
    expect(first).toHaveValue('Ada');
    expect(screen.getByRole('textbox', { name: 'Email Address' })).toBeDisabled();
    await user.clear(first);
    await user.type(first, 'Augusta');
    await user.type(screen.getByRole('textbox', { name: 'Company' }), 'Analytical Engines');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/settings/personal')?.body).toEqual({
      firstName: 'Augusta',
      lastName: 'Lovelace',
      phone: '',
      company: 'Analytical Engines',
    });
  });

  it('Personal Details: checks fields before sending, and shows the server field errors', async () => {
    const calls = server();
    const user = userEvent.setup();
    render('personal');
    const first = await screen.findByRole('textbox', { name: /First Name/ });
    await user.clear(first);
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/settings/personal')).toBe(false);
    await user.type(first, 'Ada');
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '12');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Please enter a valid phone number')).toBeInTheDocument();
  });

  it('Preferences: the notification switches start on and a change is saved', async () => {
    const calls = server();
    const user = userEvent.setup();
    render('preferences');
    const sms = await screen.findByRole('switch', { name: 'SMS notifications' });
    for (const name of ['Email notifications', 'SMS notifications', 'Wallet notifications']) {
      expect(screen.getByRole('switch', { name })).toBeChecked();
    }
    await user.click(sms);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'SMS notifications' })).not.toBeChecked());
    expect(calls.find((call) => call.path === '/api/settings/preferences')?.body).toEqual({
      notifySms: false,
    });
    expect(within(document.body).getByText('Preferences saved')).toBeInTheDocument();
  });

  it('Preferences: each language reads in the reader’s words and its own, never twice the same', async () => {
    server();
    const user = userEvent.setup();
    render('preferences');
    await user.click(await screen.findByRole('combobox', { name: 'Language' }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['English', 'Arabic · العربية', 'French · Français']);
  });

  it('Security: lists sessions, signs one out, then all the others; login alerts switch is kept', async () => {
    const calls = server();
    const user = userEvent.setup();
    render('security');
    const list = await screen.findByRole('list', { name: 'Active sessions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getByText('This device')).toBeInTheDocument();
    expect(within(list).getByText('Unknown device')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out Chrome on Linux' }));
    expect(await screen.findByText('Session signed out')).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Log out from all other devices' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Log out from all other devices' })).toBeDisabled();
    const alerts = screen.getByRole('switch', { name: 'Login alerts' });
    expect(alerts).toBeChecked();
    await user.click(alerts);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Login alerts' })).not.toBeChecked());
    expect(calls.find((call) => call.path === '/api/settings/login-alerts')?.body).toEqual({
      loginAlerts: false,
    });
  });

  it('Account Management: the name is private by default; consenting shows it to issuers (ADR 69)', async () => {
    const calls = server();
    const user = userEvent.setup();
    render('account');
    const consent = await screen.findByRole('switch', {
      name: 'Show my name to the issuers of tokens I hold',
    });
    expect(consent).not.toBeChecked();
    await user.click(consent);
    await waitFor(() =>
      expect(
        screen.getByRole('switch', { name: 'Show my name to the issuers of tokens I hold' }),
      ).toBeChecked(),
    );
    expect(calls.find((call) => call.path === '/api/settings/privacy')?.body).toEqual({
      showNameToIssuers: true,
    });
  });

  it('Account Management: billing says it is informational; deactivation asks for the password', async () => {
    server();
    const user = userEvent.setup();
    render('account');
    expect(await screen.findByText(/Billing is informational/)).toBeInTheDocument();
    expect(screen.queryByText('No card on file')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Deactivate Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate your account?' });
    await user.type(within(dialog).getByLabelText(/^Password/), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate Account' }));
    expect(await within(dialog).findByText('Current password is incorrect')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/^Password/));
    await user.type(within(dialog).getByLabelText(/^Password/), 'right one');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate Account' }));
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/login'));
  });

  it('Security: two-factor set-up shows a QR code and the key, then the recovery codes once', async () => {
    const calls = server();
    const user = userEvent.setup();
    render('security');
    await user.click(await screen.findByRole('button', { name: 'Set up' }));
    expect(
      await screen.findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('two-factor-key')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    await user.type(screen.getByLabelText(/^Authentication code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByTestId('recovery-codes')).toHaveTextContent('aaaaa-11111');
    expect(calls.find((call) => call.path === '/api/auth/two-factor/enable')?.body).toEqual({
      code: '123456',
    });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('switch', { name: 'Two-factor authentication' })).toBeChecked();
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
  });
});
