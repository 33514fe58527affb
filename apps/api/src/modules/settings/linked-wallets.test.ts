import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/shared/messages';
import type { LinkedWalletsResponse, SiweNonceResponse } from '@portal/shared/settings';
import { NONCES_PER_WINDOW } from './linked-wallets.service.js';
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

  it('refuses, as the EIP-4361 grammar does, a URI that is not a URI and a chain the portal does not support', async () => {
    const who = await register(t.app);
    const account = wallet();
    const tampered = async (from: RegExp, to: string) => {
      const message = messageFor(account.address, await nonceFor(who)).replace(from, to);
      return link(who, message, await account.signMessage({ message }));
    };
    for (const answer of [
      await tampered(/^URI: .*$/m, 'URI: not a url'),
      await tampered(/^Chain ID: .*$/m, 'Chain ID: 999999999999'),
      await tampered(/^Chain ID: .*$/m, 'Chain ID: 0'),
      await tampered(/^Chain ID: .*$/m, 'Chain ID: 56'),
    ]) {
      expect(answer.statusCode).toBe(400);
      expect(json(answer).error).toBe(messages.siweInvalid);
    }
    // The portal's own chain is supported, as are Ethereum and Sepolia.
    const own = await tampered(/^Chain ID: .*$/m, `Chain ID: ${t.app.container.chain.chain.id}`);
    expect(own.statusCode).toBe(200);
  });

  it('links one address to one account only', async () => {
    const [ada, bob] = [await register(t.app), await register(t.app)];
    const account = wallet();
    const linkFor = async (who: Registered) => {
      const message = messageFor(account.address, await nonceFor(who));
      return link(who, message, await account.signMessage({ message }));
    };
    expect((await linkFor(ada)).statusCode).toBe(200);
    const taken = await linkFor(bob);
    expect(taken.statusCode).toBe(409);
    expect(json(taken).error).toBe(messages.walletLinkedElsewhere);
    // Linking it again to the same account keeps the one link.
    expect(json<LinkedWalletsResponse>(await linkFor(ada)).wallets).toHaveLength(1);
  });

  it(`gives one user at most ${NONCES_PER_WINDOW} nonces in ten minutes`, async () => {
    const who = await register(t.app);
    for (let i = 0; i < NONCES_PER_WINDOW; i += 1)
      expect((await callApi(t.app, 'POST', '/api/settings/wallets/nonce', who)).statusCode).toBe(200);
    const refused = await callApi(t.app, 'POST', '/api/settings/wallets/nonce', who);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another user is not affected, and the window moves on.
    expect(
      (await callApi(t.app, 'POST', '/api/settings/wallets/nonce', await register(t.app))).statusCode,
    ).toBe(200);
    t.clock.advance(10 * 60_000 + 1);
    expect((await callApi(t.app, 'POST', '/api/settings/wallets/nonce', who)).statusCode).toBe(200);
  });
});
