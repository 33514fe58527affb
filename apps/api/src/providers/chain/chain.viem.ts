import {
  createPublicClient,
  createWalletClient,
  defineChain,
  type Abi,
  type Account,
  type Address,
  type Chain,
  type Hash,
  type Hex,
  type LocalAccount,
  type PublicClient,
  type Transport,
  type TransactionReceipt,
  type WalletClient,
  TransactionReceiptNotFoundError,
} from 'viem';
import type { AddressLeases } from './address-leases.js';
import type { ChainPort, EvmSigner } from './chain.js';
import type { ChainRepo } from './chain.repo.js';
import { platformContracts, type PlatformContractName } from './platform-contracts.js';
import { SerialQueue } from './serial-queue.js';

export interface ViemChainOptions {
  kind: ChainPort['kind'];
  chainId: number;
  name: string;
  transport: Transport;
  platform: LocalAccount;
  /** Pays auto-fuel; on a remote chain this is the platform account itself. */
  faucet: LocalAccount;
  faucetAmountWei: bigint;
  explorerUrl: string;
  /** How often receipts are polled: milliseconds in process, seconds over the network. */
  pollingInterval: number;
  receiptTimeout: number;
  repo: ChainRepo;
  /** The platform and faucet accounts send only while holding their address's lease (ADR 44). */
  leases: AddressLeases;
  onClose?: () => Promise<void>;
}

const max = (...values: bigint[]) => values.reduce((a, b) => (a > b ? a : b));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function chainDefinition(id: number, name: string): Chain {
  return defineChain({
    id,
    name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [] } },
  });
}

/** The chain port over any transport: local signing, one send at a time, platform contracts. */
export class ViemChain implements ChainPort {
  readonly kind: ChainPort['kind'];
  readonly chain: Chain;
  readonly publicClient: PublicClient<Transport, Chain>;
  readonly platformAddress: Address;
  readonly platformSigner: EvmSigner;
  readonly provider: ChainPort['provider'];
  private readonly platformWallet: WalletClient<Transport, Chain, Account>;
  private readonly faucetWallet: WalletClient<Transport, Chain, Account>;
  // Nonces come from the node's pending count, so sends must not interleave: in this process (the
  // queue) and across processes (the lease of the sending address, taken first).
  private readonly sends = new SerialQueue();
  private readonly addresses = new Map<PlatformContractName, Address>();

  constructor(private readonly options: ViemChainOptions) {
    this.kind = options.kind;
    this.chain = chainDefinition(options.chainId, options.name);
    const { transport, pollingInterval } = options;
    this.publicClient = createPublicClient({ chain: this.chain, transport, pollingInterval });
    this.platformWallet = createWalletClient({ chain: this.chain, transport, account: options.platform });
    this.faucetWallet = createWalletClient({ chain: this.chain, transport, account: options.faucet });
    this.platformAddress = options.platform.address;
    this.platformSigner = options.platform;
    this.provider = {
      request: (args) => this.publicClient.request(args as Parameters<typeof this.publicClient.request>[0]),
    };
  }

  explorerTxUrl(hash: Hash): string {
    return `${this.options.explorerUrl}/tx/${hash}`;
  }

  explorerAddressUrl(address: Address): string {
    return `${this.options.explorerUrl}/address/${address}`;
  }

  async deployPlatformContracts(): Promise<Record<PlatformContractName, Address>> {
    const genesis = await this.publicClient.getBlock({ blockNumber: 0n });
    for (const [name, contract] of Object.entries(platformContracts) as Array<
      [PlatformContractName, (typeof platformContracts)[PlatformContractName]]
    >) {
      if ('embeddedOnly' in contract && contract.embeddedOnly && this.kind !== 'embedded') continue;
      // Under the platform's lease: processes booting together deploy each contract once.
      const record = await this.options.leases.hold(this.platformAddress, () =>
        this.deployed(genesis.hash, name, contract),
      );
      this.addresses.set(name, record.address as Address);
    }
    return Object.fromEntries(this.addresses) as Record<PlatformContractName, Address>;
  }

  private async deployed(
    genesisHash: Hash,
    name: PlatformContractName,
    contract: (typeof platformContracts)[PlatformContractName],
  ) {
    let record = await this.options.repo.contract(genesisHash, name);
    if (record) {
      const code = await this.publicClient.getCode({ address: record.address as Address });
      if (!code || code === '0x') {
        throw new Error(
          `Platform contract ${name} is recorded at ${record.address} on chain ${this.chain.id}, but there is no ` +
            'code there: the chain was reset. Point CHAIN_RPC_URL at the chain it was deployed on, or delete ' +
            `its chain_contracts row (genesis ${genesisHash}) to deploy a new one.`,
        );
      }
    } else {
      const hash = await this.sends.run(() =>
        this.platformWallet.deployContract({
          abi: contract.abi as Abi,
          bytecode: contract.bytecode,
          args: contract.constructorArgs(this.platformAddress, Object.fromEntries(this.addresses)),
        }),
      );
      const receipt = await this.waitForReceipt(hash);
      if (receipt.status !== 'success' || !receipt.contractAddress) {
        throw new Error(`Deploying platform contract ${name} failed (transaction ${hash})`);
      }
      await this.options.repo.recordContract({
        genesisHash,
        name,
        chainId: this.chain.id,
        address: receipt.contractAddress,
        deployTxHash: hash,
      });
      record = await this.options.repo.contract(genesisHash, name);
      if (!record) throw new Error(`The address of platform contract ${name} was not recorded`);
    }
    return record;
  }

