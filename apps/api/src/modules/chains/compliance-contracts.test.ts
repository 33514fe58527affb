import { keccak256, toHex, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { createTestDatabase } from '../../test/test-database.js';
import type { ChainPort } from '../../providers/chain/chain.js';
import { ChainSendsRepo } from '../../providers/chain/chain-sends.repo.js';
import { embeddedChainOn, sendOutcome } from '../../providers/chain/testing/test-chain.js';
import { AssetContracts, type ChainRules } from './asset-contracts.js';
import { ComplianceContracts } from './compliance-contracts.js';
import { KeyedSender } from './keyed-sender.js';

const newWallet = () => privateKeyToAccount(generatePrivateKey()).address;
const RULES: ChainRules = {
  allowedCountries: ['FRA', 'DEU'],
  blockedCountries: ['PRK'],
  accreditedOnly: false,
  maxHolders: 100,
  maxBalance: 10n ** 9n,
  minAcquisition: 1n,
  maxAcquisition: 10n ** 8n,
  lockupSeconds: 86_400,
  supplyCap: 5n * 10n ** 8n,
};

describe('ComplianceContracts and the enforcement calls of AssetContracts, on the journaled embedded chain', () => {
  let database: Database;
  let boot: ReturnType<typeof embeddedChainOn>;
  let chain: ChainPort;
  let assets: AssetContracts;
  let registry: ComplianceContracts;
  const id = keccak256(toHex('did:key:z6MkInvestor'));
  const wallet = newWallet();
  const secondWallet = newWallet();
  const validUntil = new Date('2036-01-01T00:00:00Z');
  let token: Address;

  const connect = async () => {
    ({ chain } = await boot.open());
    const sender = new KeyedSender(chain, new ChainSendsRepo(database.db));
    assets = new AssetContracts(chain, sender);
    registry = new ComplianceContracts(chain, sender);
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    boot = embeddedChainOn(database);
    await connect();
  });
  afterAll(async () => {
    await chain.close();
    await database.close();
  });

  it('writes the registry as the platform, once per key, and reads an investor back', async () => {
    const first = await registry.setIdentity(id, { country: 'FRA', validUntil, accredited: true }, 'reg:1');
    expect(await registry.setIdentity(id, { country: 'FRA', validUntil, accredited: true }, 'reg:1')).toEqual(
      first,
    );
    await registry.addWallet(wallet, id, 'reg:1:wallet');
    await registry.addWallet(secondWallet, id, 'reg:1:wallet2');
    expect(await registry.investorOf(wallet)).toEqual({
      identity: id,
      country: 'FRA',
      validUntil,
      accredited: true,
    });
    expect(await registry.investorOf(newWallet())).toMatchObject({
      identity: `0x${'0'.repeat(64)}`,
      country: null,
    });
    const other = keccak256(toHex('someone else'));
    await registry.setIdentity(other, { country: null, validUntil, accredited: false }, 'reg:2');
    expect(await sendOutcome(registry.addWallet(wallet, other, 'reg:2:wallet'))).toBe('REVERTED:WalletTaken');
  });

  it('sets, reads and checks a token’s rules and pause through Compliance', async () => {
    const platform = chain.platformSigner;
    ({ address: token } = await assets.deployAssetToken(
      'ERC20',
      {
        name: 'Harbour Bond',
        symbol: 'HBD',
        decimals: 6,
        supply: 10n ** 9n,
        treasury: platform.address,
        baseUri: '',
      },
      'token:hbd',
      platform,
    ));
    await assets.setRules(token, RULES, 'token:hbd:rules', platform);
    expect(await assets.rulesOf(token)).toEqual(RULES);
    expect(await assets.check(token, platform.address, wallet, 10n)).toBe(0);
    expect(await assets.check(token, platform.address, newWallet(), 10n)).toBe(5);
    expect(await assets.check(token, platform.address, wallet, 2n * 10n ** 8n)).toBe(10);
    await assets.setPaused(token, true, 'token:hbd:pause', platform);
    expect([await assets.paused(token), await assets.check(token, platform.address, wallet, 10n)]).toEqual([
      true,
      1,
    ]);
    await assets.setPaused(token, false, 'token:hbd:resume', platform);
    expect(await assets.paused(token)).toBe(false);
  });

  it('freezes, forces transfers and recovers a wallet; holding and holder count follow', async () => {
    const platform = chain.platformSigner;
    await assets.forcedTransfer('ERC20', token, platform.address, wallet, 1_000n, 'force:1', platform);
    await assets.setFrozen('ERC20', token, wallet, 400n, true, 'freeze:1', platform);
    const held = await assets.holding('ERC20', token, wallet);
    expect(held).toMatchObject({ balance: 1_000n, frozen: 400n });
    expect(held.lockedUntil).toBeInstanceOf(Date);
    expect(await assets.holderCount(token)).toBe(1);
    await assets.recoverWallet('ERC20', token, wallet, secondWallet, 'recover:1', platform);
    expect(await assets.holding('ERC20', token, secondWallet)).toEqual({ ...held });
    expect(await assets.holding('ERC20', token, wallet)).toEqual({
      balance: 0n,
      frozen: 0n,
      lockedUntil: null,
    });
    await assets.setFrozen('ERC20', token, secondWallet, 0n, false, 'unfreeze:1', platform);
    expect((await assets.holding('ERC20', token, secondWallet)).frozen).toBe(0n);

    // ERC-721: recovery finds the items the lost wallet holds when none are given.
    const { address: items } = await assets.deployAssetToken(
      'ERC721',
      { name: 'Plots', symbol: 'PLT', decimals: 0, supply: 5n, treasury: platform.address, baseUri: 'x/' },
      'token:plt',
      platform,
    );
    for (const item of [2n, 4n]) {
      await assets.forcedTransfer(
        'ERC721',
        items,
        platform.address,
        secondWallet,
        item,
        `force:plt:${item}`,
        platform,
      );
    }
    await assets.forcedTransfer(
      'ERC721',
      items,
      secondWallet,
      platform.address,
      2n,
      'force:plt:back',
      platform,
    );
    await assets.forcedTransfer('ERC721', items, platform.address, secondWallet, 5n, 'force:plt:5', platform);
    await assets.setFrozen('ERC721', items, secondWallet, 5n, true, 'freeze:plt:5', platform);
    await assets.recoverWallet('ERC721', items, secondWallet, wallet, 'recover:plt', platform);
    expect([await assets.ownerOf(items, 4n), await assets.ownerOf(items, 5n)]).toEqual([wallet, wallet]);
    expect(await assets.holding('ERC721', items, wallet)).toMatchObject({ balance: 2n, frozen: 1n });
  });

  it('keeps the registry and the rules across a restart (the journal replays them)', async () => {
    await chain.close();
    await connect();
    expect(await registry.investorOf(secondWallet)).toEqual({
      identity: id,
      country: 'FRA',
      validUntil,
      accredited: true,
    });
    expect(await assets.rulesOf(token)).toEqual(RULES);
    expect(await assets.holding('ERC20', token, secondWallet)).toMatchObject({ balance: 1_000n, frozen: 0n });
  });
});
