import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { PASSWORD, approvedIssuer, baseUrl, uniqueEmail } from './portal';

/**
 * Set-ups of the token-rules specs made through the API (their own screens have their own tests):
 * an issuer with a deployed, listed token, rules written on chain, holders who bought.
 */

type Method = 'GET' | 'POST' | 'PUT';
export type Call = <T = unknown>(method: Method, path: string, body?: unknown) => Promise<T>;

/** The API as `email` with a bearer session; writes carry an Idempotency-Key. */
export async function session(email: string): Promise<Call> {
  const login = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  return async <T>(method: Method, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl()}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...(method === 'GET' ? {} : { 'idempotency-key': randomUUID() }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = await response.json();
    if (!response.ok)
      throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
    return answer as T;
  };
}

interface Listing {
  id: string;
  status: string;
}

/** An approved issuer with a vault, a token (ERC-20 unless told) deployed on chain and 100 of it listed in escrow. */
export async function issuerWithListedToken(
  name: string,
  symbol: string,
  type: { tokenType: string; decimals?: number } = { tokenType: 'ERC20' },
) {
  const email = uniqueEmail('rules-issuer');
  await approvedIssuer({ name: 'Ines Issuer', email });
  const call = await session(email);
  await call('POST', '/vault/create', { autoFuel: true });
  const { token } = await call<{ token: { id: string } }>('POST', '/issuer/tokens', {
    name,
    symbol,
    description: 'Offices whose buyers the issuer restricts',
    ...type,
    assetCategory: 'Real Estate',
    totalSupply: '1000',
  });
  await expect
    .poll(
      async () =>
        (await call<{ tokens: Array<{ id: string; status: string }> }>('GET', '/issuer/tokens')).tokens.find(
          (mine) => mine.id === token.id,
        )?.status,
      { timeout: 90_000 },
    )
    .toBe('DEPLOYED');
  const { listing } = await call<{ listing: Listing }>('POST', '/issuer/listings', {
    tokenId: token.id,
    tokenAmount: '100',
    priceETH: '0.001',
    deadline: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  });
  await expect
    .poll(
      async () =>
        (await call<{ listings: Listing[] }>('GET', '/issuer/listings')).listings.find(
          (mine) => mine.id === listing.id,
        )?.status,
      { timeout: 90_000 },
    )
    .toBe('DEPLOYED');
  return { email, call, tokenId: token.id, listingId: listing.id };
}

/** Waits until no action on the token is still being written on chain. */
export async function actionsSettled(call: Call, tokenId: string) {
  await expect
    .poll(
      async () =>
        (
          await call<{ data: { actions: Array<{ status: string }> } }>(
            'GET',
            `/issuer/tokens/${tokenId}/compliance`,
          )
        ).data.actions.filter((action) => action.status === 'PENDING').length,
      { timeout: 90_000 },
    )
    .toBe(0);
}

/** The investor's vault address on Ethereum. */
export async function ethAddress(call: Call): Promise<string> {
  const { user } = await call<{ user: { wallets: Array<{ assetId: string; address: string }> } }>(
    'GET',
    '/auth/profile',
  );
  return user.wallets.find((wallet) => wallet.assetId.startsWith('ETH'))!.address;
}

/** Buys `amount` tokens of an escrow listing (its id is the escrow's) through the API; waits until delivered. */
export async function bought(call: Call, escrowId: string, amount: string, did: string) {
  const { data } = await call<{ data: { purchase: { id: string } } }>(
    'POST',
    `/escrow/${escrowId}/purchase`,
    {
      escrowId,
      amount,
      investorDid: did,
      investorWallet: await ethAddress(call),
    },
  );
  await expect
    .poll(
      async () =>
        (
          await call<{ data: { purchase: { status: string } } }>(
            'GET',
            `/token-purchases/${data.purchase.id}`,
          )
        ).data.purchase.status,
      { timeout: 90_000 },
    )
    .toBe('COMPLETED');
}

/** Links a fresh wallet to the investor with Sign-In with Ethereum; its address. */
export async function linkedWallet(call: Call): Promise<string> {
  const account = privateKeyToAccount(generatePrivateKey());
  const issued = await call<{ nonce: string; domain: string; uri: string }>(
    'POST',
    '/settings/wallets/nonce',
  );
  const message = createSiweMessage({
    address: account.address,
    chainId: 11155111,
    domain: issued.domain,
    uri: issued.uri,
    nonce: issued.nonce,
    version: '1',
    issuedAt: new Date(),
    statement: 'Link this wallet to my Investor Portal account.',
  });
  await call('POST', '/settings/wallets/link', {
    message,
    signature: await account.signMessage({ message }),
  });
  return account.address;
}
