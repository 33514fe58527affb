import {
  BaseError,
  ContractFunctionRevertedError,
  decodeErrorResult,
  isHex,
  type Abi,
  type Address,
  type Chain,
  type ContractFunctionArgs,
  type ContractFunctionName,
  type ContractFunctionReturnType,
  type EIP1193RequestFn,
  type Hash,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
  type TransactionSerializable,
  type Transport,
} from 'viem';
import type { PlatformContractName } from './platform-contracts.js';

/** An address the portal can sign for: the platform account, or a custodial vault's ETH wallet. */
export interface EvmSigner {
  readonly address: Address;
  signTransaction(transaction: TransactionSerializable): Promise<Hex>;
}

/**
 * The EVM chain the portal writes to. Every transaction is signed locally by a viem account and
 * sent as a raw transaction, so the embedded chain and a remote node (Sepolia, anvil, a hardhat
 * node) run exactly the same code; only the transport differs.
 */
export interface ChainPort {
  readonly kind: 'embedded' | 'rpc';
  readonly chain: Chain;
  readonly publicClient: PublicClient<Transport, Chain>;
  /** The account that deploys platform contracts and holds their minter roles. */
  readonly platformAddress: Address;
  /** Signs as the platform account (for the keyed sender). */
  readonly platformSigner: EvmSigner;
  /** The node itself (EIP-1193); on the embedded chain, sends through it are journaled too. */
  readonly provider: { request: EIP1193RequestFn };

  explorerTxUrl(hash: Hash): string;
  explorerAddressUrl(address: Address): string;

  /** Deploys missing platform contracts and records their addresses; idempotent. */
  deployPlatformContracts(): Promise<Record<PlatformContractName, Address>>;
  /** The address of a platform contract (deployPlatformContracts has run at boot). */
  contractAddress(name: PlatformContractName): Address;

  /** Simulates first (reverts surface with the contract's decoded error), then sends as the platform. */
  writeContract<
    const abi extends Abi,
    functionName extends ContractFunctionName<abi, 'nonpayable' | 'payable'>,
    const args extends ContractFunctionArgs<abi, 'nonpayable' | 'payable', functionName>,
  >(call: {
    address: Address;
    abi: abi;
    functionName: functionName;
    args: args;
    value?: bigint;
  }): Promise<{
    hash: Hash;
    result: ContractFunctionReturnType<abi, 'nonpayable' | 'payable', functionName, args>;
  }>;
  /** Broadcasts a transaction signed elsewhere (a custody wallet). */
  sendRawTransaction(serialized: Hex): Promise<Hash>;
  waitForReceipt(hash: Hash): Promise<TransactionReceipt>;
  /**
   * Waits for a transaction the platform account sent. One still pending after `replaceAfterMs`
   * (underpriced, or stuck behind a fee rise) is sent again with the same nonce and higher fees,
   * and `onReplaced` records the new hash; whichever version is mined is returned. Throws
   * `TransactionNotFoundError` when the node no longer knows the transaction (dropped).
   */
  confirmReplacing(
    hash: Hash,
    options: { replaceAfterMs: number; onReplaced: (hash: Hash) => Promise<void> },
  ): Promise<TransactionReceipt>;
  /**
   * Auto-fuel: tops `address` up to `amount` wei (default FAUCET_AMOUNT_WEI) from the faucet.
   * Returns undefined when nothing had to be sent.
   */
  fund(address: Address, amount?: bigint): Promise<Hash | undefined>;

  /** Waits for sends in flight, then releases the node. */
  close(): Promise<void>;
}

/** The boot-time replay of the embedded chain did not rebuild the chain that was journaled. */
export class ChainReplayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChainReplayError';
  }
}

/**
 * The custom error a contract reverted with (`AlreadyHoldsToken`, `Soulbound`, ...), if any.
 * Calls made through an ABI are decoded by viem; for the rest (a deployment, a raw transaction,
 * an error raised by another contract on the way) pass an ABI that declares it.
 */
export function revertErrorName(error: unknown, abi?: Abi): string | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
  if (reverted instanceof ContractFunctionRevertedError && reverted.data) return reverted.data.errorName;
  if (!abi) return undefined;
  const raw = error.walk((e) => typeof (e as { data?: unknown }).data === 'string');
  const data = (raw as { data?: unknown } | null)?.data;
  if (typeof data !== 'string' || !isHex(data) || data.length < 10) return undefined;
  try {
    return decodeErrorResult({ abi, data }).errorName;
  } catch {
    return undefined;
  }
}
