import { setTimeout as sleep } from 'node:timers/promises';
import {
  address,
  createSolanaRpc,
  getBase64Encoder,
  isSolanaError,
  lamports,
  signature as toSignature,
  type Base64EncodedWireTransaction,
  type Rpc,
  type SolanaRpcApi,
} from '@solana/kit';
import type { SolanaConfig } from '../../config.js';
import type { SignatureStatus, SolanaPort } from './solana.js';
import {
  NodeRejection,
  openSolanaEngine,
  type Lifetime,
  type NodeAccount,
  type SolanaDeps,
  type SolanaNode,
} from './solana.engine.js';

const COMMITMENT = { commitment: 'confirmed' } as const;

/** JSON with bigints written as plain numbers (the RPC's own error payloads hold u64s). */
const stringify = (value: unknown) =>
  JSON.stringify(value, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

/** A Solana JSON-RPC node (devnet, a validator) through @solana/kit. */
export class RpcSolanaNode implements SolanaNode {
  readonly kind = 'rpc' as const;

  constructor(
    private readonly rpc: Rpc<SolanaRpcApi>,
    readonly pollIntervalMs: number,
  ) {}

  async latestBlockhash(): Promise<Lifetime> {
    return (await this.rpc.getLatestBlockhash(COMMITMENT).send()).value;
  }

  async isBlockhashValid(lifetime: Lifetime): Promise<boolean> {
    const [valid, height] = await Promise.all([
      this.rpc.isBlockhashValid(lifetime.blockhash, COMMITMENT).send(),
      this.rpc.getBlockHeight(COMMITMENT).send(),
    ]);
    return valid.value && height <= lifetime.lastValidBlockHeight;
  }

  async send(wireTx: string): Promise<void> {
    try {
      await this.rpc
        .sendTransaction(wireTx as Base64EncodedWireTransaction, {
          encoding: 'base64',
          preflightCommitment: 'confirmed',
        })
        .send();
    } catch (error) {
      // A JSON-RPC error (negative code) is the node's refusal; transport failures are not.
      if (isSolanaError(error) && error.context.__code < 0) throw new NodeRejection(error.message);
      throw error;
    }
  }

  async status(signature: string): Promise<SignatureStatus> {
    const { value } = await this.rpc
      .getSignatureStatuses([toSignature(signature)], { searchTransactionHistory: true })
      .send();
    const found = value[0];
    // 'processed' can still be rolled back; only a confirmed transaction counts as landed.
    if (!found || found.confirmationStatus === 'processed') return { state: 'not-found' };
    return found.err === null ? { state: 'confirmed' } : { state: 'failed', error: stringify(found.err) };
  }

  async account(account: string): Promise<NodeAccount | undefined> {
    const { value } = await this.rpc
      .getAccountInfo(address(account), { ...COMMITMENT, encoding: 'base64' })
      .send();
    if (!value) return undefined;
    return {
      lamports: value.lamports,
      owner: value.owner,
      data: new Uint8Array(getBase64Encoder().encode(value.data[0])),
    };
  }

  async rentExemption(size: number): Promise<bigint> {
    return this.rpc.getMinimumBalanceForRentExemption(BigInt(size), COMMITMENT).send();
  }

  exclusive<T>(task: () => Promise<T>): Promise<T> {
    return task();
  }

  /** Asks the cluster's faucet (devnet, a test validator) for SOL; true once it arrived. */
  async airdrop(to: string, amount: bigint, waitMs: number): Promise<boolean> {
    await this.rpc.requestAirdrop(address(to), lamports(amount), COMMITMENT).send();
    for (const started = Date.now(); Date.now() - started < waitMs; await sleep(this.pollIntervalMs)) {
      if ((await this.rpc.getBalance(address(to), COMMITMENT).send()).value > 0n) return true;
    }
    return false;
  }

  async close(): Promise<void> {}
}

/** One devnet airdrop: enough for some 400 token accounts and many more fees. */
const FEE_PAYER_AIRDROP_LAMPORTS = 1_000_000_000n;

/**
 * SOLANA=rpc: the same engine against a JSON-RPC node. When the fee payer holds no SOL, the
 * cluster's faucet is asked once (devnet has one); otherwise the log says which address to fund.
 */
export async function openRpcSolana(
  options: SolanaDeps & { config: Extract<SolanaConfig, { kind: 'rpc' }>; pollIntervalMs?: number },
): Promise<SolanaPort> {
  const { config, log } = options;
  const rpc = createSolanaRpc(config.rpcUrl);
  const { solana, node } = await openSolanaEngine(
    async () => new RpcSolanaNode(rpc, options.pollIntervalMs ?? 500),
    { ...options, explorerUrl: config.explorerUrl },
  );
  if ((await solana.lamports(solana.feePayer)) === 0n) {
    const funded = await node
      .airdrop(solana.feePayer, FEE_PAYER_AIRDROP_LAMPORTS, 30_000)
      .catch((error: unknown) => {
        log.warn({ err: error }, 'the Solana faucet refused an airdrop');
        return false;
      });
    if (!funded)
      log.warn({ feePayer: solana.feePayer }, 'the Solana fee payer holds no SOL: fund this address');
  }
  return solana;
}
