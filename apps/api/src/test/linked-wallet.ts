import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { expect } from 'vitest';
import { callApi, json, type Portal } from './test-app.js';

/**
 * Links a fresh wallet to the user with Sign-In with Ethereum, as Account Management does: our
 * nonce, an EIP-4361 message for our domain, the wallet's own signature. Returns its address.
 */
export async function linkWallet(app: Portal, who: { token: string }, now: Date): Promise<`0x${string}`> {
  const account = privateKeyToAccount(generatePrivateKey());
  const issued = json<{ nonce: string; domain: string; uri: string }>(
    await callApi(app, 'POST', '/api/settings/wallets/nonce', who),
  );
  const message = createSiweMessage({
    address: account.address,
    chainId: 11155111,
    domain: issued.domain,
    uri: issued.uri,
    nonce: issued.nonce,
    version: '1',
    issuedAt: now,
    statement: 'Link this wallet to my Investor Portal account.',
  });
  const linked = await callApi(app, 'POST', '/api/settings/wallets/link', who, {
    message,
    signature: await account.signMessage({ message }),
  });
  expect(linked.statusCode, linked.body).toBe(200);
  return account.address;
}
