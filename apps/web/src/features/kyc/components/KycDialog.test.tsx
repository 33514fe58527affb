import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { withQueryClient } from '../../../testing/query-client';
import { json, renderAt, setUpI18n, stubFetch } from '../../../testing/render';
import { KycDialog } from './KycDialog';

/**
 * A stand-in for @sumsub/websdk recording how it was set up and letting the test play the widget's
 * events. The real SDK and the sandbox page run together in the browser test (e2e/kyc.spec.ts).
 */
const widget = vi.hoisted(() => {
  class FakeSdk {
    baseUrl?: string;
    conf?: object;
    options?: object;
    handlers: Record<string, (payload: unknown) => void> = {};
    container?: HTMLElement;
    destroyed = false;
    constructor(
      readonly token: string,
      readonly renewToken: () => Promise<string>,
    ) {}
    withBaseUrl(url: string) {
      this.baseUrl = url;
      return this;
    }
    withConf(conf: object) {
      this.conf = conf;
      return this;
    }
    withOptions(options: object) {
      this.options = options;
      return this;
    }
    on(event: string, handler: (payload: unknown) => void) {
      this.handlers[event] = handler;
      return this;
    }
    build() {
      return this;
    }
    launch(container: HTMLElement) {
      this.container = container;
      container.append(document.createElement('iframe'));
    }
    destroy() {
      this.destroyed = true;
      this.container?.replaceChildren();
    }
  }
  return { FakeSdk, launched: [] as FakeSdk[] };
});

vi.mock('@sumsub/websdk', () => ({
  default: {
    init: (token: string, renew: () => Promise<string>) => {
      const sdk = new widget.FakeSdk(token, renew);
      widget.launched.push(sdk);
      return sdk;
    },
  },
}));

const current = () => widget.launched.at(-1)!;
const emit = (event: string, payload: unknown = {}) => act(() => current().handlers[event]!(payload));
const approved = { reviewStatus: 'completed', reviewResult: { reviewAnswer: 'GREEN' } };
const rejected = {
  reviewStatus: 'completed',
  reviewResult: { reviewAnswer: 'RED', reviewRejectType: 'RETRY' },
};

type Answer = (body: unknown) => Response | Promise<Response>;
function kycApi(overrides: Record<string, Answer> = {}) {
  let tokens = 0;
  const answers: Record<string, Answer> = {
    '/api/kyc/token': () => {
      tokens += 1;
      return json(200, { success: true, token: `token-${tokens}`, applicantId: 'app-1', websdkUrl: null });
    },
    '/api/kyc/enhanced-storage': () =>
      json(200, { success: true, message: 'KYC data synced', status: 'verified' }),
    '/api/kyc/store-data': () => json(200, { success: true, message: 'KYC data synced', status: 'verified' }),
    ...overrides,
  };
  return stubFetch((path, body) => {
    const answer = answers[path];
    if (!answer) throw new Error(`unexpected call ${path}`);
    return answer(body);
  });
}

let closed = 0;
function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open KYC</button>
      <KycDialog
        open={open}
        onClose={() => {
          closed += 1;
          setOpen(false);
        }}
      />
    </>
  );
}

async function openDialog() {
  const user = userEvent.setup();
  renderAt('/dashboard', withQueryClient(<Harness />));
  await user.click(screen.getByRole('button', { name: 'Open KYC' }));
  const dialog = await screen.findByRole('dialog', { name: 'Identity Verification' });
  return { user, dialog };
}

const footerClose = (dialog: HTMLElement) => within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!;
const postedPaths = (calls: { path: string; method: string }[]) =>
  calls.filter((call) => call.method === 'POST').map((call) => call.path);

beforeAll(setUpI18n);
beforeEach(() => {
  widget.launched.length = 0;
  closed = 0;
});

