import {
  createWalletClient,
  custom,
  encodeFunctionData,
  parseEther,
  parseEventLogs,
  type Address,
  type PrivateKeyAccount,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { soulBoundTokenAbi } from '@portal/contracts/soul-bound-token';
import type { Database } from '../../db/client.js';
import { createTestDatabase } from '../../test/test-database.js';
import { revertErrorName, type ChainPort } from '../../providers/chain/chain.js';
import { SoulBoundTokens } from './soul-bound-token.js';
import { embeddedChainOn } from '../../providers/chain/testing/test-chain.js';

const ERC5192 = '0xb45a3c0e';
const ERC721 = '0x80ac58cd';
const ERC165 = '0x01ffc9a7';

describe('SoulBoundToken contract', () => {
  let database: Database;
  let chain: ChainPort;
  let tokens: SoulBoundTokens;

  /** An investor account with gas money, sending its own signed transactions. */
  async function investor() {
    const account = privateKeyToAccount(generatePrivateKey());
    await chain.fund(account.address, parseEther('1'));
    return account;
  }

  const reasonOf = async (promise: Promise<unknown>) =>
    promise.then(
      () => 'no revert',
      (error: unknown) => revertErrorName(error) ?? String(error),
    );

  /** Sends `call` as `from` without simulating first, so a revert lands on chain as a failed transaction. */
  async function sendAs(from: PrivateKeyAccount, data: `0x${string}`) {
    const wallet = createWalletClient({
      account: from,
      chain: chain.chain,
      transport: custom(chain.provider),
    });
    const request = await wallet.prepareTransactionRequest({ to: tokens.address, data, gas: 200_000n });
    const hash = await chain.sendRawTransaction(await wallet.signTransaction(request));
    return chain.waitForReceipt(hash);
  }

  const simulateAs = (from: Address, functionName: string, args: readonly unknown[]) =>
    chain.publicClient.simulateContract({
      account: from,
      address: tokens.address,
      abi: soulBoundTokenAbi,
      functionName,
      args,
    } as never);

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ chain } = await embeddedChainOn(database).open());
    tokens = new SoulBoundTokens(chain);
  });
  afterAll(async () => {
    await chain.close();
    await database.close();
  });

  it('advertises ERC-5192, ERC-721 and ERC-165, and nothing it does not implement', async () => {
    const supports = (id: `0x${string}`) =>
      chain.publicClient.readContract({
        address: tokens.address,
        abi: soulBoundTokenAbi,
        functionName: 'supportsInterface',
        args: [id],
      });
    expect(await supports(ERC5192)).toBe(true);
    expect(await supports(ERC721)).toBe(true);
    expect(await supports(ERC165)).toBe(true);
    expect(await supports('0xffffffff')).toBe(false);
    expect(await supports('0x780e9d63')).toBe(false); // ERC721Enumerable
  });

  it('mints sequential, locked tokens that point at their credential', async () => {
    const [a, b] = [await investor(), await investor()];
    const first = await tokens.mint(a.address, 'ipfs://bafkreia');
    const second = await tokens.mint(b.address, 'ipfs://bafkreib');
    expect(second.tokenId).toBe(first.tokenId + 1n);
    expect(await tokens.ownerOf(first.tokenId)).toBe(a.address);
    expect(await tokens.tokenOf(a.address)).toBe(first.tokenId);
    expect(await tokens.tokenOf(privateKeyToAccount(generatePrivateKey()).address)).toBe(0n);
    expect(await tokens.tokenURI(first.tokenId)).toBe('ipfs://bafkreia');
    expect(await tokens.locked(first.tokenId)).toBe(true);

    const receipt = await chain.waitForReceipt(first.txHash);
    const events = parseEventLogs({ abi: soulBoundTokenAbi, logs: receipt.logs });
    expect(events.map((event) => event.eventName)).toEqual(['Transfer', 'Locked']);
  });

  it('starts token ids at 1 on a fresh deployment', async () => {
    const fresh = await createTestDatabase();
    const { chain: other } = await embeddedChainOn(fresh).open();
    try {
      const minted = await new SoulBoundTokens(other).mint(
        privateKeyToAccount(generatePrivateKey()).address,
        'ipfs://x',
      );
      expect(minted.tokenId).toBe(1n);
    } finally {
      await other.close();
      await fresh.close();
    }
  });

  it('refuses a second token for the same address', async () => {
    const holder = await investor();
    const { tokenId } = await tokens.mint(holder.address, 'ipfs://bafkreione');
    expect(await reasonOf(tokens.mint(holder.address, 'ipfs://bafkreitwo'))).toBe('AlreadyHoldsToken');
    expect(await tokens.tokenOf(holder.address)).toBe(tokenId);
    expect(await tokens.tokenURI(tokenId)).toBe('ipfs://bafkreione');
  });

  it('reverts every transfer and approval, even when the holder signs it', async () => {
    const holder = await investor();
    const other = await investor();
    const { tokenId } = await tokens.mint(holder.address, 'ipfs://bafkreiheld');
    const calls = [
      ['transferFrom', [holder.address, other.address, tokenId]],
      ['safeTransferFrom', [holder.address, other.address, tokenId]],
      ['safeTransferFrom', [holder.address, other.address, tokenId, '0x']],
      ['approve', [other.address, tokenId]],
      ['setApprovalForAll', [other.address, true]],
    ] as const;
    for (const [functionName, args] of calls) {
      expect(await reasonOf(simulateAs(holder.address, functionName, args))).toBe('Soulbound');
    }
    // Sent for real: mined as a failed transaction, the token stays where it is.
    const receipt = await sendAs(
      holder,
      encodeFunctionData({
        abi: soulBoundTokenAbi,
        functionName: 'transferFrom',
        args: [holder.address, other.address, tokenId],
      }),
    );
    expect(receipt.status).toBe('reverted');
    expect(await tokens.ownerOf(tokenId)).toBe(holder.address);
    expect(await tokens.tokenOf(other.address)).toBe(0n);
  });

  it('lets only the minter role mint, and never with an empty URI', async () => {
    const outsider = await investor();
    expect(await reasonOf(simulateAs(outsider.address, 'mint', [outsider.address, 'ipfs://x']))).toBe(
      'AccessControlUnauthorizedAccount',
    );
    const receipt = await sendAs(
      outsider,
      encodeFunctionData({
        abi: soulBoundTokenAbi,
        functionName: 'mint',
        args: [outsider.address, 'ipfs://x'],
      }),
    );
    expect(receipt.status).toBe('reverted');
    expect(await reasonOf(tokens.mint(outsider.address, ''))).toBe('EmptyTokenURI');
    expect(await tokens.tokenOf(outsider.address)).toBe(0n);
  });

  it('lets only the issuer revoke: the token is burnt with a Revoked event, and the holder may get a new one', async () => {
    const holder = await investor();
    const { tokenId } = await tokens.mint(holder.address, 'ipfs://bafkreirevoked');
    expect(await reasonOf(simulateAs(holder.address, 'revoke', [tokenId]))).toBe(
      'AccessControlUnauthorizedAccount',
    );
    const receipt = await chain.waitForReceipt(await tokens.sendRevoke(tokenId));
    const events = parseEventLogs({ abi: soulBoundTokenAbi, logs: receipt.logs });
    expect(events.map((event) => event.eventName)).toEqual(['Transfer', 'Revoked']);
    expect(events[1]!.args).toEqual({ tokenId, holder: holder.address });
    expect(await reasonOf(tokens.ownerOf(tokenId))).toBe('ERC721NonexistentToken');
    expect(await tokens.tokenOf(holder.address)).toBe(0n);
    expect(await reasonOf(tokens.sendRevoke(tokenId))).toBe('ERC721NonexistentToken');
    const again = await tokens.mint(holder.address, 'ipfs://bafkreinew');
    expect(again.tokenId).toBeGreaterThan(tokenId);
  });

  it('answers locked() only for tokens that exist', async () => {
    expect(await reasonOf(tokens.locked(10_000n))).toBe('ERC721NonexistentToken');
  });
});
