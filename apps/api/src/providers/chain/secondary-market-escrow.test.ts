import {
  encodeFunctionData,
  maxUint256,
  parseEther,
  toHex,
  type Address,
  type Hex,
  type PrivateKeyAccount,
  zeroAddress,
} from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { assetToken1155Abi, assetToken1155Bytecode } from '@portal/contracts/asset-token1155';
import { assetToken20Abi, assetToken20Bytecode } from '@portal/contracts/asset-token20';
import { complianceAbi } from '@portal/contracts/compliance';
import { listingEscrowAbi, listingEscrowBytecode } from '@portal/contracts/listing-escrow';
import {
  reentrantReceiverAbi,
  reentrantReceiverBytecode,
} from '@portal/contracts/testing/reentrant-receiver';
import { ELIGIBILITY_REASONS } from '@portal/shared/compliance';
import { bareNode, outcome as outcomeOf, type BareNode, type Call } from './testing/bare-node.js';
import { complianceFixture, type ComplianceFixture } from './testing/compliance-fixture.js';

/**
 * The secondary market's escrow (ADR 75): the listing escrow's code deployed once more, made a
 * Compliance agent account after its birth (as on a chain that already had Compliance), trading
 * investors' compliant tokens. The escrow's own mechanics are proved in listing-escrow.test.ts; this
 * file proves what investor orders add: the seller's rules at posting, the buyer's at the swap, the
 * boundaries of a fill, and re-entry through tokens and ETH with the rules on.
 */
const errors = [...assetToken20Abi, ...assetToken1155Abi, ...complianceAbi, ...listingEscrowAbi].filter(
  (item) => item.type === 'error',
);
const code = (reason: (typeof ELIGIBILITY_REASONS)[number]) =>
  `TransferNotCompliant(${ELIGIBILITY_REASONS.indexOf(reason) + 1})`;
const PRICE = 10n ** 15n;
const NO_RULES = {
  allowedCountries: [] as Hex[],
  blockedCountries: [toHex('DEU', { size: 3 })],
  accreditedOnly: false,
  maxHolders: 0,
  maxBalance: 0n,
  minAcquisition: 0n,
  maxAcquisition: 0n,
  lockupSeconds: 0n,
  supplyCap: 0n,
};

