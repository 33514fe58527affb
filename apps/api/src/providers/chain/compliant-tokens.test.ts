import {
  decodeErrorResult,
  encodeFunctionData,
  keccak256,
  parseEventLogs,
  toFunctionSelector,
  toHex,
  type Abi,
  type Address,
  type Hex,
  type PrivateKeyAccount,
} from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { assetToken1155Abi, assetToken1155Bytecode } from '@portal/contracts/asset-token1155';
import { assetToken20Abi, assetToken20Bytecode } from '@portal/contracts/asset-token20';
import { assetToken721Abi, assetToken721Bytecode } from '@portal/contracts/asset-token721';
import { complianceAbi } from '@portal/contracts/compliance';
import { identityRegistryAbi } from '@portal/contracts/identity-registry';
import { listingEscrowAbi, listingEscrowBytecode } from '@portal/contracts/listing-escrow';
import {
  reentrantReceiverAbi,
  reentrantReceiverBytecode,
} from '@portal/contracts/testing/reentrant-receiver';
import { ELIGIBILITY_REASONS } from '@portal/shared/compliance';
import { bareNode, outcome as outcomeOf, type BareNode, type Call } from './testing/bare-node.js';
import { complianceFixture, type ComplianceFixture } from './testing/compliance-fixture.js';

const errors = [
  ...assetToken20Abi,
  ...assetToken721Abi,
  ...assetToken1155Abi,
  ...complianceAbi,
  ...identityRegistryAbi,
  ...listingEscrowAbi,
].filter((item) => item.type === 'error');
const code = (reason: (typeof ELIGIBILITY_REASONS)[number]) =>
  `TransferNotCompliant(${ELIGIBILITY_REASONS.indexOf(reason) + 1})`;
const EIP170 = 24_576;

const NO_RULES = {
  allowedCountries: [] as Hex[],
  blockedCountries: [] as Hex[],
  accreditedOnly: false,
  maxHolders: 0,
  maxBalance: 0n,
  minAcquisition: 0n,
  maxAcquisition: 0n,
  lockupSeconds: 0n,
  supplyCap: 0n,
};
type Rules = typeof NO_RULES;
const country = (code: string) => toHex(code, { size: 3 });

