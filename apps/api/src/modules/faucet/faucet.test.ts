import { count, eq } from 'drizzle-orm';
import { erc20Abi, getAddress, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAUCET_AMOUNTS,
  FAUCET_LIMIT_PER_DAY,
  STABLECOIN,
  VAULT_INITIAL_STABLECOIN,
  type FaucetResponse,
  type FaucetStatusResponse,
} from '@portal/shared/faucet';
import type { VaultBalancesResponse } from '@portal/shared/holdings';
import { formatMessage, messages } from '@portal/shared/messages';
import { faucetGrants } from '../../db/schema/index.js';
import type { ChainPort } from '../../providers/chain/chain.js';
import { bearer, createTestApp, json, register, type TestApp } from '../../test/test-app.js';

/** The test faucet through HTTP on the embedded chains (ADR 70). */
let t: TestApp;

interface Investor {
  token: string;
  email: string;
  password: string;
  user: { id: string };
  eth: Address;
  sol: string;
}

async function investorWithVault(app = t.app): Promise<Investor> {
  const who = await register(app);
  const response = await app.inject({ method: 'POST', url: '/api/vault/create', headers: bearer(who.token) });
  expect(response.statusCode, response.body).toBe(201);
  const { wallets } = json<{ wallets: Array<{ assetId: string; address: string }> }>(response);
  const find = (prefix: string) => wallets.find((wallet) => wallet.assetId.startsWith(prefix))!.address;
  return { ...who, eth: getAddress(find('ETH')), sol: find('SOL') };
}

const ask = (who: { token: string }, body: object, key?: string, app = t.app) =>
  app.inject({
    method: 'POST',
    url: '/api/vault/faucet',
    headers: { ...bearer(who.token), ...(key && { 'idempotency-key': key }) },
    payload: body,
  });

const tusd = async (address: Address) =>
  t.app.container.chain.publicClient.readContract({
    address: t.app.container.chain.contractAddress('testStablecoin'),
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address],
  });
const eth = (address: Address) => t.app.container.chain.publicClient.getBalance({ address });

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());

describe('Test USD on the embedded EVM', () => {
  it('is deployed by the platform with its test name, symbol and 6 decimals', async () => {
    const { chain } = t.app.container;
    const { publicClient } = chain;
    const address = chain.contractAddress('testStablecoin');
    const read = <F extends 'name' | 'symbol' | 'decimals'>(functionName: F) =>
      publicClient.readContract({ address, abi: erc20Abi, functionName });
    expect(await read('name')).toBe('Test USD');
    expect(await read('symbol')).toBe('tUSD');
    expect(await read('decimals')).toBe(6);
  });

  it('a new vault gets its starting tUSD with the auto-fuel, and the balances list it', async () => {
    const investor = await investorWithVault();
    expect(await tusd(investor.eth)).toBe(VAULT_INITIAL_STABLECOIN);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/vault/balances',
      headers: bearer(investor.token),
    });
    const { balances } = json<VaultBalancesResponse>(response);
    const ethEntry = balances.find((entry) => entry.address === investor.eth)!;
    expect(ethEntry.stablecoin).toEqual({
      symbol: STABLECOIN.symbol,
      decimals: 6,
      balance: VAULT_INITIAL_STABLECOIN.toString(),
      error: null,
    });
    const solEntry = balances.find((entry) => entry.address === investor.sol)!;
    expect(solEntry.stablecoin).toMatchObject({ symbol: 'tUSD', decimals: 6, error: null });
  });
});

