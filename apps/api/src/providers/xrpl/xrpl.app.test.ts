import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Wallet } from 'xrpl';
import { callApi, json } from '../../test/test-app.js';
import { ledgerPortal, purchaseOnLedger, type LedgerPortal } from '../../test/ledger-purchase.js';
import { XrplTestServer } from './testing/xrpl-test-server.js';

/** The XRP Ledger in the running portal: issue, list, buy with ETH and deliver, over HTTP. */
let server: XrplTestServer;
let portal: LedgerPortal;
const platform = Wallet.generate();
// MPToken flags (XLS-33).
const LSF_MPT_LOCKED = 0x01;
const LSF_MPT_AUTHORIZED = 0x02;

beforeAll(async () => {
  server = await XrplTestServer.start();
  server.fund(platform.classicAddress, 1_000_000_000n);
  portal = await ledgerPortal({ XRPL_URL: server.url, XRPL_PLATFORM_SEED: platform.seed }, 'XRP_TEST');
}, 120_000);
afterAll(async () => {
  await portal.t.close();
  await server.close();
});

describe('Multi-Purpose Tokens on the XRP Ledger', () => {
  it('the issuer console is told Ripple is available', async () => {
    const answer = await callApi(portal.t.app, 'GET', '/api/issuer/chains', portal.issuer);
    expect(json(answer)).toEqual({ success: true, chains: ['ethereum', 'solana', 'ripple'] });
  });

  it('an issuer issues and lists an MPT; an investor pays ETH and receives it on their XRP address', async () => {
    const holding = (token: { contractAddress: string | null }, holder: string) =>
      server.holding(token.contractAddress!, holder)!;
    await purchaseOnLedger(portal, {
      blockchain: 'ripple',
      token: { symbol: 'XMPT', tokenType: 'MPT' },
      deployed: (token) => expect(token.contractAddress).toMatch(/^[0-9A-F]{48}$/),
      hash: /^[0-9A-F]{64}$/,
      txUrl: (hash) => `https://testnet.xrpl.org/transactions/${hash}`,
      tokenUrl: (token) => `https://testnet.xrpl.org/mpt/${token.contractAddress}`,
      held: (token, holder) =>
        expect(holding(token, holder)).toMatchObject({ amount: 325n, flags: LSF_MPT_AUTHORIZED }),
      shift: (token, holder, delta) => {
        holding(token, holder).amount += delta;
      },
      frozen: (token, holder) => (holding(token, holder).flags & LSF_MPT_LOCKED) !== 0,
    });
  });
});