describe('the secondary market escrow with compliant tokens', () => {
  let node: BareNode;
  let platform: PrivateKeyAccount, issuer: PrivateKeyAccount;
  /** Verified investors in France: seller, buyer, other; blocked is in Germany (blocked by the rules). */
  let seller: PrivateKeyAccount,
    buyer: PrivateKeyAccount,
    other: PrivateKeyAccount,
    blocked: PrivateKeyAccount;
  let unverified: PrivateKeyAccount;
  let escrow: Address;
  let fixture: ComplianceFixture;
  let token: Address;

  const outcome = (from: PrivateKeyAccount, call: Call) => outcomeOf(node, errors, from, call);
  const read = <T>(call: Call) => node.publicClient.readContract(call as never) as Promise<T>;
  const at = (functionName: string, args: readonly unknown[], value?: bigint): Call => ({
    address: escrow,
    abi: listingEscrowAbi,
    functionName,
    args,
    ...(value === undefined ? {} : { value }),
  });
  const erc20 = (functionName: string, args: readonly unknown[]): Call => ({
    address: token,
    abi: assetToken20Abi,
    functionName,
    args,
  });
  const balance = (owner: Address) => read<bigint>(erc20('balanceOf', [owner]));
  const eth = (owner: Address) => node.publicClient.getBalance({ address: owner });
  const deadline = async () => (await node.now()) + 3600n;
  /** A seller posts `amount` tokens at PRICE: the outcome and the listing id it would get. */
  async function post(from: PrivateKeyAccount, amount: bigint, price = PRICE) {
    await node.write(from, erc20('approve', [escrow, amount]));
    const id = (await read<bigint>(at('listingCount', []))) + 1n;
    return {
      id,
      result: await outcome(from, at('createListingERC20', [token, amount, 1n, price, await deadline()])),
    };
  }
  const buy = (
    from: PrivateKeyAccount,
    id: bigint,
    amount: bigint,
    value = amount * PRICE,
    to = from.address,
  ) => outcome(from, at('buy', [id, amount, to], value));

  beforeAll(async () => {
    node = await bareNode(8);
    [platform, issuer, seller, buyer, other, blocked, unverified] = node.accounts as [
      PrivateKeyAccount,
      PrivateKeyAccount,
      PrivateKeyAccount,
      PrivateKeyAccount,
      PrivateKeyAccount,
      PrivateKeyAccount,
      PrivateKeyAccount,
    ];
    fixture = await complianceFixture(node, platform, []);
    // Deployed after Compliance and made an agent by the platform, as on an existing chain.
    escrow = await node.deploy(platform, { abi: listingEscrowAbi, bytecode: listingEscrowBytecode });
    await node.write(platform, {
      address: fixture.compliance,
      abi: complianceAbi,
      functionName: 'setAgentAccount',
      args: [escrow, true],
    });
    for (const investor of [seller, buyer, other]) await fixture.verify(investor.address);
    await fixture.verify(blocked.address, { country: 'DEU' });
    token = await node.deploy(issuer, {
      abi: assetToken20Abi,
      bytecode: assetToken20Bytecode,
      args: ['Harbour Bond', 'HBD', 0, 1_000n, issuer.address, fixture.compliance],
    });
    await node.write(issuer, {
      address: fixture.compliance,
      abi: complianceAbi,
      functionName: 'setRules',
      args: [token, NO_RULES],
    });
    for (const investor of [seller, other])
      await node.write(issuer, erc20('transfer', [investor.address, 20n]));
  });

  it('posting checks the seller: an unverified, frozen or locked-up seller cannot lock tokens', async () => {
    expect((await post(unverified, 5n)).result).toBe(code('sender-not-verified'));
    await node.write(issuer, erc20('setFrozenTokens', [other.address, 18n]));
    expect((await post(other, 5n)).result).toBe(code('frozen'));
    await node.write(issuer, erc20('setFrozenTokens', [other.address, 0n]));
    await node.write(issuer, {
      address: fixture.compliance,
      abi: complianceAbi,
      functionName: 'setRules',
      args: [token, { ...NO_RULES, lockupSeconds: 600n }],
    });
    await node.write(issuer, erc20('transfer', [other.address, 1n])); // a new acquisition starts the lock-up
    expect((await post(other, 5n)).result).toBe(code('locked-up'));
    await node.write(issuer, {
      address: fixture.compliance,
      abi: complianceAbi,
      functionName: 'setRules',
      args: [token, NO_RULES],
    });
    await node.travel(601);
    expect(await balance(escrow)).toBe(0n);
  });

  it('a buyer the rules refuse reverts the whole swap: no ETH moves, the order is untouched', async () => {
    const { id, result } = await post(seller, 10n);
    expect(result).toBe('ok');
    const before = [await eth(seller.address), await read<bigint>(at('remaining', [id]))];
    expect(await buy(blocked, id, 1n)).toBe(code('country-blocked'));
    expect(await buy(buyer, id, 1n, PRICE, unverified.address)).toBe(code('not-verified'));
    expect([await eth(seller.address), await read<bigint>(at('remaining', [id]))]).toEqual(before);
    expect(await balance(blocked.address)).toBe(0n);
  });

  it('fills in parts up to exactly what remains; zero, one over and an overflowing price are refused', async () => {
    const id = (await read<bigint>(at('listingCount', [])))!; // the order posted above: 10 at PRICE
    const sellerEth = await eth(seller.address);
    expect(await buy(buyer, id, 3n)).toBe('ok');
    expect(await buy(buyer, id, 0n, 0n)).toBe('ZeroAmount()');
    expect(await buy(buyer, id, 8n)).toBe('InsufficientTokens(8,7)');
    expect(await buy(buyer, id, 7n, 7n * PRICE - 1n)).toBe(`WrongPayment(${7n * PRICE},${7n * PRICE - 1n})`);
    expect(await buy(buyer, id, 7n)).toBe('ok');
    expect(await buy(buyer, id, 1n)).toBe('InsufficientTokens(1,0)');
    expect(await eth(seller.address)).toBe(sellerEth + 10n * PRICE);
    expect(await balance(buyer.address)).toBe(10n);
    // price × amount beyond 2^256 reverts with the arithmetic panic, never a wrapped, cheap price.
    const huge = await post(seller, 2n, maxUint256 / 2n + 1n);
    expect(huge.result).toBe('ok');
    expect(await buy(buyer, huge.id, 2n, 0n)).toMatch(/Panic\(17\)|overflow/i);
    expect(await outcome(seller, at('cancel', [huge.id]))).toBe('ok');
  });

  it('two orders of one token: cancelling or expiring one never releases what the other locks', async () => {
    const first = await post(seller, 4n);
    const second = await post(seller, 3n);
    expect(await balance(escrow)).toBe(7n);
    expect(await outcome(buyer, at('cancel', [first.id]))).toBe('NotSeller()');
    expect(await outcome(seller, at('cancel', [first.id]))).toBe('ok');
    expect(await outcome(seller, at('cancel', [first.id]))).toBe(`ListingClosed(${first.id})`);
    expect(await balance(escrow)).toBe(3n);
    expect(await buy(buyer, first.id, 1n)).toBe(`ListingClosed(${first.id})`);
    await node.travel(3601);
    expect(await buy(buyer, second.id, 1n)).toMatch(/^ListingExpired/);
    const sellerTokens = await balance(seller.address);
    expect(await outcome(seller, at('cancel', [second.id]))).toBe('ok');
    expect(await balance(seller.address)).toBe(sellerTokens + 3n);
    expect(await balance(escrow)).toBe(0n);
  });

  it('re-entry with the rules on: through ERC-1155 receipt and through ETH receipt, the guard holds', async () => {
    const GUARD = 'ReentrancyGuardReentrantCall()';
    const attacker = await node.deploy(buyer, {
      abi: reentrantReceiverAbi,
      bytecode: reentrantReceiverBytecode,
    });
    await fixture.verify(attacker);
    await node.wallet(buyer).sendTransaction({ to: attacker, value: parseEther('1') });
    const share = await node.deploy(issuer, {
      abi: assetToken1155Abi,
      bytecode: assetToken1155Bytecode,
      args: ['Solar Shares', 'SOL1', 1_000n, issuer.address, '', fixture.compliance],
    });
    const call = (functionName: string, args: readonly unknown[], value = 0n) =>
      node.write(buyer, { address: attacker, abi: reentrantReceiverAbi, functionName, args, value });
    const id = (await read<bigint>(at('listingCount', []))) + 1n;
    await node.write(issuer, {
      address: share,
      abi: assetToken1155Abi,
      functionName: 'forcedTransfer',
      args: [issuer.address, seller.address, 1n, 10n],
    });
    await node.write(seller, {
      address: share,
      abi: assetToken1155Abi,
      functionName: 'setApprovalForAll',
      args: [escrow, true],
    });
    await node.write(seller, at('createListingERC1155', [share, 1n, 10n, PRICE, await deadline()]));
    const buyData = encodeFunctionData({
      abi: listingEscrowAbi,
      functionName: 'buy',
      args: [id, 1n, attacker],
    });
    const attackerBuys = (amount: bigint) =>
      outcome(buyer, {
        address: attacker,
        abi: reentrantReceiverAbi,
        functionName: 'execute',
        args: [
          escrow,
          amount * PRICE,
          encodeFunctionData({ abi: listingEscrowAbi, functionName: 'buy', args: [id, amount, attacker] }),
        ],
      });
    // ERC-1155 receipt re-entering buy: the whole swap reverts when the failure bubbles.
    await call('arm', [escrow, buyData, PRICE, true]);
    expect(await attackerBuys(2n)).toBe(GUARD);
    expect(await read<bigint>(at('remaining', [id]))).toBe(10n);
    // ETH receipt: the attacker sells, and re-enters buy when paid; the swallowed failure leaves one sale.
    await call('arm', [zeroAddress, '0x', 0n, false]);
    expect(await attackerBuys(2n)).toBe('ok');
    const own = (await read<bigint>(at('listingCount', []))) + 1n;
    await call('execute', [
      share,
      0n,
      encodeFunctionData({ abi: assetToken1155Abi, functionName: 'setApprovalForAll', args: [escrow, true] }),
    ]);
    await call('execute', [
      escrow,
      0n,
      encodeFunctionData({
        abi: listingEscrowAbi,
        functionName: 'createListingERC1155',
        args: [share, 1n, 2n, PRICE, await deadline()],
      }),
    ]);
    await call('arm', [
      escrow,
      encodeFunctionData({ abi: listingEscrowAbi, functionName: 'buy', args: [own, 1n, attacker] }),
      PRICE,
      false,
    ]);
    expect(await buy(other, own, 1n)).toBe('ok');
    expect(await read<bigint>(at('remaining', [own]))).toBe(1n);
    expect(
      await read<bigint>({
        address: attacker,
        abi: reentrantReceiverAbi,
        functionName: 'successes',
        args: [],
      }),
    ).toBe(0n);
    expect(await eth(escrow)).toBe(0n);
  });
});
