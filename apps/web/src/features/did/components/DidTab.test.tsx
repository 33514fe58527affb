import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { withQueryClient } from '../../../testing/query-client';
import { json, renderAt, setUpI18n, stubFetch } from '../../../testing/render';
import { DidTab } from './DidTab';

const DID = 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK';

beforeAll(setUpI18n);

describe('DidTab', () => {
  it('without a DID offers Start; Start creates it, says so and shows it', async () => {
    let did: { did: string } | null = null;
    const calls = stubFetch((path) => {
      if (path === '/api/did/start') {
        did = { did: DID };
        return json(200, { success: true, didMetadata: did, message: 'DID generated successfully!' });
      }
      return json(200, { success: true, didMetadata: did });
    });
    const user = userEvent.setup();
    renderAt('/dashboard?tab=did', withQueryClient(<DidTab />), '/dashboard');
    expect(await screen.findByText('Start your Decentralized Identity')).toBeInTheDocument();
    // Honest words: the portal holds the key, in custody; the investor does not control it alone.
    expect(screen.getByText(/The portal holds its key for you, in custody/)).toBeInTheDocument();
    expect(screen.queryByText(/only you control/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(await screen.findByText('DID generated successfully!')).toBeInTheDocument();
    expect(await screen.findByTestId('did-value')).toHaveTextContent(DID);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { path: '/api/did/start', method: 'POST', body: undefined },
    ]);
    expect(screen.queryByRole('button', { name: 'Start' })).toBeNull();
  });

  it('a failed start shows the message it got', async () => {
    stubFetch((path) =>
      path === '/api/did/start'
        ? json(503, { success: false, error: 'Service unavailable' })
        : json(200, { success: true, didMetadata: null }),
    );
    const user = userEvent.setup();
    renderAt('/dashboard?tab=did', withQueryClient(<DidTab />), '/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    expect(await screen.findByText('Service unavailable')).toBeInTheDocument();
    expect(screen.getByText('Start your Decentralized Identity')).toBeInTheDocument();
  });

  it('with a DID: shows it, copies it and can show its DID document', async () => {
    stubFetch((path) =>
      path === '/api/sbt/list'
        ? json(200, { success: true, sbts: [] })
        : path.startsWith('/api/did/resolve/')
          ? json(200, {
              success: true,
              didDocument: {
                '@context': ['https://www.w3.org/ns/did/v1'],
                id: DID,
                verificationMethod: [],
                authentication: [],
                assertionMethod: [],
              },
            })
          : json(200, { success: true, didMetadata: { did: DID } }),
    );
    const user = userEvent.setup();
    renderAt('/dashboard?tab=did', withQueryClient(<DidTab />), '/dashboard');
    expect(await screen.findByTestId('did-value')).toHaveTextContent(DID);
    await user.click(screen.getByRole('button', { name: 'Copy DID' }));
    expect(await navigator.clipboard.readText()).toBe(DID);
    await user.click(screen.getByRole('button', { name: 'Show DID document' }));
    const document = await screen.findByLabelText('DID document');
    expect(within(document).getByText(/https:\/\/www\.w3\.org\/ns\/did\/v1/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Go to Soul Bound Tokens/ })).toHaveAttribute(
      'href',
      '/dashboard?tab=sbt',
    );
  });

  it('once the SBT exists, no longer offers it as the next step', async () => {
    const calls = stubFetch((path) =>
      path === '/api/sbt/list'
        ? json(200, { success: true, sbts: [{ id: 'a1b2c3d4-0000-4000-8000-000000000001', minted: true }] })
        : json(200, { success: true, didMetadata: { did: DID } }),
    );
    renderAt('/dashboard?tab=did', withQueryClient(<DidTab />), '/dashboard');
    expect(await screen.findByTestId('did-value')).toHaveTextContent(DID);
    await waitFor(() => expect(calls.map((call) => call.path)).toContain('/api/sbt/list'));
    await waitFor(() => expect(screen.queryByText('Next: your soul-bound token')).toBeNull());
    expect(screen.queryByRole('link', { name: /Go to Soul Bound Tokens/ })).toBeNull();
  });
});