describe('POST /api/vault/faucet', () => {
  it('pays exactly the amount of ETH and tUSD to the caller’s vault, as read from the chain', async () => {
    const investor = await investorWithVault();
    const [ethBefore, tusdBefore] = [await eth(investor.eth), await tusd(investor.eth)];

    const paid = await ask(investor, { asset: 'ETH' }, 'faucet-eth-0001');
    expect(paid.statusCode, paid.body).toBe(200);
    const body = json<FaucetResponse>(paid);
    expect(body.grant).toMatchObject({
      asset: 'ETH',
      chain: 'ethereum',
      address: investor.eth,
      status: 'sent',
    });
    expect(body.grant.amount).toBe(FAUCET_AMOUNTS.ETH.toString());
    expect(body.remaining).toBe(FAUCET_LIMIT_PER_DAY - 1);
    expect(await eth(investor.eth)).toBe(ethBefore + FAUCET_AMOUNTS.ETH);

    const stable = await ask(investor, { asset: 'tUSD', chain: 'ethereum' }, 'faucet-tusd-0001');
    expect(stable.statusCode, stable.body).toBe(200);
    expect(await tusd(investor.eth)).toBe(tusdBefore + FAUCET_AMOUNTS.tUSD);
    expect(await eth(investor.eth)).toBe(ethBefore + FAUCET_AMOUNTS.ETH);
  });

  it('pays SOL and tUSD on the embedded Solana', async () => {
    const investor = await investorWithVault();
    const { solana } = t.app.container;
    const before = await solana.lamports(investor.sol);
    const sol = await ask(investor, { asset: 'SOL' });
    expect(sol.statusCode, sol.body).toBe(200);
    expect(await solana.lamports(investor.sol)).toBe(before + FAUCET_AMOUNTS.SOL);

    const stable = await ask(investor, { asset: 'tUSD', chain: 'solana' });
    expect(stable.statusCode, stable.body).toBe(200);
    const mint = (await t.app.container.stablecoins.solanaMintAddress())!;
    expect(await solana.balance(mint, investor.sol)).toBe(FAUCET_AMOUNTS.tUSD);
  });

  it('the same Idempotency-Key twice pays once; with another body it is refused', async () => {
    const investor = await investorWithVault();
    const before = await eth(investor.eth);
    const first = await ask(investor, { asset: 'ETH' }, 'faucet-same-key-1');
    const second = await ask(investor, { asset: 'ETH' }, 'faucet-same-key-1');
    expect(second.statusCode).toBe(200);
    expect(json<FaucetResponse>(second).grant).toEqual(json<FaucetResponse>(first).grant);
    expect(await eth(investor.eth)).toBe(before + FAUCET_AMOUNTS.ETH);
    const other = await ask(investor, { asset: 'tUSD' }, 'faucet-same-key-1');
    expect(other.statusCode).toBe(422);
    expect(json(other).error).toBe(messages.idempotencyKeyReused);
  });

  it(`the ${FAUCET_LIMIT_PER_DAY + 1}th request in 24 hours is 429 with Retry-After, nothing paid`, async () => {
    const investor = await investorWithVault();
    for (let i = 0; i < FAUCET_LIMIT_PER_DAY; i++) {
      expect((await ask(investor, { asset: 'ETH' })).statusCode).toBe(200);
    }
    const before = await eth(investor.eth);
    const refused = await ask(investor, { asset: 'ETH' });
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect(json(refused).error).toBe(
      formatMessage(messages.faucetLimitReached, { limit: FAUCET_LIMIT_PER_DAY, asset: 'ETH', hours: 24 }),
    );
    expect(await eth(investor.eth)).toBe(before);
    // Another asset has its own allowance; the status shows what is left.
    expect((await ask(investor, { asset: 'tUSD' })).statusCode).toBe(200);
    const status = json<FaucetStatusResponse>(
      await t.app.inject({ method: 'GET', url: '/api/vault/faucet', headers: bearer(investor.token) }),
    );
    const left = (asset: string, chain: string) =>
      status.allowances.find((a) => a.asset === asset && a.chain === chain)!.remaining;
    expect(left('ETH', 'ethereum')).toBe(0);
    expect(left('tUSD', 'ethereum')).toBe(FAUCET_LIMIT_PER_DAY - 1);
    expect(left('SOL', 'solana')).toBe(FAUCET_LIMIT_PER_DAY);
    // A day later the allowance is back.
    t.clock.advance(24 * 3600 * 1000 + 1000);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: investor.email, password: investor.password },
    });
    expect((await ask(json<{ token: string }>(login), { asset: 'ETH' })).statusCode).toBe(200);
  });

  it('pays only the caller’s own vault: another user is never credited', async () => {
    const [a, b] = [await investorWithVault(), await investorWithVault()];
    const bBefore = [await eth(b.eth), await tusd(b.eth)];
    // Even with b's key, a's request pays a.
    await ask(b, { asset: 'ETH' }, 'faucet-shared-key');
    const bAfter = [await eth(b.eth), await tusd(b.eth)];
    const aBefore = await eth(a.eth);
    const paid = await ask(a, { asset: 'ETH' }, 'faucet-shared-key');
    expect(paid.statusCode).toBe(200);
    expect(json<FaucetResponse>(paid).grant.address).toBe(a.eth);
    expect(await eth(a.eth)).toBe(aBefore + FAUCET_AMOUNTS.ETH);
    expect([await eth(b.eth), await tusd(b.eth)]).toEqual(bAfter);
    expect(bAfter[0]).toBe(bBefore[0]! + FAUCET_AMOUNTS.ETH);
    // An address in the body is not accepted at all.
    const smuggled = await ask(a, { asset: 'ETH', address: b.eth });
    expect(smuggled.statusCode).toBe(400);
  });

  it('without a vault the faucet says to create one; without a session it is 401', async () => {
    const who = await register(t.app);
    const refused = await ask(who, { asset: 'ETH' });
    expect(refused.statusCode).toBe(409);
    expect(json(refused).error).toBe(messages.faucetVaultRequired);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/vault/faucet',
      payload: { asset: 'ETH' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('npm run reconcile finds every grant on chain', async () => {
    const report = await t.app.container.reconcile.run();
    expect(report.problems).toEqual([]);
    const [recorded] = await t.database.db.select({ grants: count() }).from(faucetGrants);
    expect(report.faucetGrants).toBe(recorded!.grants);
    expect(report.faucetGrants).toBeGreaterThan(10);
  });
});

describe('under CHAIN=rpc', () => {
  it('the faucet is refused with the public faucet, nothing is sent or recorded', async () => {
    const embedded = t.app.container.chain;
    // The same node seen as a remote one: what changes is only what the portal may hand out.
    const remote = new Proxy(embedded, {
      get: (target, property) => (property === 'kind' ? 'rpc' : Reflect.get(target, property, target)),
    }) as ChainPort;
    const other = await createTestApp({ overrides: { chain: remote, solana: t.app.container.solana } });
    try {
      const investor = await investorWithVault(other.app);
      const before = await eth(investor.eth);
      const refused = await ask(investor, { asset: 'ETH' }, undefined, other.app);
      expect(refused.statusCode).toBe(409);
      expect(json(refused).error).toBe(
        formatMessage(messages.faucetRemoteChain, { url: 'https://sepoliafaucet.com' }),
      );
      expect(await eth(investor.eth)).toBe(before);
      const rows = await other.database.db
        .select()
        .from(faucetGrants)
        .where(eq(faucetGrants.userId, investor.user.id));
      expect(rows).toEqual([]);
      const status = json<FaucetStatusResponse>(
        await other.app.inject({ method: 'GET', url: '/api/vault/faucet', headers: bearer(investor.token) }),
      );
      expect(status.allowances.find((a) => a.asset === 'ETH')).toMatchObject({
        available: false,
        remaining: 0,
        publicFaucetUrl: 'https://sepoliafaucet.com',
      });
      // No STABLECOIN_ADDRESS: the vault says the network has none.
      expect(status.allowances.find((a) => a.asset === 'tUSD' && a.chain === 'ethereum')!.available).toBe(
        false,
      );
      const balances = json<VaultBalancesResponse>(
        await other.app.inject({
          method: 'GET',
          url: '/api/vault/balances',
          headers: bearer(investor.token),
        }),
      );
      expect(balances.balances.find((entry) => entry.address === investor.eth)!.stablecoin).toBeNull();
    } finally {
      await other.close();
    }
  });
});
