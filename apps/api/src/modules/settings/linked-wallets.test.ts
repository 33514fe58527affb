import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/shared/messages';
import type { LinkedWalletsResponse, SiweNonceResponse } from '@portal/shared/settings';
import {
  callApi,
  createTestApp,
  json,
  register,
  type Registered,
  type TestApp,
} from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const wallet = () => privateKeyToAccount(generatePrivateKey());

async function nonceFor(who: Registered) {
  return json<SiweNonceResponse>(await callApi(t.app, 'POST', '/api/settings/wallets/nonce', who));
}

/** What a wallet signs: an EIP-4361 message for our domain with our nonce. */
function messageFor(address: `0x${string}`, issued: SiweNonceResponse, domain = issued.domain) {
  return createSiweMessage({
    address,
    chainId: 11155111,
    domain,
    uri: issued.uri,
    nonce: issued.nonce,
    version: '1',
    issuedAt: t.clock.now(),
    statement: 'Link this wallet to my Investor Portal account.',
  });
}

const link = (who: Registered, message: string, signature: string) =>
  callApi(t.app, 'POST', '/api/settings/wallets/link', who, { message, signature });

describe('linking a wallet with Sign-In with Ethereum', () => {
  it('links a wallet whose owner signed our message, lists it, and removes it', async () => {
    const who = await register(t.app);
    const account = wallet();
    const issued = await nonceFor(who);
    expect(issued).toMatchObject({ domain: 'portal.test', uri: 'http://portal.test' });
    const message = messageFor(account.address, issued);
    const linked = await link(who, message, await account.signMessage({ message }));
    expect(linked.statusCode).toBe(200);
    const body = json<LinkedWalletsResponse>(linked);
    expect(body.message).toBe(messages.walletLinked);
    expect(body.wallets).toEqual([expect.objectContaining({ address: account.address, chainId: 11155111 })]);
    const listed = json<LinkedWalletsResponse>(await callApi(t.app, 'GET', '/api/settings/wallets', who));
    expect(listed.wallets).toHaveLength(1);
    const other = await register(t.app);
    const id = listed.wallets[0]!.id;
    expect((await callApi(t.app, 'POST', `/api/settings/wallets/${id}/remove`, other)).statusCode).toBe(404);
    const removed = await callApi(t.app, 'POST', `/api/settings/wallets/${id}/remove`, who);
    expect(json<LinkedWalletsResponse>(removed).wallets).toEqual([]);
  });

  it('refuses a reused nonce, a wrong signer, another domain and another user’s nonce', async () => {
    const who = await register(t.app);
    const account = wallet();
    const issued = await nonceFor(who);
    const message = messageFor(account.address, issued);
    const signature = await account.signMessage({ message });
    expect((await link(who, message, signature)).statusCode).toBe(200);
    const replay = await link(who, message, signature);
    expect(replay.statusCode).toBe(400);
    expect(json(replay).error).toBe(messages.siweInvalid);

    const impostor = wallet();
    const second = messageFor(account.address, await nonceFor(who));
    expect((await link(who, second, await impostor.signMessage({ message: second }))).statusCode).toBe(400);

    const phishing = messageFor(account.address, await nonceFor(who), 'evil.example');
    expect((await link(who, phishing, await account.signMessage({ message: phishing }))).statusCode).toBe(
      400,
    );

    const other = await register(t.app);
    const theirs = messageFor(account.address, await nonceFor(other));
    expect((await link(who, theirs, await account.signMessage({ message: theirs }))).statusCode).toBe(400);
  });

  it('a nonce expires after ten minutes', async () => {
    const who = await register(t.app);
    const account = wallet();
    const issued = await nonceFor(who);
    t.clock.advance(10 * 60_000 + 1);
    const message = messageFor(account.address, issued);
    expect((await link(who, message, await account.signMessage({ message }))).statusCode).toBe(400);
  });
});
