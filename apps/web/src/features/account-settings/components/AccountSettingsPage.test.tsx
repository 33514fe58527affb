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
});

const profile = { success: true, user: sampleUser() };

/** A tiny in-memory server: what is saved is what the next read answers. */
function server() {
  let settings = initial();
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
});
