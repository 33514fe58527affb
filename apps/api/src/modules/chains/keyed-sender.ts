import {
  BaseError,
  getAddress,
  keccak256,
  type Abi,
  type Address,
  type Hash,
  type Hex,
  type TransactionReceipt,
} from 'viem';
import { revertErrorName, type ChainPort, type EvmSigner } from '../../providers/chain/chain.js';
import type { ChainSendsRepo, SendRow } from '../../providers/chain/chain-sends.repo.js';
import { AddressLeases } from '../../providers/chain/address-leases.js';

export interface SendRequest {
  /** The caller's idempotency key, e.g. `purchase:<id>:pay`: one transaction per key, ever. */
  key: string;
  from: EvmSigner;
  /** Omitted for a contract deployment (`data` is then the creation code). */
  to?: Address | undefined;
  data: Hex;
  value?: bigint | undefined;
  /** Decodes the custom error of a revert (`ListingExpired`, ...) into ChainSendError.errorName. */
  abi?: Abi | undefined;
}

export type ChainSendFailure = 'INSUFFICIENT_FUNDS' | 'REVERTED' | 'REJECTED';

/**
 * A transaction that cannot go through as asked: not enough ETH for value and gas, a revert
 * (`errorName` is the contract's custom error when the ABI declares it), or a node that refused
 * it for good. Callers turn it into a user message; anything else thrown is transient (retry).
 */
export class ChainSendError extends Error {
  constructor(
    readonly code: ChainSendFailure,
    message: string,
    readonly errorName?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ChainSendError';
  }
}

// Osaka caps a transaction's gas at 2^24 (EIP-7825).
const MAX_TX_GAS = 2n ** 24n;
const FUNDS =
  /insufficient funds|enough funds|exceeds (the )?balance|exceeds transaction sender account balance/i;
/** Node answers that mean the transaction was not taken and never will be as it is. */
const REFUSED =
  /insufficient funds|enough funds|nonce too (low|high)|intrinsic gas|replacement transaction underpriced|fee per gas less than block base fee|exceeds block gas limit/i;

const messageOf = (error: unknown) =>
  error instanceof BaseError
    ? `${error.shortMessage} ${error.details}`
    : String((error as Error)?.message ?? error);

/**
 * Crash-safe, idempotent sending from any address the portal controls. Per key: sign once, store
 * the raw transaction, then broadcast; a re-run re-broadcasts the stored one. Per address: one
 * sender at a time (AddressLeases, shared with the chain's own platform sends), so nonces are
 * allocated and broadcast in order and never reused. See ADR 0017.
 */
export class KeyedSender {
  private readonly leases: AddressLeases;

  constructor(
    private readonly chain: Pick<
      ChainPort,
      'chain' | 'publicClient' | 'sendRawTransaction' | 'waitForReceipt'
    >,
    private readonly repo: ChainSendsRepo,
    /** Told of every refused, reverted or unaffordable transaction (metrics). */
    private readonly onFailure: (chainId: number, code: string) => void = () => {},
  ) {
    this.leases = new AddressLeases(repo, () => this.chainId);
  }

  private get chainId() {
    return this.chain.chain.id;
  }

  send(request: SendRequest): Promise<{ hash: Hash; reused: boolean }> {
    return this.reporting(this.sendOnce(request));
  }

  private async sendOnce(request: SendRequest): Promise<{ hash: Hash; reused: boolean }> {
    const from = getAddress(request.from.address);
    const existing = await this.repo.find(this.chainId, request.key);
    if (existing) this.checkSame(existing, request);
    if (existing?.status === 'sent') return { hash: existing.txHash as Hash, reused: true };
    return this.leases.hold(from, async () => {
      // Transactions stored by a run that crashed (this key's too) go out first, in nonce order.
      await this.broadcastUnsent(from);
      const stored = await this.repo.find(this.chainId, request.key);
      if (stored?.status === 'sent') return { hash: stored.txHash as Hash, reused: true };
      // New, or refused for good before it ever reached the chain: sign (again).
      const row = await this.sign(request, from, await this.estimateGas(request));
      await this.broadcast(row);
      return { hash: row.txHash as Hash, reused: false };
    });
  }

  /**
   * Waits for the transaction to be mined. A revert throws ChainSendError('REVERTED') with the
   * custom error found by re-running the call on the state before its block.
   */
  confirm(hash: Hash, abi?: Abi): Promise<TransactionReceipt> {
    return this.reporting(this.confirmOnce(hash, abi));
  }

  private async reporting<T>(work: Promise<T>): Promise<T> {
    try {
      return await work;
    } catch (error) {
      if (error instanceof ChainSendError) this.onFailure(this.chainId, error.code);
      throw error;
    }
  }

