import {
  decodeErrorResult,
  encodeFunctionData,
  parseEther,
  parseEventLogs,
  parseUnits,
  type Address,
  type Hex,
  type PrivateKeyAccount,
  zeroAddress,
} from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { assetToken1155Abi, assetToken1155Bytecode } from '@portal/contracts/asset-token1155';
import { assetToken20Abi, assetToken20Bytecode } from '@portal/contracts/asset-token20';
import { assetToken721Abi, assetToken721Bytecode } from '@portal/contracts/asset-token721';
import { listingEscrowAbi, listingEscrowBytecode } from '@portal/contracts/listing-escrow';
import { paymentRecorderAbi, paymentRecorderBytecode } from '@portal/contracts/payment-recorder';
import {
  reentrantReceiverAbi,
  reentrantReceiverBytecode,
} from '@portal/contracts/testing/reentrant-receiver';
import { revertErrorName } from './chain.js';
import { bareNode, type BareNode } from './testing/bare-node.js';
import { complianceFixture, type ComplianceFixture } from './testing/compliance-fixture.js';

const WHOLE = 10n ** 18n;
const PRICE = parseEther('0.001');
const HOUR = 3600;

/** Every custom error the contracts in play can raise, wherever in the call it came from. */
const errors = [
  ...listingEscrowAbi,
  ...assetToken20Abi,
  ...assetToken721Abi,
  ...assetToken1155Abi,
  ...paymentRecorderAbi,
].filter((item) => item.type === 'error');
const reasonOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'no revert',
    (error: unknown) => revertErrorName(error, errors) ?? String(error),
  );
const decodeError = (data: Hex) =>
  data === '0x' ? 'none' : decodeErrorResult({ abi: errors, data }).errorName;

