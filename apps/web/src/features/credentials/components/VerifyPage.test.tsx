import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, renderAt, setUpI18n, stubFetch } from '../../../testing/render';
import { sampleCredential as credential } from '../../../testing/sample-credential';
import { VerifyPage } from './VerifyPage';

const CID = 'bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku';

beforeAll(setUpI18n);

/** An answer of POST /api/credentials/verify. */
const verdict = (verified: boolean, extra: Record<string, unknown> = {}) =>
  json(200, {
    success: true,
    verified,
    revoked: false,
    trustedIssuer: verified,
    issuer: credential.issuer,
    errors: [],
    ...extra,
  });

describe('VerifyPage', () => {
  it('checks the CID of a ?cid= link at once and shows the verdict, issuer and subject', async () => {
    const calls = stubFetch(() => verdict(true, { credential }));
    renderAt(`/verify?cid=${CID}`, <VerifyPage />, '/verify');
    expect(screen.getByRole('heading', { name: 'Verify a Credential' })).toBeInTheDocument();
    expect(screen.getByLabelText('Credential JSON, share link or CID')).toHaveValue(CID);
    const result = await screen.findByTestId('verification-result');
    expect(within(result).getByText('Verified')).toBeInTheDocument();
    expect(within(result).getByText('Trusted issuer: this portal')).toBeInTheDocument();
    expect(screen.getByText('did:key:z6MkIssuer')).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(calls).toEqual([{ path: '/api/credentials/verify', method: 'POST', body: { cid: CID } }]);
  });

  it('checks a pasted credential and lists why it failed', async () => {
    const calls = stubFetch(() => verdict(false, { errors: ['Invalid signature.'] }));
    const user = userEvent.setup();
    renderAt('/verify', <VerifyPage />, '/verify');
    const input = screen.getByLabelText('Credential JSON, share link or CID');
    await user.click(input);
    await user.paste(JSON.stringify(credential));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const result = await screen.findByTestId('verification-result');
    expect(within(result).getByText('Not verified')).toBeInTheDocument();
    expect(within(result).getByText('Issuer not recognised')).toBeInTheDocument();
    expect(within(result).getByText('Invalid signature.')).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(calls).toEqual([{ path: '/api/credentials/verify', method: 'POST', body: { credential } }]);
  });

  it('opens a share link at once, and says when the credential was revoked', async () => {
    const token = 'a'.repeat(43);
    const calls = stubFetch((path) =>
      path === '/api/credentials/shared'
        ? json(200, { success: true, credential })
        : verdict(false, { revoked: true, errors: ['This credential has been revoked by its issuer'] }),
    );
    renderAt(`/verify#share=${token}`, <VerifyPage />, '/verify');
    const result = await screen.findByTestId('verification-result');
    expect(within(result).getByText('Revoked')).toBeInTheDocument();
    expect(within(result).getByText('This credential has been revoked by its issuer')).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    // The secret goes in a body, never in a URL, and leaves the address bar.
    expect(calls.slice(0, 2)).toEqual([
      { path: '/api/credentials/shared', method: 'POST', body: { token } },
      { path: '/api/credentials/verify', method: 'POST', body: { credential } },
    ]);
    expect(calls).toHaveLength(2);
    expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/verify$/);
  });

  it('still opens a share link issued with its secret in the query', async () => {
    const token = 'b'.repeat(43);
    const calls = stubFetch((path) =>
      path === '/api/credentials/shared' ? json(200, { success: true, credential }) : verdict(true),
    );
    renderAt(`/verify?share=${token}`, <VerifyPage />, '/verify');
    const result = await screen.findByTestId('verification-result');
    expect(within(result).getByText('Verified')).toBeInTheDocument();
    expect(calls[0]).toEqual({ path: '/api/credentials/shared', method: 'POST', body: { token } });
  });

  it('checks an uploaded credential file', async () => {
    const calls = stubFetch(() =>
      json(200, {
        success: true,
        verified: true,
        revoked: false,
        trustedIssuer: true,
        issuer: credential.issuer,
        errors: [],
      }),
    );
    const user = userEvent.setup();
    renderAt('/verify', <VerifyPage />, '/verify');
    const file = new File([JSON.stringify(credential)], 'credential.json', { type: 'application/json' });
    await user.upload(screen.getByTestId('verify-upload'), file);
    const result = await screen.findByTestId('verification-result');
    expect(within(result).getByText('Verified')).toBeInTheDocument();
    expect(calls).toEqual([{ path: '/api/credentials/verify', method: 'POST', body: { credential } }]);
  });

  it('refuses broken JSON without asking the server, and shows the server refusal of a bad CID', async () => {
    const calls = stubFetch(() =>
      json(404, { success: false, code: 'NOT_FOUND', error: 'Credential not found' }),
    );
    const user = userEvent.setup();
    renderAt('/verify', <VerifyPage />, '/verify');
    const input = screen.getByLabelText('Credential JSON, share link or CID');
    await user.click(input);
    await user.paste('{"id": ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This is not valid JSON.')).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.clear(input);
    await user.paste(CID);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Credential not found')).toBeInTheDocument();
    await waitFor(() => expect(calls).toHaveLength(1));
  });
});
