import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { VerifiableCredential } from '@portal/shared/credentials';
import { withQueryClient } from '../../../testing/query-client';
import { json, renderAt, setUpI18n, stubFetch } from '../../../testing/render';
import {
  DELIVERY_SIGNATURE,
  PAYMENT_TX,
  sampleCredential,
  samplePurchaseCredential,
  verifyAnswer,
} from '../../../testing/sample-credential';
import { CredentialDialog } from './CredentialDialog';

const CID = 'bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku';
const VC_URL = `http://portal.test/ipfs/${CID}`;

beforeAll(setUpI18n);

const verified = (explorerLinks: Record<string, string> = {}) =>
  json(200, verifyAnswer(true, { explorerLinks }));

const open = (credential: unknown) =>
  renderAt(
    '/dashboard',
    withQueryClient(
      <CredentialDialog vcUrl={VC_URL} credential={credential as VerifiableCredential} onClose={() => {}} />,
    ),
  );

describe('CredentialDialog', () => {
  it('shows a purchase credential’s purchase and transactions, not empty identity claims', async () => {
    const links = { [DELIVERY_SIGNATURE]: `http://portal.test/explorer/solana/tx/${DELIVERY_SIGNATURE}` };
    stubFetch(() => verified(links));
    open(samplePurchaseCredential);
    // The first render of the dialog pulls in MUI: slow on a busy machine.
    const delivery = await screen.findByRole('link', { name: DELIVERY_SIGNATURE }, { timeout: 5_000 });
    expect(delivery).toHaveAttribute('href', links[DELIVERY_SIGNATURE]);
    const purchase = screen.getByRole('region', { name: 'Purchase' });
    expect(within(purchase).getByText('Startup Equity Pool (SEQP)')).toBeInTheDocument();
    // No link for a hash the verification did not vouch for; the hash still shows.
    expect(within(purchase).getByText(PAYMENT_TX)).toBeInTheDocument();
    expect(within(purchase).queryByRole('link', { name: PAYMENT_TX })).toBeNull();
    expect(screen.queryByText('No wallets in this credential.')).toBeNull();
    expect(screen.queryByText('Name')).toBeNull();
  });

  it('says the gateway and ipfs:// links open for the holder only, and still lists an SBT credential’s wallets', async () => {
    stubFetch(() => verified());
    open(sampleCredential);
    expect(await screen.findByTestId('credential-private-links')).toHaveTextContent(
      'These links open only for you, signed in',
    );
    expect(screen.getByText(VC_URL)).toBeInTheDocument();
    const wallets = screen.getByRole('region', { name: 'Associated wallets' });
    expect(within(wallets).getByText('0x9858EfFD232B4033E47d90003D41EC34EcaEda94')).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
  });
});
