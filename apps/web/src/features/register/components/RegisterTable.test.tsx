import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Register, RegisterHolder } from '@portal/shared/register';
import { withQueryClient } from '../../../testing/query-client';
import { json, renderAt, setUpI18n, stubFetch } from '../../../testing/render';
import { RegisterTable } from './RegisterTable';

beforeAll(setUpI18n);
beforeEach(() => localStorage.setItem('authToken', 'cookie_session'));
afterEach(() => vi.restoreAllMocks());

const tokenId = '7f0e2d1c-3b4a-4a59-8e7d-6c5b4a392817';
const aliceKey = `0x${'ab'.repeat(32)}`;
const bobKey = `0x${'cd'.repeat(32)}`;
const hash = `0x${'ef'.repeat(32)}`;

const holder = (change: Partial<RegisterHolder>): RegisterHolder => ({
  identityKey: aliceKey,
  name: 'Alice Martin',
  verified: true,
  balance: '4000',
  percentOfSupply: '4.000000',
  percentOfCirculating: '57.142857',
  frozen: '0',
  lockedUntil: null,
  firstAcquiredAt: '2026-11-21T12:00:00.000Z',
  lastAcquiredAt: '2026-11-22T12:00:00.000Z',
  acquisitionCount: 2,
  acquisitions: [
    {
      id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
      amount: '2000',
      at: '2026-11-22T12:00:00.000Z',
      transactionHash: hash,
    },
    {
      id: '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a',
      amount: '2000',
      at: '2026-11-21T12:00:00.000Z',
      transactionHash: null,
    },
  ],
  ...change,
});

const register: Register = {
  token: {
    id: tokenId,
    name: 'Harbour Offices',
    symbol: 'HRBR',
    tokenType: 'ERC20',
    blockchain: 'ethereum',
    decimals: 2,
    totalSupply: '100000',
    contractAddress: null,
  },
  holderCount: 2,
  circulating: '7000',
  treasury: '93000',
  namesShown: 'consented',
  generatedAt: '2026-12-07T15:00:00.000Z',
  holders: [
    holder({}),
    holder({
      identityKey: bobKey,
      name: null,
      balance: '3000',
      percentOfSupply: '3.000000',
      percentOfCirculating: '42.857143',
      frozen: '500',
      lockedUntil: '2027-01-01T00:00:00.000Z',
      acquisitionCount: 1,
      acquisitions: [],
    }),
  ],
};

describe('the register of holders (ADR 69)', () => {
  it('shows each identity, its name only where given, exact shares and the totals', async () => {
    stubFetch(() => json(200, { success: true, register }));
    renderAt('/issuer', withQueryClient(<RegisterTable scope="issuer" tokenId={tokenId} />));
    const rows = await screen.findAllByTestId('register-row');
    expect(rows).toHaveLength(2);
    const [alice, bob] = rows as [HTMLElement, HTMLElement];
    for (const text of ['Alice Martin', '0xabab…abab', '40', '4.000000%', '57.142857%'])
      expect(within(alice).getByText(text)).toBeInTheDocument();
    expect(within(alice).getByTitle(aliceKey)).toBeInTheDocument();
    expect(within(bob).queryByText('Alice Martin')).toBeNull();
    for (const text of ['0xcdcd…cdcd', '30', '5', '42.857143%'])
      expect(within(bob).getByText(text)).toBeInTheDocument();
    const totals = screen.getByText('Treasury and unsold').closest('div')!;
    expect(within(totals).getByText('930')).toBeInTheDocument();
    expect(screen.getByText(/a name appears only where the holder chose/)).toBeInTheDocument();
  });

  it('lists a holder’s acquisitions with date, amount and hash on demand', async () => {
    stubFetch(() => json(200, { success: true, register }));
    const user = userEvent.setup();
    renderAt('/issuer', withQueryClient(<RegisterTable scope="issuer" tokenId={tokenId} />));
    const toggle = await screen.findByRole('button', { name: 'Show the 2 acquisitions of Alice Martin' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const list = await screen.findByRole('list', { name: 'Acquisitions of Alice Martin' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText(hash)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide the 2 acquisitions of Alice Martin' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('downloads the server’s CSV for the admin’s scope under a dated name', async () => {
    const csv = 'identity_key,name\r\n';
    const calls = stubFetch((path) =>
      path.endsWith('.csv')
        ? new Response(csv, { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' } })
        : json(200, { success: true, register: { ...register, namesShown: 'all' } }),
    );
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:register');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = userEvent.setup();
    renderAt('/admin', withQueryClient(<RegisterTable scope="admin" tokenId={tokenId} />));
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual(['register-HRBR-2026-12-07.csv']));
    expect(calls.map((call) => call.path)).toEqual([
      `/api/admin/tokens/${tokenId}/register`,
      `/api/admin/tokens/${tokenId}/register.csv`,
    ]);
    expect(screen.getByText(/you see every holder’s name/)).toBeInTheDocument();
  });
});
