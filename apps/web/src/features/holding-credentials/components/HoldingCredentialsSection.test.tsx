import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HoldingCredential } from '@portal/shared/holding-credentials';
import { messages } from '@portal/shared/messages';
import { setLanguage } from '../../../i18n/i18n';
import { withQueryClient } from '../../../testing/query-client';
import { json, renderAt, setUpI18n, stubFetch } from '../../../testing/render';
import { HoldingCredentialsSection } from './HoldingCredentialsSection';

beforeAll(setUpI18n);
beforeEach(() => localStorage.setItem('authToken', 'cookie_session'));
afterEach(async () => {
  vi.restoreAllMocks();
  await setLanguage('en');
});

const token = {
  id: '7f0e2d1c-3b4a-4a59-8e7d-6c5b4a392817',
  name: 'Harbour Offices',
  symbol: 'HRBR',
  decimals: 2,
};
const credential = (change: Partial<HoldingCredential>): HoldingCredential => ({
  id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  token: { ...token, blockchain: 'ethereum' },
  threshold: '1500',
  discloseDid: false,
  cid: 'bafkreia',
  status: 'active',
  revocationReason: null,
  issuedAt: '2026-12-01T12:00:00.000Z',
  revokedAt: null,
  ...change,
});
const revoked = credential({
  id: '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a',
  status: 'revoked',
  revocationReason: 'holding-below-threshold',
  revokedAt: '2026-12-02T12:00:00.000Z',
});
const held = [{ ...token, balance: '2000' }];

describe('holding credentials (ADR 74)', () => {
  it('lists each with its status and shares a link to its verification page', async () => {
    const url = 'https://portal.example/verify#share=abc';
    stubFetch((path) =>
      path.endsWith('/share')
        ? json(200, { success: true, url, expiresAt: '2027-01-01T00:00:00.000Z' })
        : json(200, { success: true, credentials: [credential({}), revoked] }),
    );
    const user = userEvent.setup();
    renderAt('/', withQueryClient(<HoldingCredentialsSection tokens={held} />));
    const [active, gone] = (await screen.findAllByTestId('holding-credential')) as [HTMLElement, HTMLElement];
    expect(within(active).getByText('At least 15 HRBR · Harbour Offices')).toBeInTheDocument();
    expect(within(active).getByText('Active')).toBeInTheDocument();
    expect(within(gone).getByText('Revoked: holding below the amount')).toBeInTheDocument();
    expect(within(gone).queryByRole('button', { name: 'Revoke' })).toBeNull();
    await user.click(within(active).getByRole('button', { name: 'Share link' }));
    expect(await within(active).findByRole('link', { name: 'Open the verification page' })).toHaveAttribute(
      'href',
      url,
    );
  });

  it('issues one: submit stays disabled above the holding, then sends the amount and the DID choice', async () => {
    const calls = stubFetch((path, body) =>
      body
        ? json(201, { success: true, credential: credential({}) })
        : json(200, { success: true, credentials: [] }),
    );
    const user = userEvent.setup();
    renderAt('/', withQueryClient(<HoldingCredentialsSection tokens={held} />));
    await user.click(await screen.findByRole('button', { name: 'Prove a holding' }));
    const dialog = await screen.findByRole('dialog', { name: 'Prove a holding' });
    const amount = within(dialog).getByLabelText(/^At least/);
    const submit = within(dialog).getByRole('button', { name: 'Issue credential' });
    expect(submit).toBeDisabled();
    await user.type(amount, '20.01');
    expect(within(dialog).getByText(messages.holdingCredentialAboveBalance)).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.clear(amount);
    await user.type(amount, '15');
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.body)).toMatchObject({
      path: '/api/holding-credentials',
      body: { tokenId: token.id, threshold: '15', discloseDid: true },
    });
  });

  it('speaks French and Arabic', async () => {
    stubFetch(() => json(200, { success: true, credentials: [revoked] }));
    await setLanguage('fr');
    const { unmount } = renderAt('/', withQueryClient(<HoldingCredentialsSection tokens={held} />));
    expect(await screen.findByText('Révoquée : détention sous le montant')).toBeInTheDocument();
    unmount();
    await setLanguage('ar');
    renderAt('/', withQueryClient(<HoldingCredentialsSection tokens={held} />));
    expect(await screen.findByText('ملغاة: الملكية أقل من الكمية')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'شهادات الملكية' })).toBeInTheDocument();
  });
});
