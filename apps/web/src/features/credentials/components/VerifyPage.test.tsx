import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, renderAt, setUpI18n, stubFetch } from '../../../testing/render';
import {
  DELIVERY_SIGNATURE,
  PAYMENT_TX,
  sampleCredential as credential,
  samplePurchaseCredential,
  verifyAnswer,
} from '../../../testing/sample-credential';
import { VerifyPage } from './VerifyPage';

const CID = 'bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku';

beforeAll(setUpI18n);

const verdict = (verified: boolean, extra: Record<string, unknown> = {}) =>
  json(200, verifyAnswer(verified, extra));

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

  it("says a failed credential in the portal's name names this portal, not an unknown issuer", async () => {
    stubFetch(() => verdict(false, { issuerIsPortal: true, errors: ['Invalid signature.'] }));
    const user = userEvent.setup();
    renderAt('/verify', <VerifyPage />, '/verify');
    await user.click(screen.getByLabelText('Credential JSON, share link or CID'));
    await user.paste(JSON.stringify(credential));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const result = await screen.findByTestId('verification-result');
    expect(within(result).getByText('Not verified')).toBeInTheDocument();
    expect(
      within(result).getByText('Names this portal as issuer, but the proof does not hold'),
    ).toBeInTheDocument();
    expect(within(result).queryByText('Issuer not recognised')).toBeNull();
  });

  it('shows what a purchase credential bought, with its transactions linked to the explorer', async () => {
    const links = {
      [PAYMENT_TX]: `http://portal.test/explorer/tx/${PAYMENT_TX}`,
      [DELIVERY_SIGNATURE]: `http://portal.test/explorer/solana/tx/${DELIVERY_SIGNATURE}`,
    };
    stubFetch(() => verdict(true, { credential: samplePurchaseCredential, explorerLinks: links }));
    renderAt(`/verify?cid=${CID}`, <VerifyPage />, '/verify');
    await screen.findByTestId('verification-result');
    const purchase = screen.getByRole('region', { name: 'Purchase' });
    const fact = (label: string) => within(purchase).getByText(label).nextElementSibling;
    expect(fact('Token')).toHaveTextContent('Startup Equity Pool (SEQP)');
    expect(fact('Token type')).toHaveTextContent('SPL');
    expect(fact('Blockchain')).toHaveTextContent('Solana');
    expect(fact('Amount')).toHaveTextContent('2 SEQP');
    expect(fact('Ownership percentage')).toHaveTextContent('0.002000%');
    expect(fact('Price per token')).toHaveTextContent('0.0015 ETH');
    expect(fact('Paid')).toHaveTextContent('0.003 ETH');
    expect(within(purchase).getByRole('link', { name: PAYMENT_TX })).toHaveAttribute(
      'href',
      links[PAYMENT_TX],
    );
    expect(within(purchase).getByRole('link', { name: DELIVERY_SIGNATURE })).toHaveAttribute(
      'href',
      links[DELIVERY_SIGNATURE],
    );
    // Not the identity claims a purchase credential does not carry.
    expect(screen.queryByText('Name')).toBeNull();
    expect(screen.queryByText('Email')).toBeNull();
    expect(screen.queryByText('—')).toBeNull();
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
    const calls = stubFetch(() => verdict(true));
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
