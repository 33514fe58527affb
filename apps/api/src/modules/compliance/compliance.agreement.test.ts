import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { getAddress, keccak256, parseEther, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reasonOf } from '@portal/shared/compliance';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import type { ChainPort, EvmSigner } from '../../providers/chain/chain.js';
import { ChainSendsRepo } from '../../providers/chain/chain-sends.repo.js';
import { LocalCustody } from '../../providers/custody/custody.local.js';
import { embeddedChainOn } from '../../providers/chain/testing/test-chain.js';
import { TestClock } from '../../test/test-app.js';
import { createTestDatabase } from '../../test/test-database.js';
import { AssetContracts, type ChainRules } from '../chains/asset-contracts.js';
import { ComplianceContracts } from '../chains/compliance-contracts.js';
import { KeyedSender } from '../chains/keyed-sender.js';
import { VaultRepo } from '../vault/vault.repo.js';
import { VaultService } from '../vault/vault.service.js';
import { evaluate, type Party } from './compliance.rules.js';

/**
 * The API's rule engine and the Compliance contract agree, case by case (ADR 61): random rules,
 * random senders and receivers among investors of every kind (verified or not, four countries,
 * accredited or not, holding or not, frozen, locked up), random amounts; the facts the engine gets
 * are read from the chain, and its reason must be the contract's code.
 */
const COUNTRIES = ['FRA', 'CHE', 'DEU', 'LUX'] as const;
const DAY = 86_400;

