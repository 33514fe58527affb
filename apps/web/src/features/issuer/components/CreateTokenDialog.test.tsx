import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { json, renderAt, setUpI18n, stubFetch } from '../../../testing/render';
import { setLanguage } from '../../../i18n/i18n';
import { CreateTokenDialog } from './CreateTokenDialog';

beforeAll(setUpI18n);
beforeEach(() => queryClient.clear());
afterEach(() => setLanguage('en'));

const open = (chains: string[]) => {
  stubFetch((path) =>
    path === '/api/issuer/chains' ? json(200, { success: true, chains }) : json(200, { success: true }),
  );
  renderAt(
    '/issuer',
    <QueryClientProvider client={queryClient}>
      <CreateTokenDialog onClose={() => {}} onCreated={() => {}} onVaultRequired={() => {}} />
    </QueryClientProvider>,
  );
  return screen.getByRole('dialog', { name: /./ });
};
const typeOptions = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('combobox', { name: /Token type|Type de jeton|نوع الرمز/ }))
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('the token form offers the chains the server has (ADR 66)', () => {
  it('without a configured node: Ethereum and Solana types only, and what an operator must set', async () => {
    const dialog = open(['ethereum', 'solana']);
    expect(
      await within(dialog).findByText(
        'Ripple is not available here: an operator must set XRPL_URL, XRPL_PLATFORM_SEED on the server.',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Stellar is not available here: an operator must set STELLAR_HORIZON_URL, STELLAR_PLATFORM_SECRET on the server.',
      ),
    ).toBeInTheDocument();
    expect(typeOptions(dialog)).toEqual(['ERC20', 'ERC721', 'ERC1155', 'SPL']);
  });

  it('with the XRP Ledger configured: MPT is offered; Stellar is still explained, in Arabic too', async () => {
    await setLanguage('ar');
    const dialog = open(['ethereum', 'solana', 'ripple']);
    await waitFor(() => expect(typeOptions(dialog)).toEqual(['ERC20', 'ERC721', 'ERC1155', 'SPL', 'MPT']));
    expect(
      await within(dialog).findByText(
        'Stellar غير متاح هنا: يجب على المشغّل ضبط STELLAR_HORIZON_URL, STELLAR_PLATFORM_SECRET على الخادم.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(/XRPL_URL/)).toBeNull();
    expect(typeOptions(dialog)).toEqual(['ERC20', 'ERC721', 'ERC1155', 'SPL', 'MPT']);
  });

  it('with Horizon configured: STELLAR is offered and nothing is explained, in French too', async () => {
    await setLanguage('fr');
    const dialog = open(['ethereum', 'solana', 'ripple', 'stellar']);
    await waitFor(() =>
      expect(typeOptions(dialog)).toEqual(['ERC20', 'ERC721', 'ERC1155', 'SPL', 'MPT', 'STELLAR']),
    );
    expect(within(dialog).queryByText(/STELLAR_HORIZON_URL|XRPL_URL/)).toBeNull();
  });
});
