import {
  encodeFunctionData,
  parseEther,
  type Address,
  type Hash,
  type Hex,
  type PrivateKeyAccount,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { soulBoundTokenAbi } from '@portal/contracts/soul-bound-token';
import type { Database } from '../../db/client.js';
import { createTestDatabase } from '../../test/test-database.js';
import type { ChainPort } from '../../providers/chain/chain.js';
import { ChainSendsRepo } from '../../providers/chain/chain-sends.repo.js';
import { KeyedSender } from './keyed-sender.js';
import { embeddedChainOn, sendOutcome } from '../../providers/chain/testing/test-chain.js';

const newAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address;

describe('KeyedSender', () => {
  let database: Database;
  let chain: ChainPort;
  let repo: ChainSendsRepo;
  let sender: KeyedSender;
  const failures: string[] = [];

  async function funded(amount = parseEther('1')): Promise<PrivateKeyAccount> {
    const account = privateKeyToAccount(generatePrivateKey());
    if (amount > 0n) await chain.fund(account.address, amount);
    return account;
  }
  const nonceOf = (address: Address) => chain.publicClient.getTransactionCount({ address });
  const balanceOf = (address: Address) => chain.publicClient.getBalance({ address });
  /** The same chain, but broadcasting fails with `message` (a crash, a dropped connection, a refusal). */
  const failingBroadcast = (message: string) =>
    new KeyedSender(
      {
        ...chain,
        chain: chain.chain,
        publicClient: chain.publicClient,
        waitForReceipt: (hash: Hash) => chain.waitForReceipt(hash),
        sendRawTransaction: () => Promise.reject(new Error(message)),
      },
      repo,
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ chain } = await embeddedChainOn(database).open());
    repo = new ChainSendsRepo(database.db);
    sender = new KeyedSender(chain, repo, (chainId, code) => failures.push(`${chainId}:${code}`));
  });
  afterAll(async () => {
    await chain.close();
    await database.close();
  });

  it('sends one transaction per key, however often and however concurrently the key is sent', async () => {
    const from = await funded();
    const to = newAddress();
    const request = { key: 'test:once', from, to, data: '0x' as Hex, value: 1_000n };
    const first = await sender.send(request);
    expect(first.reused).toBe(false);
    expect(await sender.send(request)).toEqual({ hash: first.hash, reused: true });
    const again = await Promise.all(
      Array.from({ length: 5 }, () => sender.send({ ...request, key: 'test:twice' })),
    );
    expect(new Set(again.map((sent) => sent.hash)).size).toBe(1);
    expect(again.filter((sent) => !sent.reused)).toHaveLength(1);
    for (const hash of [first.hash, again[0]!.hash])
      expect((await sender.confirm(hash)).status).toBe('success');
    expect(await nonceOf(from.address)).toBe(2);
    expect(await balanceOf(to)).toBe(2_000n);
    await expect(sender.send({ ...request, value: 5n })).rejects.toThrow(
      /already used for another transaction/,
    );
  });

  it('after a crash between storing and broadcasting, a re-run broadcasts the stored transaction', async () => {
    const from = await funded();
    const to = newAddress();
    const request = { key: 'test:crash', from, to, data: '0x' as Hex, value: 7n };
    await expect(failingBroadcast('socket hang up').send(request)).rejects.toThrow('socket hang up');
    const stored = await repo.find(chain.chain.id, 'test:crash');
    expect(stored).toMatchObject({ status: 'signed', nonce: 0, fromAddress: from.address.toLowerCase() });
    await expect(chain.publicClient.getTransaction({ hash: stored!.txHash as Hash })).rejects.toThrow();

    const rerun = await sender.send(request);
    expect(rerun).toEqual({ hash: stored!.txHash, reused: true });
    expect((await sender.confirm(rerun.hash)).status).toBe('success');
    expect(await balanceOf(to)).toBe(7n);
    expect(await nonceOf(from.address)).toBe(1);
    expect((await repo.find(chain.chain.id, 'test:crash'))?.status).toBe('sent');
  });

  it('a send stored by a crashed run goes out before a later send from the same address', async () => {
    const from = await funded();
    const to = newAddress();
    await failingBroadcast('ECONNRESET')
      .send({ key: 'test:first', from, to, data: '0x', value: 1n })
      .catch(() => {});
    const later = await sender.send({ key: 'test:second', from, to, data: '0x', value: 2n });
    await sender.confirm(later.hash);
    expect((await repo.find(chain.chain.id, 'test:first'))?.status).toBe('sent');
    expect(await balanceOf(to)).toBe(3n);
    expect(await nonceOf(from.address)).toBe(2);
  });

  it('gives concurrent senders from one address distinct nonces, also across processes', async () => {
    const from = await funded();
    const to = newAddress();
    // Two senders with their own in-process queues stand for two processes on one database.
    const other = new KeyedSender(chain, new ChainSendsRepo(database.db));
    const sends = Array.from({ length: 12 }, (_, i) =>
      (i % 2 ? other : sender).send({
        key: `test:concurrent:${i}`,
        from,
        to,
        data: '0x',
        value: BigInt(i + 1),
      }),
    );
    const hashes = (await Promise.all(sends)).map((sent) => sent.hash);
    expect(new Set(hashes).size).toBe(12);
    for (const hash of hashes) expect((await sender.confirm(hash)).status).toBe('success');
    expect(await nonceOf(from.address)).toBe(12);
    expect(await balanceOf(to)).toBe(78n);
  });

  it('refuses before signing when the sender cannot pay, or when the call reverts', async () => {
    failures.length = 0;
    const poor = await funded(0n);
    expect(
      await sendOutcome(
        sender.send({ key: 'test:poor', from: poor, to: newAddress(), data: '0x', value: 1n }),
      ),
    ).toBe('INSUFFICIENT_FUNDS');
    const outsider = await funded();
    const mint = encodeFunctionData({
      abi: soulBoundTokenAbi,
      functionName: 'mint',
      args: [outsider.address, 'ipfs://x'],
    });
    const request = {
      key: 'test:revert',
      from: outsider,
      to: chain.contractAddress('soulBoundToken'),
      data: mint,
    };
    expect(await sendOutcome(sender.send({ ...request, abi: soulBoundTokenAbi }))).toBe(
      'REVERTED:AccessControlUnauthorizedAccount',
    );
    // Each failure is reported once (metrics).
    expect(failures).toEqual([`${chain.chain.id}:INSUFFICIENT_FUNDS`, `${chain.chain.id}:REVERTED`]);
    expect(await repo.find(chain.chain.id, 'test:poor')).toBeUndefined();
    expect(await repo.find(chain.chain.id, 'test:revert')).toBeUndefined();
    expect(await nonceOf(outsider.address)).toBe(0);
  });

  it('a transaction the node refuses for good is marked rejected and the key signs again on the next run', async () => {
    const from = await funded();
    const to = newAddress();
    const request = { key: 'test:refused', from, to, data: '0x' as Hex, value: 3n };
    const refused = failingBroadcast('insufficient funds for gas * price + value').send(request);
    expect(await sendOutcome(refused)).toBe('INSUFFICIENT_FUNDS');
    expect((await repo.find(chain.chain.id, 'test:refused'))?.status).toBe('rejected');
    const retried = await sender.send(request);
    expect(retried.reused).toBe(false);
    await sender.confirm(retried.hash);
    expect(await balanceOf(to)).toBe(3n);
  });
});