describe('ListingEscrow', () => {
  let node: BareNode;
  let seller: PrivateKeyAccount;
  let buyer: PrivateKeyAccount;
  let recipient: PrivateKeyAccount;
  let escrow: Address;
  let erc20: Address;
  let erc721: Address;
  let erc1155: Address;
  let rules: ComplianceFixture;

  const read = node_read;
  function node_read<const F extends 'remaining' | 'getListing' | 'listingCount'>(
    functionName: F,
    args: F extends 'listingCount' ? [] : [bigint],
  ) {
    return node.publicClient.readContract({
      address: escrow,
      abi: listingEscrowAbi,
      functionName,
      args,
    } as never) as Promise<
      F extends 'getListing' ? { seller: Address; sold: bigint; amount: bigint; cancelled: boolean } : bigint
    >;
  }
  const escrowCall = (
    from: PrivateKeyAccount,
    functionName: string,
    args: readonly unknown[],
    value?: bigint,
  ) => node.write(from, { address: escrow, abi: listingEscrowAbi, functionName, args, value });
  const balance20 = (owner: Address) =>
    node.publicClient.readContract({
      address: erc20,
      abi: assetToken20Abi,
      functionName: 'balanceOf',
      args: [owner],
    });
  const balance1155 = (owner: Address) =>
    node.publicClient.readContract({
      address: erc1155,
      abi: assetToken1155Abi,
      functionName: 'balanceOf',
      args: [owner, 1n],
    });
  const owner721 = (id: bigint) =>
    node.publicClient.readContract({
      address: erc721,
      abi: assetToken721Abi,
      functionName: 'ownerOf',
      args: [id],
    });
  const ethOf = (address: Address) => node.publicClient.getBalance({ address });
  const deadline = async (seconds = HOUR) => (await node.now()) + BigInt(seconds);
  /** The id the next createListing* call will get. */
  const nextListingId = async () => (await read('listingCount', [])) + 1n;

  async function list20(amount: bigint, from = seller, seconds = HOUR) {
    await node.write(from, {
      address: erc20,
      abi: assetToken20Abi,
      functionName: 'approve',
      args: [escrow, amount * WHOLE],
    });
    const id = await nextListingId();
    await escrowCall(from, 'createListingERC20', [erc20, amount, WHOLE, PRICE, await deadline(seconds)]);
    return id;
  }

  beforeAll(async () => {
    node = await bareNode(4);
    const [deployer] = node.accounts;
    [, seller, buyer, recipient] = node.accounts as [
      PrivateKeyAccount,
      PrivateKeyAccount,
      PrivateKeyAccount,
      PrivateKeyAccount,
    ];
    escrow = await node.deploy(deployer!, { abi: listingEscrowAbi, bytecode: listingEscrowBytecode });
    // The tokens are compliant: the escrow is an agent account, buyers and recipients are verified.
    rules = await complianceFixture(node, deployer!, [escrow]);
    for (const account of [buyer, recipient]) await rules.verify(account.address);
    erc20 = await node.deploy(seller, {
      abi: assetToken20Abi,
      bytecode: assetToken20Bytecode,
      args: ['Harbour Bond', 'HBD', 18, 1_000_000n * WHOLE, seller.address, rules.compliance],
    });
    erc721 = await node.deploy(seller, {
      abi: assetToken721Abi,
      bytecode: assetToken721Bytecode,
      args: [
        'Vineyard Plots',
        'VPL',
        20n,
        seller.address,
        'https://portal.test/api/tokens/x/items/',
        rules.compliance,
      ],
    });
    erc1155 = await node.deploy(seller, {
      abi: assetToken1155Abi,
      bytecode: assetToken1155Bytecode,
      args: ['Solar Shares', 'SOL1', 1_000n, seller.address, 'https://portal.test/m', rules.compliance],
    });
    await node.write(seller, {
      address: erc721,
      abi: assetToken721Abi,
      functionName: 'setApprovalForAll',
      args: [escrow, true],
    });
    await node.write(seller, {
      address: erc1155,
      abi: assetToken1155Abi,
      functionName: 'setApprovalForAll',
      args: [escrow, true],
    });
  });

  it('ERC-20: sells whole tokens for exactly amount × price, paying the seller and delivering to the recipient', async () => {
    const id = await list20(100n);
    expect(await read('getListing', [id])).toMatchObject({
      seller: seller.address,
      amount: 100n,
      sold: 0n,
      cancelled: false,
    });
    expect(await balance20(escrow)).toBe(100n * WHOLE);

    const sellerBefore = await ethOf(seller.address);
    const receipt = await escrowCall(buyer, 'buy', [id, 3n, recipient.address], 3n * PRICE);
    const [purchased] = parseEventLogs({ abi: listingEscrowAbi, eventName: 'Purchased', logs: receipt.logs });
    expect(purchased?.args).toEqual({
      listingId: id,
      buyer: buyer.address,
      recipient: recipient.address,
      amount: 3n,
      paid: 3n * PRICE,
      remaining: 97n,
    });
    expect(await balance20(recipient.address)).toBe(3n * WHOLE);
    expect(await ethOf(seller.address)).toBe(sellerBefore + 3n * PRICE);
    expect(await read('remaining', [id])).toBe(97n);
    expect(await balance20(escrow)).toBe(97n * WHOLE);
    expect(await ethOf(escrow)).toBe(0n);
  });

  it('refuses a payment that is not exactly amount × price, a zero amount and more than remains', async () => {
    const id = await list20(10n);
    const attempt = (amount: bigint, value: bigint) =>
      reasonOf(escrowCall(buyer, 'buy', [id, amount, buyer.address], value));
    expect(await attempt(2n, 2n * PRICE - 1n)).toBe('WrongPayment');
    expect(await attempt(2n, 2n * PRICE + 1n)).toBe('WrongPayment');
    expect(await attempt(0n, 0n)).toBe('ZeroAmount');
    expect(await attempt(11n, 11n * PRICE)).toBe('InsufficientTokens');
    expect(
      await reasonOf(escrowCall(buyer, 'buy', [id, 1n, '0x0000000000000000000000000000000000000000'], PRICE)),
    ).toBe('ZeroAddress');
    expect(await attempt(1n, PRICE)).toBe('no revert');
    expect(await attempt(10n, 10n * PRICE)).toBe('InsufficientTokens');
    expect(await attempt(9n, 9n * PRICE)).toBe('no revert');
    expect(await attempt(1n, PRICE)).toBe('InsufficientTokens');
    expect(await read('remaining', [id])).toBe(0n);
    expect(await reasonOf(escrowCall(buyer, 'buy', [999n, 1n, buyer.address], PRICE))).toBe(
      'ListingNotFound',
    );
  });

  it('refuses listings without tokens, price or a future deadline', async () => {
    const now = await node.now();
    expect(
      await reasonOf(escrowCall(seller, 'createListingERC20', [erc20, 0n, WHOLE, PRICE, now + 100n])),
    ).toBe('ZeroAmount');
    expect(await reasonOf(escrowCall(seller, 'createListingERC20', [erc20, 1n, WHOLE, 0n, now + 100n]))).toBe(
      'ZeroPrice',
    );
    expect(await reasonOf(escrowCall(seller, 'createListingERC20', [erc20, 1n, 0n, PRICE, now + 100n]))).toBe(
      'InvalidUnit',
    );
    expect(await reasonOf(escrowCall(seller, 'createListingERC20', [erc20, 1n, WHOLE, PRICE, now]))).toBe(
      'DeadlineInPast',
    );
    // Without an approval the tokens cannot be pulled.
    expect(
      await reasonOf(escrowCall(buyer, 'createListingERC20', [erc20, 1n, WHOLE, PRICE, now + 100n])),
    ).toBe('ERC20InsufficientAllowance');
  });

  it('stops selling at the deadline; the seller still withdraws everything unsold', async () => {
    const id = await list20(5n, seller, 60);
    await escrowCall(buyer, 'buy', [id, 1n, buyer.address], PRICE);
    await node.travel(61);
    expect(await reasonOf(escrowCall(buyer, 'buy', [id, 1n, buyer.address], PRICE))).toBe('ListingExpired');
    const before = await balance20(seller.address);
    await escrowCall(seller, 'cancel', [id]);
    expect(await balance20(seller.address)).toBe(before + 4n * WHOLE);
  });

  it('lets only the seller cancel, returns exactly the unsold tokens once, and sells nothing after', async () => {
    const id = await list20(8n);
    await escrowCall(buyer, 'buy', [id, 3n, buyer.address], 3n * PRICE);
    expect(await reasonOf(escrowCall(buyer, 'cancel', [id]))).toBe('NotSeller');
    const before = await balance20(seller.address);
    const receipt = await escrowCall(seller, 'cancel', [id]);
    const [cancelled] = parseEventLogs({
      abi: listingEscrowAbi,
      eventName: 'ListingCancelled',
      logs: receipt.logs,
    });
    expect(cancelled?.args).toEqual({ listingId: id, returned: 5n });
    expect(await balance20(seller.address)).toBe(before + 5n * WHOLE);
    expect(await read('remaining', [id])).toBe(0n);
    expect(await reasonOf(escrowCall(seller, 'cancel', [id]))).toBe('ListingClosed');
    expect(await reasonOf(escrowCall(buyer, 'buy', [id, 1n, buyer.address], PRICE))).toBe('ListingClosed');
  });

  it('keeps listings of the same token apart: one never hands out what another holds', async () => {
    const a = await list20(2n);
    const b = await list20(3n);
    const held = await balance20(escrow);
    await escrowCall(buyer, 'buy', [a, 2n, buyer.address], 2n * PRICE);
    expect(await reasonOf(escrowCall(buyer, 'buy', [a, 1n, buyer.address], PRICE))).toBe(
      'InsufficientTokens',
    );
    const before = await balance20(seller.address);
    await escrowCall(seller, 'cancel', [a]);
    expect(await balance20(seller.address)).toBe(before);
    await escrowCall(seller, 'cancel', [b]);
    expect(await balance20(seller.address)).toBe(before + 3n * WHOLE);
    expect(await balance20(escrow)).toBe(held - 5n * WHOLE);
  });

  it('ERC-721: delivers the next unsold ids in deposit order and returns the rest on cancel', async () => {
    const id = await nextListingId();
    await escrowCall(seller, 'createListingERC721', [erc721, [3n, 1n, 2n, 7n], PRICE, await deadline()]);
    const contract = { address: escrow, abi: listingEscrowAbi } as const;
    expect(
      await node.publicClient.readContract({ ...contract, functionName: 'itemIds', args: [id] }),
    ).toEqual([3n, 1n, 2n, 7n]);
    expect(
      await node.publicClient.readContract({ ...contract, functionName: 'nextItemIds', args: [id, 2n] }),
    ).toEqual([3n, 1n]);
    expect(
      await reasonOf(
        node.publicClient.readContract({ ...contract, functionName: 'nextItemIds', args: [id, 5n] }),
      ),
    ).toBe('InsufficientTokens');
    await escrowCall(buyer, 'buy', [id, 2n, recipient.address], 2n * PRICE);
    expect([await owner721(3n), await owner721(1n)]).toEqual([recipient.address, recipient.address]);
    expect(
      await node.publicClient.readContract({ ...contract, functionName: 'nextItemIds', args: [id, 1n] }),
    ).toEqual([2n]);
    expect(await owner721(2n)).toBe(escrow);
    await escrowCall(seller, 'cancel', [id]);
    expect([await owner721(2n), await owner721(7n)]).toEqual([seller.address, seller.address]);
    // An id deposited twice, or one the seller does not own, is refused.
    expect(
      await reasonOf(escrowCall(seller, 'createListingERC721', [erc721, [4n, 4n], PRICE, await deadline()])),
    ).toBe('ERC721IncorrectOwner');
    expect(
      await reasonOf(escrowCall(seller, 'createListingERC721', [erc721, [3n], PRICE, await deadline()])),
    ).toBe('ERC721InsufficientApproval');
  });

  it('ERC-1155: sells and returns amounts of the fungible id; refuses tokens sent to it directly', async () => {
    const id = await nextListingId();
    await escrowCall(seller, 'createListingERC1155', [erc1155, 1n, 100n, PRICE, await deadline()]);
    await escrowCall(buyer, 'buy', [id, 7n, recipient.address], 7n * PRICE);
    expect(await balance1155(recipient.address)).toBe(7n);
    expect(await balance1155(escrow)).toBe(93n);
    await escrowCall(seller, 'cancel', [id]);
    expect(await balance1155(seller.address)).toBe(1_000n - 7n);
    const stray = node.write(seller, {
      address: erc1155,
      abi: assetToken1155Abi,
      functionName: 'safeTransferFrom',
      args: [seller.address, escrow, 1n, 1n, '0x'],
    });
    expect(await reasonOf(stray)).toBe('UnexpectedDeposit');
    expect(await balance1155(escrow)).toBe(0n);
  });

  describe('a malicious receiver calling back into the escrow', () => {
    let attacker: Address;
    const GUARD = 'ReentrancyGuardReentrantCall';
    const attack = (functionName: string, args: readonly unknown[]) =>
      node.publicClient.readContract({
        address: attacker,
        abi: reentrantReceiverAbi,
        functionName,
        args,
      } as never) as Promise<never>;
    const arm = (data: Hex, value: bigint, bubble: boolean) =>
      node.write(buyer, {
        address: attacker,
        abi: reentrantReceiverAbi,
        functionName: 'arm',
        args: [escrow, data, value, bubble],
      });
    /** The attacker buys for itself, with ETH it was given. */
    const attackerBuys = (listingId: bigint, amount: bigint) =>
      node.write(buyer, {
        address: attacker,
        abi: reentrantReceiverAbi,
        functionName: 'execute',
        args: [
          escrow,
          amount * PRICE,
          encodeFunctionData({
            abi: listingEscrowAbi,
            functionName: 'buy',
            args: [listingId, amount, attacker],
          }),
        ],
        value: amount * PRICE,
      });
    const buyData = (listingId: bigint) =>
      encodeFunctionData({ abi: listingEscrowAbi, functionName: 'buy', args: [listingId, 1n, attacker] });
    const cancelData = (listingId: bigint) =>
      encodeFunctionData({ abi: listingEscrowAbi, functionName: 'cancel', args: [listingId] });
    const lastError = async () => decodeError(await attack('lastError', []));

    beforeAll(async () => {
      attacker = await node.deploy(buyer, { abi: reentrantReceiverAbi, bytecode: reentrantReceiverBytecode });
      await rules.verify(attacker);
      await node.wallet(buyer).sendTransaction({ to: attacker, value: parseEther('1') });
    });

    it('onERC721Received re-entering buy: the whole purchase reverts when the failure bubbles', async () => {
      const id = await nextListingId();
      await escrowCall(seller, 'createListingERC721', [erc721, [10n, 11n, 12n], PRICE, await deadline()]);
      await arm(buyData(id), PRICE, true);
      expect(await reasonOf(attackerBuys(id, 1n))).toBe(GUARD);
      expect(await read('remaining', [id])).toBe(3n);
      expect(await owner721(10n)).toBe(escrow);
    });

    it('onERC721Received re-entering buy or cancel: a swallowed failure leaves exactly one purchase', async () => {
      const id = await nextListingId();
      await escrowCall(seller, 'createListingERC721', [erc721, [13n, 14n, 15n], PRICE, await deadline()]);
      for (const data of [buyData(id), cancelData(id)]) {
        const sellerBefore = await ethOf(seller.address);
        await arm(data, data === buyData(id) ? PRICE : 0n, false);
        await attackerBuys(id, 1n);
        expect(await lastError()).toBe(GUARD);
        expect(await ethOf(seller.address)).toBe(sellerBefore + PRICE);
      }
      expect(await attack('successes', [])).toBe(0n);
      expect([await owner721(13n), await owner721(14n), await owner721(15n)]).toEqual([
        attacker,
        attacker,
        escrow,
      ]);
      expect(await read('remaining', [id])).toBe(1n);
      expect(await ethOf(escrow)).toBe(0n);
    });

    it('onERC1155Received re-entering buy or cancel fails', async () => {
      const id = await nextListingId();
      await escrowCall(seller, 'createListingERC1155', [erc1155, 1n, 10n, PRICE, await deadline()]);
      await arm(cancelData(id), 0n, true);
      expect(await reasonOf(attackerBuys(id, 2n))).toBe(GUARD);
      await arm(buyData(id), PRICE, false);
      await attackerBuys(id, 2n);
      expect(await lastError()).toBe(GUARD);
      expect(await balance1155(attacker)).toBe(2n);
      expect(await read('remaining', [id])).toBe(8n);
    });

    it("a seller's receive() re-entering on payment fails; the sale and the listing stay consistent", async () => {
      // The attacker is now the seller: it is given two tokens and lists them itself.
      await node.write(buyer, {
        address: attacker,
        abi: reentrantReceiverAbi,
        functionName: 'arm',
        args: [zeroAddress, '0x', 0n, false],
      });
      await node.write(seller, {
        address: erc1155,
        abi: assetToken1155Abi,
        functionName: 'safeTransferFrom',
        args: [seller.address, attacker, 1n, 2n, '0x'],
      });
      const held = await balance1155(attacker);
      const exec = (to: Address, data: Hex) =>
        node.write(buyer, {
          address: attacker,
          abi: reentrantReceiverAbi,
          functionName: 'execute',
          args: [to, 0n, data],
        });
      await exec(
        erc1155,
        encodeFunctionData({
          abi: assetToken1155Abi,
          functionName: 'setApprovalForAll',
          args: [escrow, true],
        }),
      );
      const id = await nextListingId();
      await exec(
        escrow,
        encodeFunctionData({
          abi: listingEscrowAbi,
          functionName: 'createListingERC1155',
          args: [erc1155, 1n, 2n, PRICE, await deadline()],
        }),
      );
      expect(await balance1155(attacker)).toBe(held - 2n);
      await arm(cancelData(id), 0n, true);
      expect(await reasonOf(escrowCall(recipient, 'buy', [id, 1n, recipient.address], PRICE))).toBe(GUARD);
      await arm(cancelData(id), 0n, false);
      const before = await balance1155(recipient.address);
      await escrowCall(recipient, 'buy', [id, 1n, recipient.address], PRICE);
      expect(await lastError()).toBe(GUARD);
      expect(await balance1155(recipient.address)).toBe(before + 1n);
      expect(await read('remaining', [id])).toBe(1n);
    });

    it('PaymentRecorder: a payee calling pay again with the same reference gets AlreadyPaid', async () => {
      const recorder = await node.deploy(buyer, {
        abi: paymentRecorderAbi,
        bytecode: paymentRecorderBytecode,
      });
      const ref = `0x${'ab'.repeat(32)}` as Hex;
      const again = encodeFunctionData({
        abi: paymentRecorderAbi,
        functionName: 'pay',
        args: [ref, attacker],
      });
      await node.write(buyer, {
        address: attacker,
        abi: reentrantReceiverAbi,
        functionName: 'arm',
        args: [recorder, again, 1n, false],
      });
      const payeeBefore = await ethOf(attacker);
      await node.write(buyer, {
        address: recorder,
        abi: paymentRecorderAbi,
        functionName: 'pay',
        args: [ref, attacker],
        value: PRICE,
      });
      expect(await lastError()).toBe('AlreadyPaid');
      expect(await ethOf(attacker)).toBe(payeeBefore + PRICE);
    });
  });
});

