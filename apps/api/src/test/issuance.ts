import { expect } from 'vitest';
import type {
  CreateListingRequest,
  CreateTokenRequest,
  IssuerListing,
  IssuerToken,
} from '@portal/shared/issuer';
import type { PurchaseResponse } from '@portal/shared/purchases';
import type { App } from '../app.js';
import { callApi, json, type Portal } from './test-app.js';

/** Polls until `done` holds (jobs run in the background of the test app). */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  for (let i = 0; i < timeoutMs / 50; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** An issuer creates a token through the console API and waits until the job deployed it. */
export async function issueToken(
  app: Portal,
  issuer: { token: string },
  request: Partial<CreateTokenRequest> = {},
) {
  const created = await callApi(app, 'POST', '/api/issuer/tokens', issuer, {
    name: 'Settlement Token',
    symbol: 'STL',
    description: 'A token for tests',
    tokenType: 'ERC20',
    assetCategory: 'Other',
    decimals: 0,
    totalSupply: '1000',
    ...request,
  });
  expect(created.statusCode, created.body).toBe(201);
  const { id } = json<{ token: IssuerToken }>(created).token;
  return eventually(
    async () =>
      json<{ token: IssuerToken }>(await callApi(app, 'GET', `/api/issuer/tokens/${id}`, issuer)).token,
    (token) => token.status === 'DEPLOYED' || token.status === 'FAILED',
    `token ${id} to deploy`,
  );
}

/** Lists a token; `app` may be a portal process when the request names its deadline. */
export async function listToken(
  app: Portal,
  issuer: { token: string },
  tokenId: string,
  request: Partial<Omit<CreateListingRequest, 'tokenId'>> = {},
) {
  const created = await callApi(app, 'POST', '/api/issuer/listings', issuer, {
    tokenId,
    kind: 'escrow',
    tokenAmount: '100',
    priceETH: '0.001',
    deadline:
      request.deadline ?? new Date((app as App).container.clock.now().getTime() + 86_400_000).toISOString(),
    ...request,
  });
  expect(created.statusCode, created.body).toBe(201);
  const { id } = json<{ listing: IssuerListing }>(created).listing;
  const listings = async () =>
    json<{ listings: IssuerListing[] }>(await callApi(app, 'GET', '/api/issuer/listings', issuer)).listings;
  return eventually(
    async () => (await listings()).find((listing) => listing.id === id)!,
    (listing) => listing.status === 'DEPLOYED' || listing.status === 'FAILED',
    `listing ${id} to open`,
  );
}

export async function settled(app: App, buyer: { token: string }, purchaseId: string) {
  return eventually(
    async () =>
      json<PurchaseResponse>(await callApi(app, 'GET', `/api/token-purchases/${purchaseId}`, buyer)).data,
    (data) => data.purchase.status === 'COMPLETED' || data.purchase.status === 'FAILED',
    `purchase ${purchaseId} to settle`,
  );
}
