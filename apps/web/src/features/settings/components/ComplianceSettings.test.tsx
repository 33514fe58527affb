import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { KybApplication, KybDocument } from '@portal/shared/kyb';
import { withQueryClient } from '../../../testing/query-client';
import { sampleUser } from '../../../testing/sample-user';
import { json, renderAt, setUpI18n, stubFetch } from '../../../testing/render';
import { ComplianceSettings } from './ComplianceSettings';

beforeAll(setUpI18n);

const doc = (id: string, fileName: string): KybDocument => ({
  id,
  fileName,
  contentType: 'application/pdf',
  size: 250 * 1024,
  createdAt: '2026-11-21T10:00:00.000Z',
});
const application = (overrides: Partial<KybApplication> = {}): KybApplication => ({
  status: 'not_submitted',
  reason: null,
  submittedAt: null,
  decidedAt: null,
  documents: [],
  ...overrides,
});

const render = () =>
  renderAt(
    '/account-settings?section=compliance',
    withQueryClient(<ComplianceSettings user={sampleUser()} />),
    '/account-settings',
  );
const status = async () =>
  (await screen.findByTestId('kyb-status', undefined, { timeout: 5000 })).textContent;

describe('Compliance tab: KYB', () => {
  it('says "Not submitted" until a document is uploaded, then "Pending" with the file listed', async () => {
    let kyb = application();
    const calls = stubFetch((path, body) => {
      if (path === '/api/kyb') return json(200, { success: true, kyb });
      if (path === '/api/kyb/documents') {
        const upload = body as { fileName: string; contentType: string; data: string };
        kyb = application({
          status: 'pending',
          submittedAt: '2026-11-21T10:00:00.000Z',
          documents: [{ ...doc('d1', upload.fileName), contentType: 'application/pdf' }],
        });
        return json(200, { success: true, message: 'Document uploaded', kyb });
      }
      return json(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
    });
    const user = userEvent.setup();
    render();
    expect(await status()).toBe('Not submitted');
    expect(screen.getByText('Verified')).toBeInTheDocument(); // the real KYC status, beside it

    const button = screen.getByRole('button', { name: 'Upload Business Docs' });
    expect(button).toBeEnabled();
    const pdf = new File(['%PDF-1.7 test'], 'Certificate.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByTestId('kyb-input'), pdf);

    await waitFor(async () => expect(await status()).toBe('Pending'));
    const upload = calls.find((call) => call.path === '/api/kyb/documents');
    expect(upload).toMatchObject({
      method: 'POST',
      body: { fileName: 'Certificate.pdf', contentType: 'application/pdf', data: btoa('%PDF-1.7 test') },
    });
    expect(screen.getByText(/waiting for a reviewer/)).toBeInTheDocument();
    const row = screen.getByTestId('kyb-document');
    expect(row).toHaveTextContent('Certificate.pdf');
    expect(within(row).getByRole('button', { name: 'Remove Certificate.pdf' })).toBeInTheDocument();
  });

  it('refuses a wrong type or a too large file in plain words, without calling the server', async () => {
    const calls = stubFetch(() => json(200, { success: true, kyb: application() }));
    const user = userEvent.setup({ applyAccept: false });
    render();
    await status();
    await user.upload(
      screen.getByTestId('kyb-input'),
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(await screen.findByText('Please upload a JPEG, PNG or PDF file')).toBeInTheDocument();
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByTestId('kyb-input'), big);
    expect(await screen.findByText('The document must be at most 10 MB')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("shows the server's refusal (content not matching the type) in plain words", async () => {
    stubFetch((path) =>
      path === '/api/kyb/documents'
        ? json(415, {
            success: false,
            error: 'Please upload a JPEG, PNG or PDF file',
            code: 'UNSUPPORTED_MEDIA_TYPE',
          })
        : json(200, { success: true, kyb: application() }),
    );
    const user = userEvent.setup();
    render();
    await status();
    await user.upload(
      screen.getByTestId('kyb-input'),
      new File(['not really a pdf'], 'fake.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText('fake.pdf: Please upload a JPEG, PNG or PDF file')).toBeInTheDocument();
    expect(await status()).toBe('Not submitted');
  });

  it('removes a document while pending', async () => {
    let kyb = application({
      status: 'pending',
      submittedAt: '2026-11-21T10:00:00.000Z',
      documents: [doc('d1', 'a.pdf'), doc('d2', 'b.pdf')],
    });
    const calls = stubFetch((path) => {
      if (path === '/api/kyb/documents/d1') {
        kyb = { ...kyb, documents: [doc('d2', 'b.pdf')] };
        return json(200, { success: true, message: 'Document removed', kyb });
      }
      return json(200, { success: true, kyb });
    });
    const user = userEvent.setup();
    render();
    expect(await status()).toBe('Pending');
    await user.click(screen.getByRole('button', { name: 'Remove a.pdf' }));
    await waitFor(() => expect(screen.getAllByTestId('kyb-document')).toHaveLength(1));
    expect(calls.find((call) => call.path === '/api/kyb/documents/d1')?.method).toBe('DELETE');
  });

  it('shows a rejection with its reason, and an approval with the files locked', async () => {
    stubFetch(() =>
      json(200, {
        success: true,
        kyb: application({
          status: 'rejected',
          reason: 'The register of shareholders is missing',
          submittedAt: '2026-11-21T10:00:00.000Z',
          decidedAt: '2026-11-22T10:00:00.000Z',
          documents: [doc('d1', 'a.pdf')],
        }),
      }),
    );
    const first = render();
    expect(await status()).toBe('Rejected');
    expect(screen.getByText(/Not approved: The register of shareholders is missing/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload Business Docs' })).toBeEnabled();
    first.unmount();

    stubFetch(() =>
      json(200, {
        success: true,
        kyb: application({
          status: 'approved',
          submittedAt: '2026-11-21T10:00:00.000Z',
          decidedAt: '2026-11-22T10:00:00.000Z',
          documents: [doc('d1', 'a.pdf')],
        }),
      }),
    );
    render();
    expect(await status()).toBe('Approved');
    expect(screen.getByText('Your business is verified.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload Business Docs' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove a.pdf' })).toBeNull();
    expect(screen.getByRole('button', { name: 'a.pdf' })).toHaveAttribute('title', 'Download a.pdf');
  });
});
