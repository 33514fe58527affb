import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OfferingDocument } from '@portal/shared/offering-documents';
import { setLanguage } from '../../../i18n/i18n';
import { withQueryClient } from '../../../testing/query-client';
import { json, renderAt, setUpI18n, stubFetch } from '../../../testing/render';
import { OfferingDocumentsDialog } from './OfferingDocumentsDialog';
import { OfferingTerms, useTermsGate } from './OfferingTerms';

beforeAll(setUpI18n);
beforeEach(() => localStorage.setItem('authToken', 'cookie_session'));
afterEach(async () => {
  vi.restoreAllMocks();
  await setLanguage('en');
});

const tokenId = '7f0e2d1c-3b4a-4a59-8e7d-6c5b4a392817';
const hashA = `0x${'ab'.repeat(32)}`;
const hashB = `0x${'cd'.repeat(32)}`;
const document = (change: Partial<OfferingDocument>): OfferingDocument => ({
  id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  tokenId,
  name: 'Prospectus',
  version: 1,
  status: 'CURRENT',
  documentHash: hashA,
  cid: 'bafkreiabc',
  size: 1200,
  downloadUrl: `/api/tokens/${tokenId}/documents/1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f/file`,
  onChain: true,
  txHash: null,
  explorerUrl: null,
  error: null,
  createdAt: '2026-12-07T10:00:00.000Z',
  recordedAt: '2026-12-07T10:00:05.000Z',
  ...change,
});
const terms = document({ id: '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a', name: 'Terms', documentHash: hashB });

/** The purchase dialog's part: the gate, its list and box, and a Buy button that waits for them. */
function Harness() {
  const gate = useTermsGate(tokenId);
  return (
    <>
      <OfferingTerms gate={gate} disabled={false} />
      <button type="button" disabled={gate.blocking} onClick={() => void gate.confirm()}>
        Buy
      </button>
    </>
  );
}

describe('offering documents (ADR 73)', () => {
  it('names each document with its hash; Buy waits for the tick, which sends the hashes shown', async () => {
    const calls = stubFetch((path) =>
      path.endsWith('/acknowledgements')
        ? json(201, {
            success: true,
            data: { tokenId, documentHashes: [hashA, hashB], acknowledgedAt: '2026-12-07T11:00:00.000Z' },
          })
        : json(200, {
            success: true,
            data: { documents: [document({}), terms], acknowledged: false, acknowledgedAt: null },
          }),
    );
    const user = userEvent.setup();
    renderAt('/dashboard', withQueryClient(<Harness />));
    const box = await screen.findByRole('checkbox', {
      name: 'I have read and accept the offering documents: Prospectus, Terms.',
    });
    expect(screen.getAllByTestId('offering-document')).toHaveLength(2);
    expect(screen.getByTitle(hashA)).toHaveTextContent('0xabababab…ababab');
    expect(screen.getByRole('button', { name: 'Download Terms' })).toBeInTheDocument();
    const buy = screen.getByRole('button', { name: 'Buy' });
    expect(buy).toBeDisabled();
    await user.click(box);
    expect(buy).toBeEnabled();
    await user.click(buy);
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')).toEqual({
        path: `/api/tokens/${tokenId}/acknowledgements`,
        method: 'POST',
        body: { documentHashes: [hashA, hashB] },
      }),
    );
  });

  it('shows nothing and blocks nothing for a token without documents', async () => {
    stubFetch(() =>
      json(200, { success: true, data: { documents: [], acknowledged: true, acknowledgedAt: null } }),
    );
    renderAt('/dashboard', withQueryClient(<Harness />));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Buy' })).toBeEnabled());
    expect(screen.queryByTestId('offering-terms')).toBeNull();
  });

  it('asks in Arabic and in French too', async () => {
    stubFetch(() =>
      json(200, {
        success: true,
        data: { documents: [document({})], acknowledged: false, acknowledgedAt: null },
      }),
    );
    await setLanguage('ar');
    const { unmount } = renderAt('/dashboard', withQueryClient(<Harness />));
    expect(
      await screen.findByRole('checkbox', { name: 'قرأت مستندات الطرح وأوافق عليها: Prospectus.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'مستندات الطرح' })).toBeInTheDocument();
    unmount();
    await setLanguage('fr');
    renderAt('/dashboard', withQueryClient(<Harness />));
    expect(
      await screen.findByRole('checkbox', {
        name: "J'ai lu et j'accepte les documents d'offre : Prospectus.",
      }),
    ).toBeInTheDocument();
  });

  it('the issuer attaches a PDF under a name: Attach waits for both, then posts it keyed', async () => {
    const calls = stubFetch((path, body) =>
      body
        ? json(202, { success: true, data: document({ status: 'PENDING', recordedAt: null }) })
        : json(200, { success: true, data: { documents: [document({ status: 'SUPERSEDED' })] } }),
    );
    const user = userEvent.setup();
    renderAt(
      '/issuer',
      withQueryClient(
        <OfferingDocumentsDialog
          token={{ id: tokenId, name: 'Harbour Offices', symbol: 'HRBR', blockchain: 'ethereum' }}
          onClose={() => {}}
        />,
      ),
    );
    const dialog = screen.getByRole('dialog', { name: 'Offering documents of Harbour Offices (HRBR)' });
    expect(await within(dialog).findByText('Replaced')).toBeInTheDocument();
    const attach = within(dialog).getByRole('button', { name: 'Attach' });
    expect(attach).toBeDisabled();
    await user.type(within(dialog).getByTestId('document-name'), 'Prospectus');
    expect(attach).toBeDisabled();
    await user.upload(
      within(dialog).getByTestId('document-input'),
      new File(['%PDF-1.4 test'], 'prospectus.pdf', { type: 'application/pdf' }),
    );
    expect(within(dialog).getByText(/prospectus\.pdf/)).toBeInTheDocument();
    await user.click(attach);
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.path).toBe(`/api/issuer/tokens/${tokenId}/documents`);
    expect(post.body).toEqual({
      name: 'Prospectus',
      contentType: 'application/pdf',
      data: btoa('%PDF-1.4 test'),
    });
  });

  it('refuses a file that is not a PDF in the red banner, in Arabic', async () => {
    stubFetch(() => json(200, { success: true, data: { documents: [] } }));
    await setLanguage('ar');
    const user = userEvent.setup({ applyAccept: false });
    renderAt(
      '/issuer',
      withQueryClient(
        <OfferingDocumentsDialog
          token={{ id: tokenId, name: 'Harbour Offices', symbol: 'HRBR', blockchain: 'solana' }}
          onClose={() => {}}
        />,
      ),
    );
    await user.upload(screen.getByTestId('document-input'), new File(['x'], 'a.png', { type: 'image/png' }));
    expect(await screen.findByText('يجب أن يكون المستند ملف PDF.')).toBeInTheDocument();
    expect(screen.getByText(/لا تحتوي هذه السلسلة على سجل مستندات/)).toBeInTheDocument();
  });
});
