import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { TokenType } from '@portal/shared/chain-families';
import { TOKEN_TYPE_CHAIN } from '@portal/shared/chain-families';
import type { App } from '../app.js';
import { IssuerRepo, type ListingRow, type TokenRow } from '../modules/issuer/issuer.repo.js';
import { callApi, json, passKyc, register, type Portal, type Registered } from './test-app.js';

/**
 * Market rows written straight to the database, for tests of what is read and reserved (the
 * chain is not involved). Tests of deployment and settlement go through the real jobs instead.
 */
/** An issuer the platform approved (ADR 55), with a vault: it may deploy and list at once. */
export async function issuerAccount(app: App): Promise<Registered> {
  const issuer = await register(app, { role: 'issuer', name: 'Test Issuer' });
  await app.container.onboarding.preApprove(issuer.user.id);
  expect((await callApi(app, 'POST', '/api/vault/create', issuer)).statusCode).toBe(201);
  return issuer;
}

export async function deployedToken(
  app: App,
  issuerId: string,
  values: Partial<Omit<TokenRow, 'totalSupply'>> & { tokenType?: TokenType; totalSupply?: bigint } = {},
): Promise<TokenRow> {
  const tokenType = values.tokenType ?? 'ERC20';
  return new IssuerRepo(app.container.database.db).insertToken({
    issuerId,
    name: 'Fixture Token',
    symbol: 'FIX',
    description: '',
    assetCategory: 'Other',
    decimals: 0,
    blockchain: TOKEN_TYPE_CHAIN[tokenType] as 'ethereum' | 'solana',
    treasuryAddress: `0x${randomBytes(20).toString('hex')}`,
    status: 'DEPLOYED',
    contractAddress: `0x${randomBytes(20).toString('hex')}`,
    ...values,
    tokenType,
    totalSupply: (values.totalSupply ?? 1000n).toString(),
  });
}

export async function openListing(
  app: App,
  token: TokenRow,
  values: Partial<Omit<ListingRow, 'tokenAmount' | 'priceWei'>> & {
    tokenAmount?: bigint;
    priceWei?: bigint;
  } = {},
): Promise<ListingRow> {
  return new IssuerRepo(app.container.database.db).insertListing({
    tokenId: token.id,
    issuerId: token.issuerId,
    kind: 'escrow',
    status: 'DEPLOYED',
    deadline: new Date(app.container.clock.now().getTime() + 86_400_000),
    searchText: `${token.name}\n${token.symbol}\n${token.description}`.toLowerCase(),
    ...values,
    tokenAmount: (values.tokenAmount ?? 100n).toString(),
    priceWei: (values.priceWei ?? 10n ** 15n).toString(),
  });
}

/** An investor who can buy: KYC verified, a DID and a vault. */
export async function verifiedInvestor(
  app: Portal,
): Promise<Registered & { did: string; eth: string; sol: string }> {
  const investor = await register(app);
  await passKyc(app, investor);
  const did = json<{ didMetadata: { did: string } }>(await callApi(app, 'POST', '/api/did/start', investor));
  const vault = json<{ wallets: Array<{ assetId: string; address: string }> }>(
    await callApi(app, 'POST', '/api/vault/create', investor),
  );
  const address = (prefix: string) => vault.wallets.find((w) => w.assetId.startsWith(prefix))!.address;
  return { ...investor, did: did.didMetadata.did, eth: address('ETH'), sol: address('SOL') };
}