  private async confirmOnce(hash: Hash, abi?: Abi): Promise<TransactionReceipt> {
    const receipt = await this.chain.waitForReceipt(hash);
    if (receipt.status === 'success') return receipt;
    const row = await this.repo.findByHash(this.chainId, hash);
    let errorName: string | undefined;
    if (row) {
      try {
        await this.chain.publicClient.call({
          account: getAddress(row.fromAddress),
          to: row.toAddress ? getAddress(row.toAddress) : undefined,
          data: row.data as Hex,
          value: BigInt(row.value),
          blockNumber: receipt.blockNumber - 1n,
        });
      } catch (error) {
        errorName = revertErrorName(error, abi);
      }
    }
    throw new ChainSendError(
      'REVERTED',
      `Transaction ${hash} reverted${errorName ? ` (${errorName})` : ''}`,
      errorName,
    );
  }

  private checkSame(row: SendRow, request: SendRequest): void {
    const same =
      row.fromAddress === request.from.address.toLowerCase() &&
      (row.toAddress ?? undefined) === request.to?.toLowerCase() &&
      row.data === request.data.toLowerCase() &&
      BigInt(row.value) === (request.value ?? 0n);
    if (!same) throw new Error(`Send key ${row.key} was already used for another transaction`);
  }

  private async estimateGas(request: SendRequest): Promise<bigint> {
    try {
      const estimate = await this.chain.publicClient.estimateGas({
        account: request.from.address,
        to: request.to,
        data: request.data,
        value: request.value ?? 0n,
      });
      const padded = (estimate * 6n) / 5n; // state can move between the estimate and the block
      return estimate < MAX_TX_GAS && padded > MAX_TX_GAS ? MAX_TX_GAS : padded;
    } catch (error) {
      const message = messageOf(error);
      if (FUNDS.test(message))
        throw new ChainSendError('INSUFFICIENT_FUNDS', message, undefined, { cause: error });
      const errorName = revertErrorName(error, request.abi);
      if (errorName || /revert/i.test(message)) {
        throw new ChainSendError('REVERTED', message, errorName, { cause: error });
      }
      throw error;
    }
  }

  /**
   * Allocates the next nonce (the node's pending count: every earlier send from this address has
   * gone out, see broadcastUnsent), signs and stores. Simulated first, so a revert or missing funds
   * surfaces before anything is signed.
   */
  private async sign(request: SendRequest, from: Address, gas: bigint): Promise<SendRow> {
    const { publicClient } = this.chain;
    const [nonce, fees, balance] = await Promise.all([
      publicClient.getTransactionCount({ address: from, blockTag: 'pending' }),
      publicClient.estimateFeesPerGas(),
      publicClient.getBalance({ address: from }),
    ]);
    const value = request.value ?? 0n;
    const cost = value + gas * fees.maxFeePerGas;
    if (balance < cost) {
      throw new ChainSendError(
        'INSUFFICIENT_FUNDS',
        `${from} holds ${balance} wei; the transaction needs up to ${cost} wei (value and gas)`,
      );
    }
    const raw = await request.from.signTransaction({
      type: 'eip1559',
      chainId: this.chainId,
      nonce,
      to: request.to,
      data: request.data,
      value,
      gas,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    });
    const row = {
      chainId: this.chainId,
      key: request.key,
      fromAddress: from.toLowerCase(),
      nonce,
      toAddress: request.to?.toLowerCase() ?? null,
      data: request.data.toLowerCase(),
      value: value.toString(),
      rawTx: raw,
      txHash: keccak256(raw),
    };
    if (!(await this.repo.store(row))) throw new Error(`Send key ${request.key} was stored concurrently`);
    return { ...row, status: 'signed', error: null, createdAt: new Date(), updatedAt: new Date() };
  }

  /**
   * Re-broadcasts what was stored but never accepted, oldest nonce first. One the node refuses for
   * good is marked rejected (its nonce is free again) and its key signs afresh when its caller runs
   * again; a transient failure stops here, so nothing is ever broadcast past a gap.
   */
  private async broadcastUnsent(from: Address): Promise<void> {
    for (const row of await this.repo.unsent(this.chainId, from.toLowerCase())) {
      try {
        await this.broadcast(row);
      } catch (error) {
        if (!(error instanceof ChainSendError)) throw error;
      }
    }
  }

  private async broadcast(row: SendRow): Promise<void> {
    try {
      await this.chain.sendRawTransaction(row.rawTx as Hex);
    } catch (error) {
      if (!(await this.isKnown(row.txHash as Hash))) {
        const message = messageOf(error);
        if (!REFUSED.test(message)) throw error;
        await this.repo.mark(this.chainId, row.key, 'rejected', message.slice(0, 500));
        throw new ChainSendError(
          FUNDS.test(message) ? 'INSUFFICIENT_FUNDS' : 'REJECTED',
          message,
          undefined,
          {
            cause: error,
          },
        );
      }
    }
    await this.repo.mark(this.chainId, row.key, 'sent');
  }

  private async isKnown(hash: Hash): Promise<boolean> {
    try {
      await this.chain.publicClient.getTransaction({ hash });
      return true;
    } catch {
      return false;
    }
  }
}