describe('the rule engine and the Compliance contract', () => {
  const clock = new TestClock();
  let database: Database;
  let chain: ChainPort;
  let assets: AssetContracts;
  let registry: ComplianceContracts;
  let issuer: EvmSigner;
  let token: Address;
  const investors: Address[] = [];
  let keys = 0;
  const key = () => `agreement:${keys++}`;

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ chain } = await embeddedChainOn(database, clock).open());
    const sender = new KeyedSender(chain, new ChainSendsRepo(database.db));
    assets = new AssetContracts(chain, sender);
    registry = new ComplianceContracts(chain, sender);
    const entropy = randomBytes(32);
    const vaults = new VaultService({
      db: database.db,
      repo: new VaultRepo(database.db),
      custody: new LocalCustody(database.db, async () => Buffer.from(entropy)),
      clock,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      fuel: async (address) => {
        await chain.fund(getAddress(address), parseEther('10'));
      },
    });
    const [user] = await database.db
      .insert(users)
      .values({ email: `${randomUUID()}@example.com`, name: 'Issuer', passwordHash: 'x', role: 'issuer' })
      .returning();
    await vaults.create(user!.id, {});
    issuer = await vaults.evmSigner(user!.id);
    ({ address: token } = await assets.deployAssetToken(
      'ERC20',
      { name: 'Agreement', symbol: 'AGR', decimals: 0, supply: 1000n, treasury: issuer.address, baseUri: '' },
      key(),
      issuer,
    ));

    // Six investors: [country, verified, accredited, balance, frozen].
    const people: Array<[string | null, boolean, boolean, bigint, bigint]> = [
      ['FRA', true, false, 20n, 5n],
      ['CHE', true, true, 0n, 0n],
      ['DEU', false, false, 10n, 0n],
      [null, true, true, 3n, 0n],
      ['FRA', true, true, 0n, 0n],
      ['LUX', true, false, 8n, 0n],
    ];
    const future = new Date(Date.now() + 365 * DAY * 1000);
    // The first holder's tokens arrive under a 30-day lock-up; the others' after it is lifted.
    await assets.setRules(token, rules({ lockupSeconds: 30 * DAY }), key(), issuer);
    for (const [index, [country, , accredited, balance, frozen]] of people.entries()) {
      const wallet = getAddress(`0x${randomBytes(20).toString('hex')}`);
      const id = keccak256(wallet);
      investors.push(wallet);
      await registry.setIdentity(id, { country, validUntil: future, accredited }, key());
      await registry.addWallet(wallet, id, key());
      if (balance > 0n)
        await assets.forcedTransfer('ERC20', token, issuer.address, wallet, balance, key(), issuer);
      if (frozen > 0n) await assets.setFrozen('ERC20', token, wallet, frozen, true, key(), issuer);
      if (index === 0) await assets.setRules(token, rules({}), key(), issuer);
    }
    // The third investor's verification lapses after they bought.
    const [country, , accredited] = people[2]!;
    await registry.setIdentity(
      keccak256(investors[2]!),
      { country, validUntil: new Date(0), accredited },
      key(),
    );
  }, 120_000);

  afterAll(async () => {
    await chain.close();
    await database.close();
  });

  function rules(change: Partial<ChainRules>): ChainRules {
    return {
      allowedCountries: [],
      blockedCountries: [],
      accreditedOnly: false,
      maxHolders: 0,
      maxBalance: 0n,
      minAcquisition: 0n,
      maxAcquisition: 0n,
      lockupSeconds: 0,
      supplyCap: 0n,
      ...change,
    };
  }

  async function party(address: Address): Promise<Party> {
    if (address === issuer.address)
      return {
        exempt: true,
        verified: false,
        country: null,
        accredited: false,
        balance: 0n,
        frozen: 0n,
        lockedUntil: null,
      };
    const [entry, holding, block] = await Promise.all([
      registry.investorOf(address),
      assets.holding('ERC20', token, address),
      chain.publicClient.getBlock(),
    ]);
    return {
      exempt: false,
      verified: entry.validUntil.getTime() > Number(block.timestamp) * 1000,
      country: entry.country,
      accredited: entry.accredited,
      balance: holding.balance,
      frozen: holding.frozen,
      lockedUntil: holding.lockedUntil,
    };
  }

  // Each rule is off most of the time, so that the later rules in the order get their turn.
  const often = <T>(off: T, on: fc.Arbitrary<T>) =>
    fc.oneof({ arbitrary: fc.constant(off), weight: 3 }, { arbitrary: on, weight: 1 });
  const countries = often<string[]>([], fc.subarray([...COUNTRIES], { minLength: 1 }));
  const ruleArbitrary = fc.record({
    allowedCountries: countries,
    blockedCountries: countries,
    accreditedOnly: fc.boolean(),
    maxHolders: often(0, fc.constantFrom(1, 3, 4, 5)),
    maxBalance: often(0n, fc.constantFrom(5n, 20n, 25n)),
    minAcquisition: often(0n, fc.constantFrom(1n, 5n)),
    maxAcquisition: often(0n, fc.constantFrom(10n, 30n)),
    lockupSeconds: fc.constantFrom(0, DAY),
    supplyCap: often(0n, fc.constantFrom(41n, 50n, 60n)),
  });

  it('give the same answer for every transfer they are asked about', async () => {
    let cases = 0;
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        ruleArbitrary,
        often(false, fc.constant(true)),
        fc.integer({ min: -1, max: 5 }),
        fc.integer({ min: 0, max: 5 }),
        fc.bigInt({ min: 0n, max: 40n }),
        fc.nat(),
        async (chainRules, paused, fromIndex, toIndex, free, pick) => {
          await assets.setRules(token, chainRules, key(), issuer);
          await assets.setPaused(token, paused, key(), issuer);
          const from = fromIndex < 0 ? issuer.address : investors[fromIndex]!;
          const to = investors[toIndex]!;
          const parties = await Promise.all([party(from), ...investors.map(party)]);
          const holders = parties.slice(1).filter((holder) => holder.balance > 0n);
          const state = {
            holderCount: holders.length,
            circulating: holders.reduce((sum, holder) => sum + holder.balance, 0n),
          };
          const sender = parties[0]!;
          const receiver = await party(to);
          // Half the amounts sit on a boundary of this case: at a limit, or one past it.
          const edges = [
            chainRules.maxBalance - receiver.balance,
            chainRules.minAcquisition,
            chainRules.maxAcquisition,
            chainRules.supplyCap - state.circulating,
            sender.balance - sender.frozen,
          ].flatMap((edge) => [edge - 1n, edge, edge + 1n].filter((amount) => amount >= 0n));
          const amount = pick % 2 === 0 ? free : edges[pick % edges.length]!;
          const block = await chain.publicClient.getBlock();
          const expected = evaluate(
            { ...chainRules, paused },
            state,
            sender,
            receiver,
            amount,
            new Date(Number(block.timestamp) * 1000),
          );
          const code = await assets.check(token, from, to, amount);
          cases++;
          seen.add(String(expected));
          expect(reasonOf(code), `${from}→${to} ${amount}`).toBe(expected);
        },
      ),
      { numRuns: 250, seed: 20261128 },
    );
    expect(cases).toBe(250);
    // The sample reaches allowed transfers and most refusals, not only one answer.
    expect(seen.size).toBeGreaterThanOrEqual(10);
  }, 300_000);
});
