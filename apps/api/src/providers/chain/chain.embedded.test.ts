import { and, asc, eq } from 'drizzle-orm';
import { createWalletClient, custom, keccak256, parseEther, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { chainJournal } from '../../db/schema/index.js';
import { createTestDatabase } from '../../test/test-database.js';
import { ChainReplayError, type ChainPort } from './chain.js';
import { SoulBoundTokens } from '../../modules/chains/soul-bound-token.js';
import { embeddedChainOn } from './testing/test-chain.js';

const newAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address;

describe('embedded chain', () => {
  let database: Database;
  let chains: ChainPort[];
  let boot: ReturnType<typeof embeddedChainOn>;

  const open = async () => {
    const opened = await boot.open();
    chains.push(opened.chain);
    return opened;
  };
  const journal = () =>
    database.db
      .select()
      .from(chainJournal)
      .where(eq(chainJournal.chainId, 31337))
      .orderBy(asc(chainJournal.seq));

  beforeEach(async () => {
    database = await createTestDatabase();
    chains = [];
    boot = embeddedChainOn(database);
  });
  afterEach(async () => {
    for (const chain of chains) await chain.close();
    await database.close();
  });

  it('boots with funded platform and faucet accounts and deploys the platform contracts once', async () => {
    const { chain, replayed } = await open();
    expect(replayed).toBe(0);
    expect(chain.kind).toBe('embedded');
    expect(await chain.publicClient.getChainId()).toBe(31337);
    const sbt = chain.contractAddress('soulBoundToken');
    expect(await chain.publicClient.getCode({ address: sbt })).toMatch(/^0x[0-9a-f]{100,}$/);
    expect(await chain.publicClient.getBalance({ address: chain.platformAddress })).toBeGreaterThan(
      parseEther('1000'),
    );
    const rows = await journal();
    const platform = {
      soulBoundToken: sbt,
      listingEscrow: chain.contractAddress('listingEscrow'),
      paymentRecorder: chain.contractAddress('paymentRecorder'),
      identityRegistry: chain.contractAddress('identityRegistry'),
      compliance: chain.contractAddress('compliance'),
      // Test USD, on the embedded chain only (ADR 70).
      testStablecoin: chain.contractAddress('testStablecoin'),
      // The listing escrow's second instance, for investors' sell orders (ADR 75).
      secondaryMarket: chain.contractAddress('secondaryMarket'),
    };
    expect(rows.map((row) => row.contractAddress)).toEqual(
      Object.values(platform).map((address) => address.toLowerCase()),
    );
    expect(rows[0]).toMatchObject({ seq: 1, contractAddress: sbt.toLowerCase(), blockNumber: 1 });

    // Idempotent: the recorded addresses are reused, nothing new is sent.
    expect(await chain.deployPlatformContracts()).toEqual(platform);
    expect(await journal()).toHaveLength(7);
  });

  it('rebuilds identical transactions, receipts and token state after a restart', async () => {
    const first = await open();
    const holder = newAddress();
    const minted = await new SoulBoundTokens(first.chain).mint(holder, 'ipfs://bafkreiexample');
    const receipt = await first.chain.publicClient.getTransactionReceipt({ hash: minted.txHash });
    const block = await first.chain.publicClient.getBlockNumber();
    await first.chain.close();

    const second = await open();
    expect(second.replayed).toBe(8); // the seven platform contracts and the mint
    const again = await second.chain.publicClient.getTransactionReceipt({ hash: minted.txHash });
    expect(again).toEqual(receipt);
    expect(await second.chain.publicClient.getBlockNumber()).toBe(block);
    const tokens = new SoulBoundTokens(second.chain);
    expect(tokens.address).toBe(first.chain.contractAddress('soulBoundToken'));
    expect(await tokens.ownerOf(minted.tokenId)).toBe(holder);
    expect(await tokens.tokenURI(minted.tokenId)).toBe('ipfs://bafkreiexample');

    // The chain carries on where it stopped: next nonce, next block, next token id.
    const next = await tokens.mint(newAddress(), 'ipfs://bafkreinext');
    expect(next.tokenId).toBe(minted.tokenId + 1n);
    expect(next.blockNumber).toBe(block + 1n);
  });

  it('stamps blocks with the clock and keeps timestamps strictly increasing', async () => {
    const { chain } = await open();
    const start = Math.floor(boot.clock.now().getTime() / 1000);
    const first = await chain.waitForReceipt((await chain.fund(newAddress()))!);
    const second = await chain.waitForReceipt((await chain.fund(newAddress()))!);
    boot.clock.advance(3_600_000);
    const third = await chain.waitForReceipt((await chain.fund(newAddress()))!);
    const time = async (n: bigint) =>
      Number((await chain.publicClient.getBlock({ blockNumber: n })).timestamp);
    expect(await time(first.blockNumber)).toBeGreaterThanOrEqual(start);
    expect(await time(second.blockNumber)).toBe((await time(first.blockNumber)) + 1);
    expect(await time(third.blockNumber)).toBe(start + 3600);
  });

  it('auto-fuel tops an address up to the faucet amount, once', async () => {
    const { chain } = await open();
    const address = newAddress();
    const hash = await chain.fund(address);
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect((await chain.waitForReceipt(hash!)).status).toBe('success');
    expect(await chain.publicClient.getBalance({ address })).toBe(parseEther('0.1'));
    expect(await chain.fund(address)).toBeUndefined();
    await chain.fund(address, parseEther('0.25'));
    expect(await chain.publicClient.getBalance({ address })).toBe(parseEther('0.25'));
    expect(await chain.fund(address, 0n)).toBeUndefined();
  });

  it('serialises concurrent sends: the journal order is the chain order', async () => {
    const { chain } = await open();
    const tokens = new SoulBoundTokens(chain);
    const results = await Promise.all([
      ...Array.from({ length: 5 }, (_, i) => tokens.mint(newAddress(), `ipfs://bafkrei${i}`)),
      ...Array.from({ length: 5 }, () => chain.fund(newAddress())),
    ]);
    expect(results.every(Boolean)).toBe(true);
    const rows = await journal();
    const sent = 7 + 10; // the platform contracts, then the concurrent sends
    expect(rows.map((row) => row.seq)).toEqual(Array.from({ length: sent }, (_, i) => i + 1));
    expect(rows.map((row) => row.blockNumber)).toEqual(Array.from({ length: sent }, (_, i) => i + 1));
    expect(new Set(rows.map((row) => row.blockHash)).size).toBe(sent);
  });

  it('journals transactions signed elsewhere, and leaves no trace of a refused one', async () => {
    const { chain } = await open();
    const owner = privateKeyToAccount(generatePrivateKey());
    await chain.fund(owner.address, parseEther('1'));
    const wallet = createWalletClient({
      account: owner,
      chain: chain.chain,
      transport: custom(chain.provider),
    });
    const request = await wallet.prepareTransactionRequest({ to: newAddress(), value: 1000n });
    const signed = await wallet.signTransaction(request);
    const hash = await chain.sendRawTransaction(signed);
    expect((await chain.waitForReceipt(hash)).from).toBe(owner.address.toLowerCase());
    const before = await journal();
    expect(before.at(-1)).toMatchObject({ txHash: hash, fromAddress: owner.address.toLowerCase() });

    await expect(chain.sendRawTransaction(signed)).rejects.toThrow(/already known/);
    const stale = await wallet.signTransaction({ ...request, value: 2000n });
    await expect(chain.sendRawTransaction(stale)).rejects.toThrow(/nonce/i);
    expect(await journal()).toEqual(before);
  });

  it('refuses state changes that are not signed transactions', async () => {
    const { chain } = await open();
    for (const method of ['evm_mine', 'hardhat_setBalance', 'evm_snapshot', 'eth_sendTransaction']) {
      await expect(chain.provider.request({ method, params: [] })).rejects.toThrow(/not available/);
    }
  });

  it('fails the boot loudly when the journal no longer replays to the same chain', async () => {
    const { chain } = await open();
    await chain.fund(newAddress());
    await chain.close();
    await database.db
      .update(chainJournal)
      .set({ blockTimestamp: 1_800_000_000 })
      .where(and(eq(chainJournal.chainId, 31337), eq(chainJournal.seq, 2)));
    await expect(open()).rejects.toThrow(ChainReplayError);
    await expect(open()).rejects.toThrow(/diverged at journal entry #2/);
  });

  it('replays a journaled transaction that never reported back, and drops one that never ran', async () => {
    const { chain } = await open();
    const sender = privateKeyToAccount(generatePrivateKey());
    await chain.fund(sender.address, parseEther('1'));
    const wallet = createWalletClient({
      account: sender,
      chain: chain.chain,
      transport: custom(chain.provider),
    });
    const request = await wallet.prepareTransactionRequest({ to: newAddress(), value: 5n });
    const pending = await wallet.signTransaction(request);
    const refused = await wallet.signTransaction({ ...request, nonce: request.nonce + 5 });
    await chain.close();

    // A crash between the write-ahead row and the node (pending), and a row the node refused.
    const rows = await journal();
    const last = rows.at(-1)!;
    const entry = (seq: number, raw: Hex, hash: Hex) => ({
      chainId: 31337,
      seq,
      rawTx: raw,
      txHash: hash,
      blockTimestamp: last.blockTimestamp + seq,
    });
    await database.db
      .insert(chainJournal)
      .values([
        entry(last.seq + 1, pending, keccak256(pending)),
        entry(last.seq + 2, refused, keccak256(refused)),
      ]);

    const reopened = await open();
    expect(reopened.replayed).toBe(rows.length + 1);
    const receipt = await reopened.chain.publicClient.getTransactionReceipt({ hash: keccak256(pending) });
    expect(receipt.status).toBe('success');
    const after = await journal();
    expect(after).toHaveLength(rows.length + 1);
    expect(after.at(-1)).toMatchObject({ txHash: keccak256(pending), blockHash: receipt.blockHash });
  });

  it('refuses to send when another process has appended to the same journal', async () => {
    const a = await open();
    const b = await open();
    await a.chain.fund(newAddress());
    const target = newAddress();
    await expect(b.chain.fund(target)).rejects.toThrow(/one process only/);
    expect(await b.chain.publicClient.getBalance({ address: target })).toBe(0n);
  });

  it('links to the explorer', async () => {
    const { chain } = await open();
    const hash = `0x${'ab'.repeat(32)}` as const;
    expect(chain.explorerTxUrl(hash)).toBe(`http://portal.test/explorer/tx/${hash}`);
    expect(chain.explorerAddressUrl(chain.platformAddress)).toBe(
      `http://portal.test/explorer/address/${chain.platformAddress}`,
    );
  });
});
