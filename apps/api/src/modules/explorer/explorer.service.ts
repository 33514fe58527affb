import {
  decodeEventLog,
  getAddress,
  TransactionReceiptNotFoundError,
  type Abi,
  type Address,
  type Hash,
  type Log,
} from 'viem';
import type { ChainPort } from '../../providers/chain/chain.js';
import type { ChainRepo, JournalRow } from '../../providers/chain/chain.repo.js';
import { platformContracts, type PlatformContractName } from '../../providers/chain/platform-contracts.js';
import { SoulBoundTokens } from '../chains/chains.module.js';

export interface LogView {
  address: Address;
  contract: string | undefined;
  /** Decoded when the emitting contract is one of the platform's. */
  event: { name: string; args: Array<[string, string]> } | undefined;
  topics: readonly string[];
  data: string;
}

export interface TxView {
  hash: Hash;
  status: 'success' | 'reverted';
  blockNumber: bigint;
  timestamp: Date;
  from: Address;
  to: Address | null;
  toContract: string | undefined;
  createdContract: Address | null;
  value: bigint;
  nonce: number;
  gasLimit: bigint;
  gasUsed: bigint;
  gasPrice: bigint;
  inputBytes: number;
  logs: LogView[];
}

export interface JournalTx {
  hash: string;
  blockNumber: number;
  timestamp: Date;
  from: string;
  to: string | null;
  createdContract: string | null;
}

export interface AddressView {
  address: Address;
  contract: string | undefined;
  balance: bigint;
  nonce: number;
  codeSize: number;
  soulBoundToken: { tokenId: bigint; tokenUri: string } | undefined;
  transactions: JournalTx[];
}

const RECENT = 25;

const checksummed = (address: string | null | undefined) => (address ? getAddress(address) : null);

const journalTx = (row: JournalRow): JournalTx => ({
  hash: row.txHash,
  blockNumber: row.blockNumber ?? 0,
  timestamp: new Date(row.blockTimestamp * 1000),
  from: checksummed(row.fromAddress) ?? '',
  to: checksummed(row.toAddress),
  createdContract: checksummed(row.contractAddress),
});

/** What the embedded chain's explorer pages show: read from the node, history from the journal. */
export class ExplorerService {
  private readonly tokens: SoulBoundTokens;

  constructor(
    private readonly chain: ChainPort,
    private readonly repo: ChainRepo,
  ) {
    this.tokens = new SoulBoundTokens(chain);
  }

  get chainId(): number {
    return this.chain.chain.id;
  }

  async recent(): Promise<{
    blockNumber: bigint;
    transactions: JournalTx[];
    contracts: Array<[string, Address]>;
  }> {
    const [blockNumber, rows] = await Promise.all([
      this.chain.publicClient.getBlockNumber(),
      this.repo.recent(this.chain.chain.id, RECENT),
    ]);
    return { blockNumber, transactions: rows.map(journalTx), contracts: [...this.knownContracts()] };
  }

  async transaction(hash: Hash): Promise<TxView | undefined> {
    const client = this.chain.publicClient;
    const receipt = await client.getTransactionReceipt({ hash }).catch((error: unknown) => {
      if (error instanceof TransactionReceiptNotFoundError) return undefined;
      throw error;
    });
    if (!receipt) return undefined;
    const [tx, block] = await Promise.all([
      client.getTransaction({ hash }),
      client.getBlock({ blockNumber: receipt.blockNumber }),
    ]);
    return {
      hash,
      status: receipt.status,
      blockNumber: receipt.blockNumber,
      timestamp: new Date(Number(block.timestamp) * 1000),
      from: getAddress(receipt.from),
      to: checksummed(tx.to),
      toContract: tx.to ? this.contractName(tx.to) : undefined,
      createdContract: checksummed(receipt.contractAddress),
      value: tx.value,
      nonce: tx.nonce,
      gasLimit: tx.gas,
      gasUsed: receipt.gasUsed,
      gasPrice: receipt.effectiveGasPrice,
      inputBytes: (tx.input.length - 2) / 2,
      logs: receipt.logs.map((log) => this.describeLog(log)),
    };
  }

  async address(address: Address): Promise<AddressView> {
    const client = this.chain.publicClient;
    const [balance, nonce, code, rows, tokenId] = await Promise.all([
      client.getBalance({ address }),
      client.getTransactionCount({ address }),
      client.getCode({ address }),
      this.repo.recent(this.chain.chain.id, RECENT, address.toLowerCase()),
      this.tokens.tokenOf(address),
    ]);
    return {
      address: getAddress(address),
      contract: this.contractName(address),
      balance,
      nonce,
      codeSize: code ? (code.length - 2) / 2 : 0,
      soulBoundToken: tokenId ? { tokenId, tokenUri: await this.tokens.tokenURI(tokenId) } : undefined,
      transactions: rows.map(journalTx),
    };
  }

  private *knownContracts(): Generator<[PlatformContractName, Address]> {
    for (const name of Object.keys(platformContracts) as PlatformContractName[]) {
      yield [name, this.chain.contractAddress(name)];
    }
  }

  private contractName(address: Address): string | undefined {
    for (const [name, known] of this.knownContracts()) {
      if (known.toLowerCase() === address.toLowerCase()) return name;
    }
    return undefined;
  }

  private describeLog(log: Log): LogView {
    const contract = this.contractName(log.address);
    const view = {
      address: getAddress(log.address),
      contract,
      event: undefined,
      topics: log.topics,
      data: log.data,
    };
    if (!contract) return view;
    try {
      const decoded = decodeEventLog({
        abi: platformContracts[contract as PlatformContractName].abi as Abi,
        data: log.data,
        topics: log.topics as [`0x${string}`, ...`0x${string}`[]],
      });
      const args = Object.entries((decoded.args ?? {}) as Record<string, unknown>).map(
        ([name, value]) => [name, String(value)] as [string, string],
      );
      return { ...view, event: { name: decoded.eventName ?? 'event', args } };
    } catch {
      return view;
    }
  }
}
