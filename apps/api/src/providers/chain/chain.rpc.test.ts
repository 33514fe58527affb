import { parseEther, type Hash } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChainConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { chainJournal } from '../../db/schema/index.js';
import { createTestDatabase } from '../../test/test-database.js';
import type { ChainPort } from './chain.js';
import { openRpcChain } from './chain.rpc.js';
import { SoulBoundTokens } from '../../modules/chains/soul-bound-token.js';
import { startJsonRpcNode } from './testing/json-rpc-node.js';
import { silentLog } from './testing/test-chain.js';

describe('rpc chain (against a JSON-RPC node over HTTP)', () => {
  const platformKey = generatePrivateKey();
  const platform = privateKeyToAccount(platformKey);
  const genesis = {
    chainId: 31337,
    genesisAccounts: [{ address: platform.address, balance: parseEther('100') }],
  };
  let database: Database;
  let node: Awaited<ReturnType<typeof startJsonRpcNode>>;
  let chains: ChainPort[];

  const config = (overrides: Partial<Extract<ChainConfig, { kind: 'rpc' }>> = {}) => ({
    kind: 'rpc' as const,
    rpcUrl: node.url,
    expectedChainId: undefined,
    platformPrivateKey: platformKey,
    explorerUrl: 'https://sepolia.etherscan.io',
    faucetAmountWei: 0n,
    replaceAfterMs: 120_000,
    ...overrides,
  });
  const open = async (overrides: Partial<Extract<ChainConfig, { kind: 'rpc' }>> = {}) => {
    const chain = await openRpcChain({ config: config(overrides), db: database.db, log: silentLog });
    chains.push(chain);
    return chain;
  };

  beforeEach(async () => {
    database = await createTestDatabase();
    node = await startJsonRpcNode(genesis);
    chains = [];
  });
  afterEach(async () => {
    for (const chain of chains) await chain.close();
    await node.close();
    await database.close();
  });

  it('deploys the platform contracts with the configured key and mints through the node', async () => {
    const chain = await open({ expectedChainId: 31337 });
    expect(chain.kind).toBe('rpc');
    expect(chain.platformAddress).toBe(platform.address);
    const holder = privateKeyToAccount(generatePrivateKey()).address;
    const minted = await new SoulBoundTokens(chain).mint(holder, 'ipfs://bafkreirpc');
    expect(await new SoulBoundTokens(chain).ownerOf(minted.tokenId)).toBe(holder);
    expect(chain.explorerTxUrl(minted.txHash)).toBe(`https://sepolia.etherscan.io/tx/${minted.txHash}`);
    // Nothing is journaled: the node keeps its own history.
    expect(await database.db.select().from(chainJournal)).toEqual([]);
  });

  it('sends a stuck mint again with the same nonce and higher fees; the version mined is the one kept', async () => {
    const chain = await open();
    const tokens = new SoulBoundTokens(chain, 1000);
    const holder = privateKeyToAccount(generatePrivateKey()).address;
    // The node stops mining: the mint waits in its pool as an underpriced one would.
    await chain.provider.request({ method: 'evm_setAutomine' as never, params: [false] as never });
    const first = await tokens.sendMint(holder, 'ipfs://bafkreistuck');
    const original = await chain.publicClient.getTransaction({ hash: first });
    const replaced: Hash[] = [];
    const minting = tokens.confirmMint(first, async (hash) => {
      replaced.push(hash);
    });
    await vi.waitFor(() => expect(replaced.length).toBeGreaterThan(0), { timeout: 10_000 });
    const replacement = await chain.publicClient.getTransaction({ hash: replaced.at(-1)! });
    expect(replacement.nonce).toBe(original.nonce);
    expect(replacement.maxFeePerGas! >= (original.maxFeePerGas! * 9n) / 8n).toBe(true);
    expect(replacement.maxPriorityFeePerGas! >= (original.maxPriorityFeePerGas! * 9n) / 8n).toBe(true);
    await chain.provider.request({ method: 'evm_mine' as never, params: [] as never });
    const minted = await minting;
    expect(replaced).toContain(minted.txHash);
    expect(minted.txHash).not.toBe(first);
    expect(await tokens.ownerOf(minted.tokenId)).toBe(holder);
    expect(await tokens.tokenOf(holder)).toBe(minted.tokenId);
    expect(await tokens.transactionOf(minted.tokenId, 'mint')).toBe(minted.txHash);
  }, 30_000);

  it('reuses the recorded contracts on the next start', async () => {
    const first = await open();
    const address = first.contractAddress('soulBoundToken');
    const sent = await first.publicClient.getTransactionCount({ address: platform.address });
    const second = await open();
    expect(second.contractAddress('soulBoundToken')).toBe(address);
    expect(await second.publicClient.getTransactionCount({ address: platform.address })).toBe(sent);
  });

  it('fails the boot when the node is not the configured chain', async () => {
    await expect(open({ expectedChainId: 11155111 })).rejects.toThrow(
      'CHAIN_ID is 11155111, but the node at CHAIN_RPC_URL is chain 31337',
    );
  });

  it('fails the boot when the chain was reset under the recorded contracts', async () => {
    await open();
    await node.close();
    node = await startJsonRpcNode(genesis);
    await expect(open()).rejects.toThrow(/no code there: the chain was reset/);
  });

  it('auto-fuel is off unless an amount is configured, and pays from the platform key', async () => {
    const address = privateKeyToAccount(generatePrivateKey()).address;
    const off = await open();
    expect(await off.fund(address)).toBeUndefined();
    const on = await open({ faucetAmountWei: parseEther('0.01') });
    await on.waitForReceipt((await on.fund(address))!);
    expect(await on.publicClient.getBalance({ address })).toBe(parseEther('0.01'));
  });
});
