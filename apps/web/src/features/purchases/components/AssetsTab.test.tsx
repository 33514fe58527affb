import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { InvestorAsset } from '@portal/shared/purchases';
import { withQueryClient } from '../../../testing/query-client';
import { sampleAsset } from '../../../testing/market-samples';
import { json, renderAt, setUpI18n, stubFetch } from '../../../testing/render';
import { AssetsTab } from './AssetsTab';

beforeAll(setUpI18n);
beforeEach(() => localStorage.setItem('authToken', 'cookie_session'));

const completed = sampleAsset();
const settling: InvestorAsset = {
  ...completed,
  id: '6f5e4d3c-2b1a-4f9e-8d7c-6b5a49382716',
  tokenName: 'Solar Farm',
  tokenSymbol: 'SOLR',
  tokenType: 'SPL',
  blockchain: 'solana',
  status: 'SETTLING',
  transactionHash: null,
  issuer: { email: null },
};

describe('AssetsTab (docs/product.md §2.10)', () => {
  it('a card per asset with its facts, status colours and the credential button', async () => {
    stubFetch(() => json(200, { success: true, assets: [completed, settling] }));
    const user = userEvent.setup();
    renderAt('/dashboard?tab=assets', withQueryClient(<AssetsTab />), '/dashboard');
    expect(screen.getByRole('heading', { name: 'My Assets' })).toBeInTheDocument();
    const [first, second] = await screen.findAllByTestId('asset-card');
    for (const text of [
      'Harbour Offices',
      'HRBR',
      'TypeERC20',
      'BlockchainEthereum',
      'Amount owned25 HRBR',
      'Ownership percentage2.500000%',
      'Issuerissuer@portal.test',
      `Transaction hash0x${'ab'.repeat(32)}`,
    ]) {
      expect(first).toHaveTextContent(text);
    }
    // The hash opens its explorer page and copies.
    expect(within(first!).getByRole('link', { name: completed.transactionHash! })).toHaveAttribute(
      'href',
      completed.explorerUrl,
    );
    expect(within(first!).getByRole('button', { name: 'Copy transaction hash' })).toBeInTheDocument();
    expect(within(first!).getByTestId('asset-status')).toHaveClass('MuiChip-colorSuccess');
    expect(within(first!).getByTestId('asset-status')).toHaveTextContent('COMPLETED');
    expect(within(second!).getByTestId('asset-status')).toHaveClass('MuiChip-colorWarning');
    expect(second).toHaveTextContent('Transaction hashPending...');
    expect(second).toHaveTextContent('BlockchainSolana');
    expect(second).toHaveTextContent('IssuerUnknown');
    // No credential yet: the docs/product.md §5 alert.
    await user.click(within(first!).getByRole('button', { name: 'View Verifiable Credential' }));
    expect(await screen.findByText('VC data not available yet.')).toBeInTheDocument();
  });

  it("no assets: 'No Assets Yet' and 'Go to Marketplace'; Refresh asks again", async () => {
    const calls = stubFetch(() => json(200, { success: true, assets: [] }));
    const user = userEvent.setup();
    renderAt('/dashboard?tab=assets', withQueryClient(<AssetsTab />), '/dashboard');
    expect(await screen.findByText('No Assets Yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Marketplace' })).toHaveAttribute(
      'href',
      '/dashboard?tab=marketplace',
    );
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/token-purchases/my-assets')).toHaveLength(2),
    );
  });

  it("a card shows what the token's rules hold: the frozen amount and the lock-up's end", async () => {
    const held = sampleAsset({
      holding: { balance: '25', frozen: '10', lockedUntil: '2027-03-12T10:00:00.000Z' },
    });
    stubFetch(() => json(200, { success: true, assets: [held, { ...settling, holding: null }] }));
    renderAt('/dashboard?tab=assets', withQueryClient(<AssetsTab />), '/dashboard');
    const [first, second] = await screen.findAllByTestId('asset-card');
    expect(first).toHaveTextContent('Frozen10 HRBR');
    expect(first).toHaveTextContent('Locked untilMarch 12, 2027');
    expect(within(second!).queryByTestId('asset-frozen')).toBeNull();
    expect(within(second!).queryByTestId('asset-locked-until')).toBeNull();
  });
});