describe('KycDialog', () => {
  it('launches the widget at the portal itself, light, in the user language, with a titled iframe', async () => {
    const calls = kycApi();
    const { dialog } = await openDialog();
    await waitFor(() => expect(widget.launched).toHaveLength(1));
    expect(current().token).toBe('token-1');
    expect(current().baseUrl).toBe(window.location.origin);
    expect(current().conf).toEqual({ lang: 'en', theme: 'light' });
    expect(current().options).toMatchObject({ adaptIframeHeight: true });
    expect(within(dialog).getByTitle('Identity verification form').tagName).toBe('IFRAME');
    expect(postedPaths(calls)).toEqual(['/api/kyc/token']);

    // Loading until the widget reports ready; Close is disabled meanwhile.
    expect(within(dialog).getByText('Loading verification…')).toBeInTheDocument();
    expect(footerClose(dialog)).toBeDisabled();
    emit('idCheck.onReady');
    expect(within(dialog).queryByText('Loading verification…')).toBeNull();
    expect(footerClose(dialog)).toBeEnabled();
  });

  it("uses the provider's own widget address when the server gives one", async () => {
    kycApi({
      '/api/kyc/token': () =>
        json(200, { success: true, token: 't', applicantId: 'a', websdkUrl: 'https://in.sumsub.com' }),
    });
    await openDialog();
    await waitFor(() => expect(current().baseUrl).toBe('https://in.sumsub.com'));
  });

  it('renews the token through /kyc/token when the widget asks', async () => {
    const calls = kycApi();
    await openDialog();
    await waitFor(() => expect(widget.launched).toHaveLength(1));
    await expect(current().renewToken()).resolves.toBe('token-2');
    expect(postedPaths(calls)).toEqual(['/api/kyc/token', '/api/kyc/token']);
  });

  it('on approval syncs, announces success and closes', async () => {
    const calls = kycApi();
    await openDialog();
    await waitFor(() => expect(widget.launched).toHaveLength(1));
    emit('idCheck.onReady');
    emit('idCheck.onApplicantStatusChanged', { reviewStatus: 'pending' });
    expect(postedPaths(calls)).toEqual(['/api/kyc/token']);
    emit('idCheck.onApplicantStatusChanged', approved);
    expect(await screen.findByText('KYC verification completed successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(closed).toBe(1);
    expect(postedPaths(calls)).toEqual(['/api/kyc/token', '/api/kyc/enhanced-storage']);
    expect(current().destroyed).toBe(true);
  });

  it('does not take a rejection for a verification, even though its review is "completed"', async () => {
    const calls = kycApi();
    const { dialog } = await openDialog();
    await waitFor(() => expect(widget.launched).toHaveLength(1));
    emit('idCheck.onReady');
    emit('idCheck.onApplicantStatusChanged', rejected);
    expect(postedPaths(calls)).toEqual(['/api/kyc/token']);
    expect(dialog).toBeInTheDocument();
    expect(screen.queryByText('KYC verification completed successfully!')).toBeNull();
  });

  it('falls back to basic storage with the applicant id when the enhanced call fails', async () => {
    const calls = kycApi({
      '/api/kyc/enhanced-storage': () => json(502, { success: false, error: 'Service unavailable' }),
    });
    await openDialog();
    await waitFor(() => expect(widget.launched).toHaveLength(1));
    emit('idCheck.onReady');
    emit('idCheck.onApplicantLoaded', { applicantId: 'app-7' });
    emit('idCheck.onApplicantStatusChanged', approved);
    expect(await screen.findByText('KYC verification completed successfully!')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/kyc/store-data')?.body).toEqual({ applicantId: 'app-7' });
  });

  it('says what the server says when the provider has not confirmed the approval yet', async () => {
    kycApi({
      '/api/kyc/enhanced-storage': () =>
        json(200, { success: true, message: 'KYC verification is still under review', status: 'pending' }),
    });
    const { dialog } = await openDialog();
    await waitFor(() => expect(widget.launched).toHaveLength(1));
    emit('idCheck.onReady');
    emit('idCheck.applicantStatus', approved);
    expect(await within(dialog).findByText('KYC verification is still under review')).toBeInTheDocument();
    expect(closed).toBe(0);
  });

  it('syncs before closing by the footer Close or the X, and blocks closing while syncing', async () => {
    let finishSync: () => void = () => {};
    const calls = kycApi({
      '/api/kyc/enhanced-storage': () =>
        new Promise<Response>((resolve) => {
          finishSync = () => resolve(json(200, { success: true, message: 'x', status: 'pending' }));
        }),
    });
    const { user, dialog } = await openDialog();
    await waitFor(() => expect(widget.launched).toHaveLength(1));
    emit('idCheck.onReady');
    await user.click(footerClose(dialog));
    expect(await within(dialog).findByText('Saving your verification…')).toBeInTheDocument();
    expect(footerClose(dialog)).toBeDisabled();
    expect(within(dialog).getAllByRole('button', { name: 'Close' })[0]).toBeDisabled();
    expect(closed).toBe(0);
    act(() => finishSync());
    await waitFor(() => expect(closed).toBe(1));
    expect(postedPaths(calls)).toEqual(['/api/kyc/token', '/api/kyc/enhanced-storage']);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Reopened: a fresh session, closed by the X this time.
    await user.click(screen.getByRole('button', { name: 'Open KYC' }));
    const again = await screen.findByRole('dialog', { name: 'Identity Verification' });
    await waitFor(() => expect(widget.launched).toHaveLength(2));
    emit('idCheck.onReady');
    await user.click(within(again).getAllByRole('button', { name: 'Close' })[0]!);
    act(() => finishSync());
    await waitFor(() => expect(closed).toBe(2));
  });

  it("shows the widget's failure with 'Try Again', which starts over", async () => {
    const calls = kycApi();
    const { user, dialog } = await openDialog();
    await waitFor(() => expect(widget.launched).toHaveLength(1));
    emit('idCheck.onReady');
    emit('idCheck.onError', { code: 'unknown', error: 'boom' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('KYC verification failed. Please try again.');
    expect(current().destroyed).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(widget.launched).toHaveLength(2));
    expect(current().token).toBe('token-2');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(postedPaths(calls)).toEqual(['/api/kyc/token', '/api/kyc/token']);
  });

  it("says 'Failed to initialize KYC verification' when the token cannot be had, and lets the user close", async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const { user, dialog } = await openDialog();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to initialize KYC verification',
    );
    expect(widget.launched).toHaveLength(0);
    await user.click(footerClose(dialog));
    await waitFor(() => expect(closed).toBe(1));
  });

  it("shows the server's reason for a refused token, and 'No access token received' for an empty one", async () => {
    kycApi({
      '/api/kyc/token': () =>
        json(502, {
          success: false,
          error: 'The verification service is unavailable. Please try again later.',
        }),
    });
    const first = await openDialog();
    expect(await within(first.dialog).findByRole('alert')).toHaveTextContent(
      'The verification service is unavailable. Please try again later.',
    );

    kycApi({
      '/api/kyc/token': () => json(200, { success: true, token: '', applicantId: 'a', websdkUrl: null }),
    });
    await first.user.click(within(first.dialog).getByRole('button', { name: 'Try Again' }));
    await waitFor(() =>
      expect(within(first.dialog).getByRole('alert')).toHaveTextContent('No access token received'),
    );
    expect(widget.launched).toHaveLength(0);
  });
});