describe('compliant asset tokens (IdentityRegistry, Compliance, ERC-7943)', () => {
  let node: BareNode;
  let platform: PrivateKeyAccount;
  let issuer: PrivateKeyAccount;
  let stranger: PrivateKeyAccount;
  /** Verified investors: a, b, c in France, d in Germany (accredited), a2 = a's second wallet. */
  let a: PrivateKeyAccount, b: PrivateKeyAccount, c: PrivateKeyAccount, d: PrivateKeyAccount;
  let a2: PrivateKeyAccount;
  let unverified: PrivateKeyAccount;
  let escrow: Address;
  let fixture: ComplianceFixture;

  const outcome = (from: PrivateKeyAccount, call: Call) => outcomeOf(node, errors, from, call);
  const read = <T>(call: Call) => node.publicClient.readContract(call as never) as Promise<T>;
  const compliance = (functionName: string, args: readonly unknown[]) =>
    ({ address: fixture.compliance, abi: complianceAbi, functionName, args }) as Call;
  const registry = (functionName: string, args: readonly unknown[]) =>
    ({ address: fixture.registry, abi: identityRegistryAbi, functionName, args }) as Call;

  /** A fresh ERC-20 (0 decimals, 1,000 units at the issuer's treasury) with these rules. */
  async function erc20(rules: Partial<Rules> = {}) {
    const token = await node.deploy(issuer, {
      abi: assetToken20Abi,
      bytecode: assetToken20Bytecode,
      args: ['Harbour Bond', 'HBD', 0, 1_000n, issuer.address, fixture.compliance],
    });
    await node.write(issuer, compliance('setRules', [token, { ...NO_RULES, ...rules }]));
    const at = (functionName: string, args: readonly unknown[]) =>
      ({ address: token, abi: assetToken20Abi, functionName, args }) as Call;
    return {
      token,
      at,
      send: (from: PrivateKeyAccount, to: Address, amount: bigint) =>
        outcome(from, at('transfer', [to, amount])),
      balance: (owner: Address) => read<bigint>(at('balanceOf', [owner])),
      frozen: (owner: Address) => read<bigint>(at('getFrozenTokens', [owner])),
      holders: () => read<bigint>(compliance('holderCount', [token])),
      circulating: () => read<bigint>(compliance('circulating', [token])),
    };
  }

  beforeAll(async () => {
    node = await bareNode(10);
    [platform, issuer, stranger, a, b, c, d, a2, unverified] = node.accounts as [
      PrivateKeyAccount,
      PrivateKeyAccount,
      PrivateKeyAccount,
      PrivateKeyAccount,
      PrivateKeyAccount,
      PrivateKeyAccount,
      PrivateKeyAccount,
      PrivateKeyAccount,
      PrivateKeyAccount,
    ];
    escrow = await node.deploy(platform, { abi: listingEscrowAbi, bytecode: listingEscrowBytecode });
    fixture = await complianceFixture(node, platform, [escrow]);
    const idA = await fixture.verify(a.address);
    await fixture.verify(a2.address, { id: idA });
    await fixture.verify(b.address);
    await fixture.verify(c.address);
    await fixture.verify(d.address, { country: 'DEU', accredited: true });
  });

  it('registry: idempotent writes, one identity per wallet, verified only until validUntil', async () => {
    const id = keccak256(toHex('registry test'));
    const wallet = node.accounts[9]!.address;
    const until = (await node.now()) + 100n;
    const set = registry('setIdentity', [id, country('ITA'), until, true]);
    expect(await outcome(platform, set)).toBe('ok');
    expect(await outcome(platform, set)).toBe('ok');
    expect(await outcome(platform, registry('addWallet', [wallet, id]))).toBe('ok');
    expect(await outcome(platform, registry('addWallet', [wallet, id]))).toBe('ok');
    expect(await outcome(platform, registry('addWallet', [wallet, keccak256(a.address)]))).toBe(
      `WalletTaken(${wallet},${id})`,
    );
    expect(await read(registry('investorOf', [wallet]))).toEqual([id, country('ITA'), until, true]);
    expect(await read(registry('isVerified', [wallet]))).toBe(true);
    await node.travel(101);
    expect(await read(registry('isVerified', [wallet]))).toBe(false);
    expect(await outcome(platform, registry('removeWallet', [wallet]))).toBe('ok');
    expect(await outcome(platform, registry('removeWallet', [wallet]))).toBe('ok');
    expect(await read(registry('identityOf', [wallet]))).toBe(`0x${'0'.repeat(64)}`);
    for (const call of [set, registry('addWallet', [wallet, id]), registry('removeWallet', [a.address])]) {
      expect(await outcome(stranger, call)).toBe(`OwnableUnauthorizedAccount(${stranger.address})`);
    }
  });

  it('verification: an unverified receiver (5) and an unverified sender (2) are refused; exempt accounts are not checked', async () => {
    const t = await erc20();
    expect(await t.send(issuer, unverified.address, 1n)).toBe(code('not-verified'));
    expect(await t.send(issuer, a.address, 10n)).toBe('ok');
    // a leaves the registry: it may neither send nor receive; the treasury may still take tokens back.
    const id = keccak256(a.address);
    await node.write(platform, registry('removeWallet', [a.address]));
    expect(await t.send(a, b.address, 1n)).toBe(code('sender-not-verified'));
    expect(await read(t.at('canTransact', [a.address]))).toBe(false);
    expect(await read(t.at('canTransact', [issuer.address]))).toBe(true);
    expect(await read(t.at('canTransact', [escrow]))).toBe(true);
    await node.write(platform, registry('addWallet', [a.address, id]));
    expect(await t.send(a, b.address, 1n)).toBe('ok');
    expect(await read(t.at('canTransfer', [a.address, unverified.address, 1n]))).toBe(false);
    expect(await read(t.at('canTransfer', [a.address, b.address, 1n]))).toBe(true);
  });

  it('countries: only those allowed (6), never those blocked (7)', async () => {
    const allowed = await erc20({ allowedCountries: [country('DEU'), country('ESP')] });
    expect(await allowed.send(issuer, a.address, 1n)).toBe(code('country-not-allowed'));
    expect(await allowed.send(issuer, d.address, 1n)).toBe('ok');
    const blocked = await erc20({ blockedCountries: [country('FRA')] });
    expect(await blocked.send(issuer, a.address, 1n)).toBe(code('country-blocked'));
    expect(await blocked.send(issuer, d.address, 1n)).toBe('ok');
    expect(
      await outcome(
        issuer,
        compliance('setRules', [
          blocked.token,
          { ...NO_RULES, blockedCountries: Array(251).fill(country('FRA')) },
        ]),
      ),
    ).toBe('TooManyCountries(251,250)');
  });

  it('accreditation (8), minimum (9) and maximum (10) per acquisition', async () => {
    const t = await erc20({ accreditedOnly: true, minAcquisition: 5n, maxAcquisition: 20n });
    expect(await t.send(issuer, a.address, 10n)).toBe(code('not-accredited'));
    expect(await t.send(issuer, d.address, 4n)).toBe(code('below-minimum'));
    expect(await t.send(issuer, d.address, 21n)).toBe(code('above-maximum'));
    expect(await t.send(issuer, d.address, 5n)).toBe('ok');
    expect(await t.send(issuer, d.address, 20n)).toBe('ok');
  });

  it('max balance (11): a holder reaches the cap exactly, never beyond', async () => {
    const t = await erc20({ maxBalance: 50n });
    expect(await t.send(issuer, a.address, 40n)).toBe('ok');
    expect(await t.send(issuer, a.address, 11n)).toBe(code('max-balance'));
    expect(await t.send(issuer, a.address, 10n)).toBe('ok');
    expect(await t.balance(a.address)).toBe(50n);
  });

  it('holder cap (12): n-1 and n holders are allowed, n+1 is not, and a holder who leaves frees a seat', async () => {
    const t = await erc20({ maxHolders: 2 });
    expect(await t.send(issuer, a.address, 10n)).toBe('ok');
    expect(await t.holders()).toBe(1n);
    expect(await t.send(issuer, b.address, 10n)).toBe('ok');
    expect(await t.holders()).toBe(2n);
    expect(await t.send(issuer, c.address, 10n)).toBe(code('max-holders'));
    // An existing holder may still receive, and moving between holders keeps the count.
    expect(await t.send(a, b.address, 5n)).toBe('ok');
    expect(await t.holders()).toBe(2n);
    expect(await t.send(a, issuer.address, 5n)).toBe('ok');
    expect(await t.holders()).toBe(1n);
    expect(await t.send(issuer, c.address, 10n)).toBe('ok');
    expect(await t.holders()).toBe(2n);
  });

  it('lock-up (3): what a holder acquired may leave only once the lock-up has passed', async () => {
    const t = await erc20({ lockupSeconds: 3600n });
    expect(await t.send(issuer, a.address, 10n)).toBe('ok');
    const locked = await read<bigint>(compliance('lockedUntil', [t.token, a.address]));
    expect(locked).toBe((await node.now()) + 3600n);
    expect(await t.send(a, b.address, 1n)).toBe(code('locked-up'));
    await node.travel(3000);
    expect(await t.send(a, b.address, 1n)).toBe(code('locked-up'));
    await node.travel(601);
    expect(await t.send(a, b.address, 1n)).toBe('ok');
    // b's own lock-up started with that transfer; the treasury is never locked up.
    expect(await t.send(b, c.address, 1n)).toBe(code('locked-up'));
  });

  it('supply cap (13): issuance to investors stops at the cap and resumes when tokens return to the treasury', async () => {
    const t = await erc20({ supplyCap: 100n });
    expect(await t.send(issuer, a.address, 60n)).toBe('ok');
    expect(await t.send(issuer, b.address, 41n)).toBe(code('supply-cap'));
    expect(await t.send(issuer, b.address, 40n)).toBe('ok');
    expect(await t.circulating()).toBe(100n);
    // Between investors the cap does not apply: nothing new is in investors' hands.
    expect(await t.send(a, b.address, 10n)).toBe('ok');
    expect(await t.send(a, issuer.address, 20n)).toBe('ok');
    expect(await t.circulating()).toBe(80n);
    expect(await t.send(issuer, c.address, 20n)).toBe('ok');
  });

  it('order: a transfer breaking every receiver rule gets the first code, then the next as each rule is lifted', async () => {
    const t = await erc20();
    expect(await t.send(issuer, b.address, 5n)).toBe('ok'); // one holder, 5 in circulation
    const check = (rules: Partial<Rules>, amount = 4n) =>
      node
        .write(issuer, compliance('setRules', [t.token, { ...NO_RULES, ...rules }]))
        .then(() => read<number>(compliance('check', [t.token, issuer.address, a.address, amount])));
    // a: France, not accredited, holding nothing. Each step lifts the rule the previous one hit.
    const all: Partial<Rules> = {
      allowedCountries: [country('DEU')],
      blockedCountries: [country('FRA')],
      accreditedOnly: true,
      minAcquisition: 5n,
      maxAcquisition: 3n,
      maxBalance: 3n,
      maxHolders: 1,
      supplyCap: 8n,
    };
    const steps: Array<[keyof Rules, unknown, number]> = [
      ['allowedCountries', [], 6],
      ['blockedCountries', [], 7],
      ['accreditedOnly', false, 8],
      ['minAcquisition', 0n, 9],
      ['maxAcquisition', 0n, 10],
      ['maxBalance', 0n, 11],
      ['maxHolders', 0, 12],
      ['supplyCap', 0n, 13],
    ];
    let rules = { ...all };
    for (const [rule, lifted, expected] of steps) {
      expect(await check(rules)).toBe(expected);
      rules = { ...rules, [rule]: lifted };
    }
    expect(await check(rules)).toBe(0);
    // Sender rules come first: paused, then an unverified sender, whatever the receiver.
    await node.write(issuer, compliance('setPaused', [t.token, true]));
    expect(await read(compliance('check', [t.token, unverified.address, unverified.address, 1n]))).toBe(1);
    await node.write(issuer, compliance('setPaused', [t.token, false]));
    expect(await read(compliance('check', [t.token, unverified.address, unverified.address, 1n]))).toBe(2);
  });

  it('pause (1): the issuer or the platform pauses every ordinary transfer; strangers cannot', async () => {
    const t = await erc20();
    await t.send(issuer, a.address, 10n);
    expect(await outcome(stranger, compliance('setPaused', [t.token, true]))).toBe(
      `NotTokenAdmin(${t.token},${stranger.address})`,
    );
    const receipt = await node.write(issuer, compliance('setPaused', [t.token, true]));
    expect(parseEventLogs({ abi: complianceAbi, eventName: 'Paused', logs: receipt.logs })[0]?.args).toEqual({
      token: t.token,
      by: issuer.address,
    });
    expect(await read(t.at('paused', []))).toBe(true);
    expect(await t.send(a, b.address, 1n)).toBe(code('paused'));
    expect(await t.send(issuer, b.address, 1n)).toBe(code('paused'));
    expect(await outcome(platform, compliance('setPaused', [t.token, false]))).toBe('ok');
    expect(await t.send(a, b.address, 1n)).toBe('ok');
  });

  it('admin-only: rules, freezes, forced transfers, recoveries and agent accounts refuse strangers; a token binds once', async () => {
    const t = await erc20();
    await t.send(issuer, a.address, 10n);
    expect(await outcome(stranger, compliance('setRules', [t.token, NO_RULES]))).toBe(
      `NotTokenAdmin(${t.token},${stranger.address})`,
    );
    for (const call of [
      t.at('setFrozenTokens', [a.address, 1n]),
      t.at('forcedTransfer', [a.address, b.address, 1n]),
      t.at('recoverWallet', [a.address, a2.address]),
    ]) {
      expect(await outcome(a, call)).toBe(`NotTokenAdmin(${a.address})`);
    }
    expect(await outcome(stranger, compliance('setAgentAccount', [stranger.address, true]))).toBe(
      `OwnableUnauthorizedAccount(${stranger.address})`,
    );
    expect(await outcome(stranger, compliance('bind', [stranger.address]))).toBe('ok');
    expect(await outcome(stranger, compliance('bind', [stranger.address]))).toBe(
      `AlreadyBound(${stranger.address})`,
    );
    // Binding itself makes no one else's admin: the stranger's "token" is its own.
    expect(await read(compliance('isTokenAdmin', [t.token, stranger.address]))).toBe(false);
  });

  it('partial freeze (4): the frozen part stays, the rest moves', async () => {
    const t = await erc20();
    await t.send(issuer, a.address, 100n);
    const receipt = await node.write(issuer, t.at('setFrozenTokens', [a.address, 70n]));
    expect(
      parseEventLogs({ abi: assetToken20Abi, eventName: 'Frozen', logs: receipt.logs })[0]?.args,
    ).toEqual({
      account: a.address,
      amount: 70n,
    });
    expect(await t.send(a, b.address, 31n)).toBe(code('frozen'));
    expect(await t.send(a, b.address, 30n)).toBe('ok');
    expect(await t.send(a, b.address, 1n)).toBe(code('frozen'));
    expect(await read(t.at('holdingOf', [a.address]))).toEqual([70n, 70n]);
  });

  it('forced transfer: takes unfrozen tokens first and lowers the frozen amount only by what it had to take', async () => {
    const t = await erc20();
    await t.send(issuer, a.address, 100n);
    await node.write(issuer, t.at('setFrozenTokens', [a.address, 70n]));
    let receipt = await node.write(platform, t.at('forcedTransfer', [a.address, b.address, 20n]));
    expect(parseEventLogs({ abi: assetToken20Abi, eventName: 'Frozen', logs: receipt.logs })).toHaveLength(0);
    expect([await t.balance(a.address), await t.frozen(a.address)]).toEqual([80n, 70n]);
    receipt = await node.write(issuer, t.at('forcedTransfer', [a.address, issuer.address, 30n]));
    expect(
      parseEventLogs({ abi: assetToken20Abi, eventName: 'Frozen', logs: receipt.logs })[0]?.args,
    ).toEqual({
      account: a.address,
      amount: 50n,
    });
    expect(
      parseEventLogs({ abi: assetToken20Abi, eventName: 'ForcedTransfer', logs: receipt.logs })[0]?.args,
    ).toEqual({ from: a.address, to: issuer.address, amount: 30n });
    expect([await t.balance(a.address), await t.frozen(a.address)]).toEqual([50n, 50n]);
    expect(await outcome(issuer, t.at('forcedTransfer', [a.address, unverified.address, 1n]))).toBe(
      `ERC7943CannotTransact(${unverified.address})`,
    );
    // The rules do not apply to a forced transfer (the token is paused), the books still do.
    await node.write(issuer, compliance('setPaused', [t.token, true]));
    expect(await outcome(issuer, t.at('forcedTransfer', [a.address, c.address, 50n]))).toBe('ok');
    expect(await t.holders()).toBe(2n); // b and c
  });

  it('recovery: only to a wallet of the same identity, moving balance, frozen amount and lock-up', async () => {
    const t = await erc20({ lockupSeconds: 1000n });
    await t.send(issuer, a.address, 100n);
    await node.write(issuer, t.at('setFrozenTokens', [a.address, 30n]));
    const locked = await read<bigint>(compliance('lockedUntil', [t.token, a.address]));
    expect(await outcome(issuer, t.at('recoverWallet', [a.address, b.address]))).toBe(
      `NotSameIdentity(${a.address},${b.address})`,
    );
    expect(await outcome(issuer, t.at('recoverWallet', [a.address, unverified.address]))).toBe(
      `NotSameIdentity(${a.address},${unverified.address})`,
    );
    expect(await outcome(issuer, t.at('recoverWallet', [a.address, a2.address]))).toBe('ok');
    expect(await read(t.at('holdingOf', [a2.address]))).toEqual([100n, 30n]);
    expect(await read(t.at('holdingOf', [a.address]))).toEqual([0n, 0n]);
    expect(await read(compliance('lockedUntil', [t.token, a2.address]))).toBe(locked);
    expect(await read(compliance('lockedUntil', [t.token, a.address]))).toBe(0n);
    expect(await t.holders()).toBe(1n);
    // Give it back for the other tests.
    await node.write(issuer, t.at('recoverWallet', [a2.address, a.address]));
  });

  it('ERC-721: items freeze one by one; a forced transfer unfreezes the item it moves; recovery takes the listed items', async () => {
    const token = await node.deploy(issuer, {
      abi: assetToken721Abi,
      bytecode: assetToken721Bytecode,
      args: ['Vineyard Plots', 'VPL', 10n, issuer.address, 'https://portal.test/items/', fixture.compliance],
    });
    const at = (functionName: string, args: readonly unknown[]) =>
      ({ address: token, abi: assetToken721Abi, functionName, args }) as Call;
    for (const id of [1n, 2n, 3n])
      await node.write(issuer, at('transferFrom', [issuer.address, a.address, id]));
    expect(await outcome(issuer, at('transferFrom', [issuer.address, unverified.address, 4n]))).toBe(
      code('not-verified'),
    );
    expect(await read(compliance('holderCount', [token]))).toBe(1n);
    expect(await outcome(issuer, at('setFrozenTokens', [a.address, 4n, true]))).toBe(
      `ERC721IncorrectOwner(${a.address},4,${issuer.address})`,
    );
    await node.write(issuer, at('setFrozenTokens', [a.address, 1n, true]));
    expect(await read(at('getFrozenTokens', [a.address, 1n]))).toBe(true);
    expect(await read(at('holdingOf', [a.address]))).toEqual([3n, 1n]);
    expect(await outcome(a, at('transferFrom', [a.address, b.address, 1n]))).toBe(code('frozen'));
    expect(await read(at('canTransfer', [a.address, b.address, 1n]))).toBe(false);
    expect(await outcome(a, at('transferFrom', [a.address, b.address, 2n]))).toBe('ok');
    const receipt = await node.write(platform, at('forcedTransfer', [a.address, issuer.address, 1n]));
    expect(
      parseEventLogs({ abi: assetToken721Abi, eventName: 'Frozen', logs: receipt.logs })[0]?.args,
    ).toEqual({
      account: a.address,
      tokenId: 1n,
      frozenStatus: false,
    });
    await node.write(issuer, at('setFrozenTokens', [a.address, 3n, true]));
    await node.write(issuer, at('transferFrom', [issuer.address, a.address, 5n]));
    expect(await outcome(issuer, at('recoverWallet', [a.address, a2.address, [3n]]))).toBe(
      `RecoveryIncomplete(${a.address},1)`,
    );
    expect(await outcome(issuer, at('recoverWallet', [a.address, a2.address, [3n, 5n]]))).toBe('ok');
    expect(await read(at('ownerOf', [3n]))).toBe(a2.address);
    expect(await read(at('getFrozenTokens', [a2.address, 3n]))).toBe(true);
    expect(await read(at('holdingOf', [a2.address]))).toEqual([2n, 1n]);
    expect(await read(compliance('holderCount', [token]))).toBe(2n); // b and a2
  });

  it('ERC-1155: the rules and the partial freeze apply to TOKEN_ID', async () => {
    const token = await node.deploy(issuer, {
      abi: assetToken1155Abi,
      bytecode: assetToken1155Bytecode,
      args: ['Solar Shares', 'SOL1', 1_000n, issuer.address, 'https://portal.test/m', fixture.compliance],
    });
    const at = (functionName: string, args: readonly unknown[]) =>
      ({ address: token, abi: assetToken1155Abi, functionName, args }) as Call;
    await node.write(
      issuer,
      compliance('setRules', [token, { ...NO_RULES, blockedCountries: [country('DEU')] }]),
    );
    const send = (from: PrivateKeyAccount, to: Address, amount: bigint) =>
      outcome(from, at('safeTransferFrom', [from.address, to, 1n, amount, '0x']));
    expect(await send(issuer, d.address, 1n)).toBe(code('country-blocked'));
    expect(await send(issuer, a.address, 10n)).toBe('ok');
    await node.write(issuer, at('setFrozenTokens', [a.address, 1n, 8n]));
    expect(await send(a, b.address, 3n)).toBe(code('frozen'));
    expect(await send(a, b.address, 2n)).toBe('ok');
    // A batch counts as one acquisition of its total.
    await node.write(issuer, compliance('setRules', [token, { ...NO_RULES, maxAcquisition: 10n }]));
    expect(
      await outcome(
        issuer,
        at('safeBatchTransferFrom', [issuer.address, c.address, [1n, 1n], [6n, 6n], '0x']),
      ),
    ).toBe(code('above-maximum'));
    expect(
      await outcome(
        issuer,
        at('safeBatchTransferFrom', [issuer.address, c.address, [1n, 1n], [5n, 5n], '0x']),
      ),
    ).toBe('ok');
    await node.write(issuer, at('forcedTransfer', [a.address, issuer.address, 1n, 3n]));
    expect(await read(at('getFrozenTokens', [a.address, 1n]))).toBe(5n);
    expect(await read(compliance('circulating', [token]))).toBe(17n);
    expect(await read(compliance('holderCount', [token]))).toBe(3n); // a, b, c
  });

  it('a receiving contract cannot use a forced transfer to move tokens past the rules; an ordinary one checks its re-entry', async () => {
    const token = await node.deploy(issuer, {
      abi: assetToken1155Abi,
      bytecode: assetToken1155Bytecode,
      args: ['Solar Shares', 'SOL1', 1_000n, issuer.address, '', fixture.compliance],
    });
    const receiver = await node.deploy(stranger, {
      abi: reentrantReceiverAbi,
      bytecode: reentrantReceiverBytecode,
    });
    await fixture.verify(receiver);
    const at = (functionName: string, args: readonly unknown[]) =>
      ({ address: receiver, abi: reentrantReceiverAbi, functionName, args }) as Call;
    const escape = encodeFunctionData({
      abi: assetToken1155Abi,
      functionName: 'safeTransferFrom',
      args: [receiver, unverified.address, 1n, 1n, '0x'],
    });
    await node.write(stranger, at('arm', [token, escape, 0n, false]));
    await node.write(issuer, {
      address: token,
      abi: assetToken1155Abi,
      functionName: 'forcedTransfer',
      args: [issuer.address, receiver, 1n, 5n],
    });
    expect(await read(at('attempts', []))).toBe(0n); // no receiver hook ran while the rules were off
    await node.write(issuer, {
      address: token,
      abi: assetToken1155Abi,
      functionName: 'safeTransferFrom',
      args: [issuer.address, receiver, 1n, 1n, '0x'],
    });
    expect([await read(at('attempts', [])), await read(at('successes', []))]).toEqual([1n, 0n]);
    const refusal = decodeErrorResult({ abi: errors, data: await read<Hex>(at('lastError', [])) });
    expect(`${refusal.errorName}(${refusal.args?.join(',')})`).toBe(code('not-verified'));
    expect(
      await read({
        address: token,
        abi: assetToken1155Abi,
        functionName: 'balanceOf',
        args: [unverified.address, 1n],
      }),
    ).toBe(0n);
  });

  it('escrow: deposits and returns are exempt; delivery to an ineligible recipient reverts with the code', async () => {
    const t = await erc20({ blockedCountries: [country('DEU')] });
    await node.write(issuer, t.at('approve', [escrow, 10n]));
    const deadline = (await node.now()) + 3600n;
    await node.write(issuer, {
      address: escrow,
      abi: listingEscrowAbi,
      functionName: 'createListingERC20',
      args: [t.token, 10n, 1n, 1n, deadline],
    });
    const listingId = await read<bigint>({
      address: escrow,
      abi: listingEscrowAbi,
      functionName: 'listingCount',
    });
    const buy = (recipient: Address, amount: bigint) =>
      outcome(a, {
        address: escrow,
        abi: listingEscrowAbi,
        functionName: 'buy',
        args: [listingId, amount, recipient],
        value: amount,
      });
    expect(await buy(unverified.address, 1n)).toBe(code('not-verified'));
    expect(await buy(d.address, 1n)).toBe(code('country-blocked'));
    expect(await buy(b.address, 2n)).toBe('ok');
    expect(await t.balance(b.address)).toBe(2n);
    expect(
      await outcome(issuer, {
        address: escrow,
        abi: listingEscrowAbi,
        functionName: 'cancel',
        args: [listingId],
      }),
    ).toBe('ok');
    expect(await t.balance(issuer.address)).toBe(998n);
    expect(await t.circulating()).toBe(2n);
  });

  it('ERC-165: each token answers its ERC-7943 interface id (computed from the ERC text here) and stays under EIP-170', async () => {
    const id = (signatures: string[]) =>
      toHex(
        signatures
          .map((s) => Number.parseInt(toFunctionSelector(s).slice(2), 16))
          .reduce((x, y) => (x ^ y) >>> 0),
        { size: 4 },
      );
    const fungible = id([
      'forcedTransfer(address,address,uint256)',
      'setFrozenTokens(address,uint256)',
      'canTransact(address)',
      'getFrozenTokens(address)',
      'canTransfer(address,address,uint256)',
    ]);
    const nonFungible = id([
      'forcedTransfer(address,address,uint256)',
      'setFrozenTokens(address,uint256,bool)',
      'canTransact(address)',
      'getFrozenTokens(address,uint256)',
      'canTransfer(address,address,uint256)',
    ]);
    const multi = id([
      'forcedTransfer(address,address,uint256,uint256)',
      'setFrozenTokens(address,uint256,uint256)',
      'canTransact(address)',
      'getFrozenTokens(address,uint256)',
      'canTransfer(address,address,uint256,uint256)',
    ]);
    const t20 = (await erc20()).token;
    const t721 = await node.deploy(issuer, {
      abi: assetToken721Abi,
      bytecode: assetToken721Bytecode,
      args: ['V', 'V', 1n, issuer.address, '', fixture.compliance],
    });
    const t1155 = await node.deploy(issuer, {
      abi: assetToken1155Abi,
      bytecode: assetToken1155Bytecode,
      args: ['S', 'S', 1n, issuer.address, '', fixture.compliance],
    });
    const supports = (address: Address, abi: Abi, interfaceId: Hex) =>
      read<boolean>({ address, abi, functionName: 'supportsInterface', args: [interfaceId] });
    for (const [address, abi, own] of [
      [t20, assetToken20Abi, fungible],
      [t721, assetToken721Abi, nonFungible],
      [t1155, assetToken1155Abi, multi],
    ] as const) {
      expect(await supports(address, abi, own)).toBe(true);
      expect(await supports(address, abi, '0x01ffc9a7')).toBe(true);
      expect(await supports(address, abi, '0xffffffff')).toBe(false);
      for (const other of [fungible, nonFungible, multi].filter((x) => x !== own)) {
        expect(await supports(address, abi, other)).toBe(false);
      }
      const code = await node.publicClient.getCode({ address });
      expect((code!.length - 2) / 2).toBeLessThanOrEqual(EIP170);
    }
    expect(await supports(t721, assetToken721Abi, '0x80ac58cd')).toBe(true); // ERC-721
    expect(await supports(t1155, assetToken1155Abi, '0xd9b67a26')).toBe(true); // ERC-1155
  });
});
