import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Keypair } from '@stellar/stellar-sdk';
import { messages } from '@portal/shared/messages';
import { callApi, json } from '../../test/test-app.js';
import { ledgerPortal, purchaseOnLedger, type LedgerPortal } from '../../test/ledger-purchase.js';
import { HorizonTestServer } from './testing/horizon-test-server.js';

/** Stellar in the running portal: issue, list, buy with ETH and deliver, over HTTP. */
let server: HorizonTestServer;
let portal: LedgerPortal;
const platform = Keypair.random();
// Trust line flags (TrustLineFlags).
const AUTHORIZED = 0x1;
const CLAWBACK_ENABLED = 0x4;
/** A token's address is its code followed by the issuer's account. */
const issuerOf = (token: { contractAddress: string | null }) => token.contractAddress!.slice(-56);

beforeAll(async () => {
  server = await HorizonTestServer.start();
  server.fund(platform.publicKey(), 10_000n * 10_000_000n);
  portal = await ledgerPortal(
    { STELLAR_HORIZON_URL: server.url, STELLAR_PLATFORM_SECRET: platform.secret() },
    'XLM_TEST',
  );
}, 120_000);
afterAll(async () => {
  await portal.t.close();
  await server.close();
});

describe('Classic assets on Stellar', () => {
  it('the issuer console is told Stellar is available', async () => {
    const answer = await callApi(portal.t.app, 'GET', '/api/issuer/chains', portal.issuer);
    expect(json(answer)).toEqual({ success: true, chains: ['ethereum', 'solana', 'stellar'] });
  });

  it('an issuer issues and lists a Stellar asset; an investor pays ETH and receives it on their XLM address', async () => {
    // At 2 decimals one base unit is 10^5 stroops.
    const line = (token: { contractAddress: string | null }, holder: string) =>
      server.trustLine('XLMT', issuerOf(token), holder)!;
    await purchaseOnLedger(portal, {
      blockchain: 'stellar',
      token: { symbol: 'XLMT', tokenType: 'STELLAR' },
      deployed: (token) => {
        expect(token.contractAddress).toBe(`XLMT${issuerOf(token)}`);
        // AUTH_REQUIRED | AUTH_REVOCABLE | AUTH_CLAWBACK_ENABLED, set before anything was issued.
        expect(server.accounts.get(issuerOf(token))!.flags).toBe(0x1 | 0x2 | 0x8);
      },
      hash: /^[0-9a-f]{64}$/,
      txUrl: (hash) => `https://stellar.expert/explorer/testnet/tx/${hash}`,
      tokenUrl: (token) => `https://stellar.expert/explorer/testnet/asset/XLMT-${issuerOf(token)}`,
      held: (token, holder) =>
        expect(line(token, holder)).toMatchObject({
          balance: 32_500_000n,
          flags: AUTHORIZED | CLAWBACK_ENABLED,
        }),
      shift: (token, holder, delta) => {
        line(token, holder).balance += delta * 100_000n;
      },
      frozen: (token, holder) => (line(token, holder).flags & AUTHORIZED) === 0,
    });
  });

  it('refuses at creation what Stellar cannot carry: more than 7 decimals, a supply past 2^63 − 1 stroops, a second asset with the same code', async () => {
    const create = (request: object) =>
      callApi(portal.t.app, 'POST', '/api/issuer/tokens', portal.issuer, {
        name: 'Second',
        description: '',
        tokenType: 'STELLAR',
        assetCategory: 'Other',
        totalSupply: '10',
        ...request,
      });
    const decimals = await create({ symbol: 'XLMD', decimals: 8 });
    expect(decimals.statusCode).toBe(400);
    expect(json(decimals)).toMatchObject({ fields: { decimals: messages.issuerDecimalsTooMany } });
    // 2^63 − 1 stroops is 922337203685.4775807 tokens at 7 decimals.
    const supply = await create({ symbol: 'XLMS', decimals: 7, totalSupply: '922337203685.4775808' });
    expect(supply.statusCode).toBe(400);
    expect(json(supply)).toMatchObject({ fields: { totalSupply: messages.issuerSupplyInvalid } });
    expect(
      (await create({ symbol: 'XLMS', decimals: 7, totalSupply: '922337203685.4775807' })).statusCode,
    ).toBe(201);
    const twice = await create({ symbol: 'XLMT', decimals: 0 });
    expect(twice.statusCode).toBe(409);
    expect(json(twice)).toMatchObject({ error: messages.issuerStellarCodeTaken });
  });
});
