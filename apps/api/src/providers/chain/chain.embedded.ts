import { custom, keccak256, toHex, type Hash, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { Logger } from 'pino';
import type { Clock } from '../../clock.js';
import type { ChainConfig } from '../../config.js';
import type { SecretStore } from '../../secrets/secrets.repo.js';
import { ChainReplayError, type ChainPort } from './chain.js';
import { ChainRepo, type JournalRow } from './chain.repo.js';
import { ViemChain } from './chain.viem.js';
import { AddressLeases } from './address-leases.js';
import { ChainSendsRepo } from './chain-sends.repo.js';
import { createEdrNode, RpcError, type EdrNode } from './edr-node.js';
import { SerialQueue } from './serial-queue.js';
import type { DbOrTx } from '../../db/client.js';

const ETH = 10n ** 18n;
const PLATFORM_GENESIS_BALANCE = 1_000_000n * ETH;
const FAUCET_GENESIS_BALANCE = 1_000_000_000n * ETH;

/**
 * Methods that only read. Anything else that could change state outside a signed transaction
 * (evm_mine, hardhat_setBalance, snapshots) is refused, because the journal could not replay it.
 */
const READ_METHODS = new Set([
  'web3_clientVersion',
  'net_version',
  'net_listening',
  'eth_chainId',
  'eth_syncing',
  'eth_accounts',
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_createAccessList',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_blobBaseFee',
  'eth_getBalance',
  'eth_getCode',
  'eth_getStorageAt',
  'eth_getProof',
  'eth_getTransactionCount',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getTransactionByHash',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionReceipt',
  'eth_getLogs',
  'eth_newFilter',
  'eth_newBlockFilter',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_uninstallFilter',
]);

interface Receipt {
  blockNumber: Hex;
  blockHash: Hex;
  from: string;
  to: string | null;
  contractAddress: string | null;
}

const mined = (receipt: Receipt) => ({
  blockNumber: Number(receipt.blockNumber),
  blockHash: receipt.blockHash,
  fromAddress: receipt.from.toLowerCase(),
  toAddress: receipt.to?.toLowerCase() ?? null,
  contractAddress: receipt.contractAddress?.toLowerCase() ?? null,
});

/**
 * EIP-1193 over the EDR node, where the only way to change state is a signed raw transaction,
 * and each one is written to the journal (write-ahead) before it runs. One block per
 * transaction, its timestamp taken from the clock and journaled, so a replay rebuilds the same
 * block hashes.
 */
export class JournaledNode {
  private readonly queue = new SerialQueue();

  private constructor(
    private readonly node: EdrNode,
    private readonly repo: ChainRepo,
    private readonly chainId: number,
    private readonly clock: Clock,
    private readonly log: Logger,
    private lastSeq: number,
    private lastTimestamp: number,
  ) {}

  /** Replays the journal into a fresh node; throws ChainReplayError when the result differs. */
  static async open(options: {
    node: EdrNode;
    repo: ChainRepo;
    chainId: number;
    clock: Clock;
    log: Logger;
  }): Promise<{ node: JournaledNode; replayed: number }> {
    const { node, repo, chainId } = options;
    let lastSeq = 0;
    let replayed = 0;
    for await (const entry of repo.journal(chainId)) {
      await node.request('evm_setNextBlockTimestamp', [toHex(entry.blockTimestamp)]);
      let hash: unknown;
      try {
        hash = await node.request('eth_sendRawTransaction', [entry.rawTx]);
      } catch (error) {
        if (entry.blockHash === null) {
          // Never marked mined: the node refused it the first time too (same state, same answer).
          await repo.discard(chainId, entry.seq);
          continue;
        }
        throw divergence(entry, `the node refused it (${(error as Error).message})`);
      }
      const receipt = (await node.request('eth_getTransactionReceipt', [hash])) as Receipt;
      if (hash !== entry.txHash) throw divergence(entry, `it came back as ${String(hash)}`);
      if (entry.blockHash === null) {
        await repo.markMined(chainId, entry.seq, mined(receipt));
      } else if (receipt.blockHash !== entry.blockHash) {
        throw divergence(entry, `its block hash is ${receipt.blockHash}, journaled ${entry.blockHash}`);
      }
      lastSeq = entry.seq;
      replayed += 1;
    }
    const latest = (await node.request('eth_getBlockByNumber', ['latest', false])) as { timestamp: Hex };
    return {
      node: new JournaledNode(
        node,
        repo,
        chainId,
        options.clock,
        options.log,
        lastSeq,
        Number(latest.timestamp),
      ),
      replayed,
    };
  }

  readonly request = async ({ method, params }: { method: string; params?: unknown }): Promise<unknown> => {
    const args = Array.isArray(params) ? params : [];
    if (method === 'eth_sendRawTransaction') return this.queue.run(() => this.execute(args[0] as Hex));
    if (!READ_METHODS.has(method))
      throw new RpcError(-32601, `${method} is not available on the embedded chain`);
    return this.node.request(method, args);
  };

  /** Waits for the transaction being executed, if any. */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  private async execute(raw: Hex): Promise<Hash> {
    const seq = this.lastSeq + 1;
    const txHash = keccak256(raw);
    const blockTimestamp = Math.max(Math.floor(this.clock.now().getTime() / 1000), this.lastTimestamp + 1);
    try {
      await this.repo.append({ chainId: this.chainId, seq, txHash, rawTx: raw, blockTimestamp });
    } catch (error) {
      if (await this.repo.isJournaled(this.chainId, txHash).catch(() => false)) {
        throw new RpcError(-32000, 'already known');
      }
      throw new Error(
        `Could not journal transaction ${txHash} as entry #${seq}; the embedded chain runs in one process only`,
        { cause: error },
      );
    }
    let hash: Hash;
    try {
      await this.node.request('evm_setNextBlockTimestamp', [toHex(blockTimestamp)]);
      hash = (await this.node.request('eth_sendRawTransaction', [raw])) as Hash;
    } catch (error) {
      await this.repo.discard(this.chainId, seq).catch((discardError: unknown) => {
        // The entry stays unmined; the next replay gets the same refusal and drops it.
        this.log.warn({ err: discardError, seq }, 'could not discard a refused journal entry');
        this.lastSeq = seq;
      });
      throw error;
    }
    this.lastSeq = seq;
    this.lastTimestamp = blockTimestamp;
    const receipt = (await this.node.request('eth_getTransactionReceipt', [hash])) as Receipt;
    // The raw transaction is already durable; a replay fills these columns in if this write fails.
    await this.repo
      .markMined(this.chainId, seq, mined(receipt))
      .catch((error: unknown) => this.log.warn({ err: error, seq }, 'could not record a mined block'));
    return hash;
  }
}

function divergence(entry: JournalRow, what: string): ChainReplayError {
  return new ChainReplayError(
    `Embedded chain replay diverged at journal entry #${entry.seq} (transaction ${entry.txHash}): ${what}. ` +
      'The chain engine, its settings or the platform keys changed since the journal was written.',
  );
}

const newPrivateKey = () => Buffer.from(generatePrivateKey().slice(2), 'hex');

/**
 * The embedded default: an in-process chain whose genesis funds the platform and faucet accounts
 * (keys generated once and kept encrypted in the secret store), rebuilt from the journal on boot.
 */
export async function openEmbeddedChain(options: {
  config: Extract<ChainConfig, { kind: 'embedded' }>;
  db: DbOrTx;
  secrets: SecretStore;
  clock: Clock;
  log: Logger;
}): Promise<{ chain: ChainPort; replayed: number; replayMs: number }> {
  const { config, secrets, clock, log } = options;
  const platform = privateKeyToAccount(toHex(await secrets.getOrCreate('chain.platform-key', newPrivateKey)));
  const faucet = privateKeyToAccount(toHex(await secrets.getOrCreate('chain.faucet-key', newPrivateKey)));
  const repo = new ChainRepo(options.db);
  const node = await createEdrNode({
    chainId: config.chainId,
    genesisAccounts: [
      { address: platform.address, balance: PLATFORM_GENESIS_BALANCE },
      { address: faucet.address, balance: FAUCET_GENESIS_BALANCE },
    ],
  });
  const started = performance.now();
  const { node: journal, replayed } = await JournaledNode.open({
    node,
    repo,
    chainId: config.chainId,
    clock,
    log,
  });
  const replayMs = performance.now() - started;
  const chain = new ViemChain({
    kind: 'embedded',
    chainId: config.chainId,
    name: 'Embedded chain',
    transport: custom(journal, { retryCount: 0 }),
    platform,
    faucet,
    faucetAmountWei: config.faucetAmountWei,
    explorerUrl: config.explorerUrl,
    pollingInterval: 20,
    receiptTimeout: 10_000,
    repo,
    leases: new AddressLeases(new ChainSendsRepo(options.db), () => config.chainId),
    onClose: () => journal.idle(),
  });
  await chain.deployPlatformContracts();
  return { chain, replayed, replayMs };
}