describe('PaymentRecorder', () => {
  it('forwards the payment, records it once under its reference and refuses a second or empty one', async () => {
    const node = await bareNode(2);
    const [payer, payee] = node.accounts as [PrivateKeyAccount, PrivateKeyAccount];
    const recorder = await node.deploy(payer, { abi: paymentRecorderAbi, bytecode: paymentRecorderBytecode });
    const contract = { address: recorder, abi: paymentRecorderAbi } as const;
    const ref = `0x${'01'.repeat(32)}` as Hex;
    expect(await node.publicClient.readContract({ ...contract, functionName: 'paid', args: [ref] })).toBe(
      false,
    );
    const before = await node.publicClient.getBalance({ address: payee.address });
    const receipt = await node.write(payer, {
      ...contract,
      functionName: 'pay',
      args: [ref, payee.address],
      value: parseUnits('2', 15),
    });
    const [payment] = parseEventLogs({ abi: paymentRecorderAbi, eventName: 'Payment', logs: receipt.logs });
    expect(payment?.args).toEqual({
      ref,
      payer: payer.address,
      payee: payee.address,
      amount: parseUnits('2', 15),
    });
    expect(await node.publicClient.getBalance({ address: payee.address })).toBe(before + parseUnits('2', 15));
    expect(await node.publicClient.readContract({ ...contract, functionName: 'paid', args: [ref] })).toBe(
      true,
    );
    expect(
      await node.publicClient.readContract({ ...contract, functionName: 'payments', args: [ref] }),
    ).toEqual([payer.address, payee.address, parseUnits('2', 15)]);
    const again = node.write(payer, {
      ...contract,
      functionName: 'pay',
      args: [ref, payee.address],
      value: 1n,
    });
    expect(await reasonOf(again)).toBe('AlreadyPaid');
    const empty = node.write(payer, {
      ...contract,
      functionName: 'pay',
      args: [`0x${'02'.repeat(32)}`, payee.address],
    });
    expect(await reasonOf(empty)).toBe('ZeroPayment');
  });
});