  /** Runs a send from the platform account as its only sender, here and in every other process. */
  private asPlatform<T>(task: () => Promise<T>): Promise<T> {
    return this.options.leases.hold(this.platformAddress, () => this.sends.run(task));
  }

  contractAddress(name: PlatformContractName): Address {
    const address = this.addresses.get(name);
    if (!address) throw new Error(`Platform contract ${name} has not been deployed`);
    return address;
  }

  writeContract: ChainPort['writeContract'] = (call) =>
    this.asPlatform(async () => {
      const { result, request } = await this.publicClient.simulateContract({
        ...(call as Parameters<typeof this.publicClient.simulateContract>[0]),
        account: this.options.platform,
      });
      const hash = await this.platformWallet.writeContract(
        request as Parameters<typeof this.platformWallet.writeContract>[0],
      );
      return { hash, result: result as never };
    });

  sendRawTransaction(serialized: Hex): Promise<Hash> {
    return this.sends.run(() => this.publicClient.sendRawTransaction({ serializedTransaction: serialized }));
  }

  waitForReceipt(hash: Hash) {
    return this.publicClient.waitForTransactionReceipt({ hash, timeout: this.options.receiptTimeout });
  }

  async confirmReplacing(
    hash: Hash,
    options: { replaceAfterMs: number; onReplaced: (hash: Hash) => Promise<void> },
  ): Promise<TransactionReceipt> {
    const sent = [hash];
    for (;;) {
      const receipt = await this.firstReceipt(sent, options.replaceAfterMs);
      if (receipt) return receipt;
      const replacement = await this.replace(sent.at(-1)!);
      if (replacement) {
        sent.push(replacement);
        await options.onReplaced(replacement);
      }
    }
  }

  /** The receipt of whichever of `hashes` is mined within `withinMs` (they share one nonce). */
  private async firstReceipt(hashes: Hash[], withinMs: number): Promise<TransactionReceipt | undefined> {
    const deadline = Date.now() + withinMs;
    for (;;) {
      for (const hash of hashes) {
        try {
          return await this.publicClient.getTransactionReceipt({ hash });
        } catch (error) {
          if (!(error instanceof TransactionReceiptNotFoundError)) throw error;
        }
      }
      if (Date.now() >= deadline) return undefined;
      await sleep(Math.min(this.options.pollingInterval, Math.max(deadline - Date.now(), 1)));
    }
  }

  /**
   * The same transaction, nonce and gas with fees at least 12.5 % higher (what nodes require of a
   * replacement) and no lower than the fees a new transaction would pay now. Undefined when the
   * transaction was mined meanwhile or its nonce is already used.
   */
  private replace(hash: Hash): Promise<Hash | undefined> {
    return this.asPlatform(async () => {
      const tx = await this.publicClient.getTransaction({ hash });
      if (tx.blockNumber !== null) return undefined;
      const fees = await this.publicClient.estimateFeesPerGas();
      const bump = (fee: bigint | undefined) => ((fee ?? 0n) * 9n) / 8n + 1n;
      const maxPriorityFeePerGas = max(bump(tx.maxPriorityFeePerGas), fees.maxPriorityFeePerGas);
      const maxFeePerGas = max(bump(tx.maxFeePerGas ?? tx.gasPrice), fees.maxFeePerGas, maxPriorityFeePerGas);
      const raw = await this.options.platform.signTransaction({
        type: 'eip1559',
        chainId: this.chain.id,
        nonce: tx.nonce,
        to: tx.to,
        data: tx.input,
        value: tx.value,
        gas: tx.gas,
        maxFeePerGas,
        maxPriorityFeePerGas,
      });
      try {
        return await this.publicClient.sendRawTransaction({ serializedTransaction: raw });
      } catch (error) {
        if (/nonce too low|already known/i.test(String((error as Error).message))) return undefined;
        throw error;
      }
    });
  }

  fund(address: Address, amount = this.options.faucetAmountWei): Promise<Hash | undefined> {
    if (amount <= 0n) return Promise.resolve(undefined);
    const faucet = this.options.faucet.address;
    return this.options.leases.hold(faucet, () =>
      this.sends.run(async () => {
        const balance = await this.publicClient.getBalance({ address });
        if (balance >= amount) return undefined;
        return this.faucetWallet.sendTransaction({ to: address, value: amount - balance });
      }),
    );
  }

  async close(): Promise<void> {
    await this.sends.idle();
    await this.options.onClose?.();
  }
}
