import { FailedTransactionMetadata, LiteSVM } from 'litesvm';
import {
  address,
  getBase64Encoder,
  getSignatureFromTransaction,
  getTransactionDecoder,
  lamports,
  signature as toSignature,
  type Transaction,
} from '@solana/kit';
import type { Logger } from 'pino';
import type { SolanaConfig } from '../../config.js';
import { SerialQueue } from '../chain/serial-queue.js';
import { SolanaReplayError, type SignatureStatus, type SolanaPort } from './solana.js';
import {
  NodeRejection,
  openSolanaEngine,
  type Lifetime,
  type NodeAccount,
  type SolanaDeps,
  type SolanaNode,
} from './solana.engine.js';
import type { SolanaJournalRow, SolanaRepo } from './solana.repo.js';

/** The fee payer's balance at genesis: 1,000 SOL pays fees and rent for some 400,000 token accounts. */
export const FEE_PAYER_GENESIS_LAMPORTS = 1_000n * 1_000_000_000n;

// litesvm's TransactionErrorFieldless is a const enum; its names, in order, for readable outcomes.
const FIELDLESS_ERRORS = (
  'AccountInUse,AccountLoadedTwice,AccountNotFound,ProgramAccountNotFound,InsufficientFundsForFee,' +
  'InvalidAccountForFee,AlreadyProcessed,BlockhashNotFound,CallChainTooDeep,MissingSignatureForFee,' +
  'InvalidAccountIndex,SignatureFailure,InvalidProgramForExecution,SanitizeFailure,ClusterMaintenance,' +
  'AccountBorrowOutstanding,WouldExceedMaxBlockCostLimit,UnsupportedVersion,InvalidWritableAccount,' +
  'WouldExceedMaxAccountCostLimit,WouldExceedAccountDataBlockLimit,TooManyAccountLocks,' +
  'AddressLookupTableNotFound,InvalidAddressLookupTableOwner,InvalidAddressLookupTableData,' +
  'InvalidAddressLookupTableIndex,InvalidRentPayingAccount,WouldExceedMaxVoteCostLimit,' +
  'WouldExceedAccountDataTotalLimit,MaxLoadedAccountsDataSizeExceeded,ResanitizationNeeded,' +
  'InvalidLoadedAccountsDataSizeLimit,UnbalancedTransaction,ProgramCacheHitMaxLimit,CommitCancelled'
).split(',');

function errorText(failed: FailedTransactionMetadata): string {
  const err = failed.err();
  return typeof err === 'number' ? (FIELDLESS_ERRORS[err] ?? `TransactionError ${err}`) : err.toString();
}

const decodeWire = (wireTx: string): Transaction =>
  getTransactionDecoder().decode(getBase64Encoder().encode(wireTx));

/**
 * Runs one transaction. `committed` is whether it changed the VM (it succeeded, or it failed while
 * executing and its fee was charged); a transaction refused up front (stale blockhash, already
 * processed, no fee payer) changed nothing. The outcome text includes the compute units, so a
 * replay on a different VM build is noticed.
 */
function execute(svm: LiteSVM, transaction: Transaction): { committed: boolean; outcome: string } {
  const signature = getSignatureFromTransaction(transaction);
  const seenBefore = svm.getTransaction(signature) !== null;
  const result = svm.sendTransaction(transaction);
  const committed = !seenBefore && svm.getTransaction(signature) !== null;
  if (result instanceof FailedTransactionMetadata) {
    const units = result.meta().computeUnitsConsumed();
    return { committed, outcome: `failed: ${errorText(result)} (${units} CU)` };
  }
  return { committed, outcome: `ok (${result.computeUnitsConsumed()} CU)` };
}

function divergence(entry: SolanaJournalRow, what: string): SolanaReplayError {
  return new SolanaReplayError(
    `Embedded Solana replay diverged at journal entry #${entry.seq} (transaction ${entry.signature}): ${what}. ` +
      'The Solana engine, its settings or the platform keys changed since the journal was written.',
  );
}

/**
 * litesvm in this process, where the only way to change state is a signed transaction, each one
 * written to the journal (write-ahead) before it runs. The fee payer is funded at genesis; each
 * committed transaction expires the blockhash, so every transaction gets its own (one "block"
 * each), and a replay of the same transactions rebuilds the same state.
 */
export class EmbeddedSolanaNode implements SolanaNode {
  readonly kind = 'embedded' as const;
  readonly pollIntervalMs = 0;
  private readonly queue = new SerialQueue();

  private constructor(
    private readonly svm: LiteSVM,
    private readonly repo: SolanaRepo,
    private readonly log: Logger,
    private lastSeq: number,
  ) {}

  /** Replays the journal into a fresh VM; throws SolanaReplayError when the result differs. */
  static async open(options: {
    repo: SolanaRepo;
    feePayer: string;
    log: Logger;
  }): Promise<{ node: EmbeddedSolanaNode; replayed: number }> {
    const { repo } = options;
    const svm = new LiteSVM();
    const funded = svm.airdrop(address(options.feePayer), lamports(FEE_PAYER_GENESIS_LAMPORTS));
    if (!funded || funded instanceof FailedTransactionMetadata)
      throw new Error('Could not fund the Solana fee payer');
    let lastSeq = 0;
    let replayed = 0;
    for await (const entry of repo.journal()) {
      const { committed, outcome } = execute(svm, decodeWire(entry.wireTx));
      if (!committed) {
        // Never given an outcome: the VM refused it the first time too (same state, same answer).
        if (entry.outcome === null) {
          await repo.discard(entry.seq);
          continue;
        }
        throw divergence(entry, `the VM refused it (${outcome})`);
      }
      if (entry.outcome === null) await repo.setOutcome(entry.seq, outcome);
      else if (entry.outcome !== outcome) {
        throw divergence(entry, `it came out as "${outcome}", journaled "${entry.outcome}"`);
      }
      svm.expireBlockhash();
      lastSeq = entry.seq;
      replayed += 1;
    }
    return { node: new EmbeddedSolanaNode(svm, repo, options.log, lastSeq), replayed };
  }

  async latestBlockhash(): Promise<Lifetime> {
    // Only the latest blockhash is accepted, so it is valid for the next "block" alone.
    return {
      blockhash: this.svm.latestBlockhash() as Lifetime['blockhash'],
      lastValidBlockHeight: BigInt(this.lastSeq + 1),
    };
  }

  async isBlockhashValid(lifetime: Lifetime): Promise<boolean> {
    return lifetime.blockhash === this.svm.latestBlockhash();
  }

  async send(wireTx: string, signature: string): Promise<void> {
    const seq = this.lastSeq + 1;
    try {
      await this.repo.append({ seq, signature, wireTx });
    } catch (error) {
      if (await this.repo.journaled(signature).catch(() => undefined))
        throw new NodeRejection('AlreadyProcessed');
      throw new Error(
        `Could not journal Solana transaction ${signature} as entry #${seq}; the embedded VM runs in one process only`,
        { cause: error },
      );
    }
    const { committed, outcome } = execute(this.svm, decodeWire(wireTx));
    if (!committed) {
      await this.repo.discard(seq).catch((error: unknown) => {
        // The entry stays without an outcome; the next replay gets the same refusal and drops it.
        this.log.warn({ err: error, seq }, 'could not discard a refused Solana journal entry');
        this.lastSeq = seq;
      });
      throw new NodeRejection(outcome.replace(/^failed: /, ''));
    }
    this.lastSeq = seq;
    this.svm.expireBlockhash();
    // The transaction is already durable; a replay fills the outcome in if this write fails.
    await this.repo
      .setOutcome(seq, outcome)
      .catch((error: unknown) => this.log.warn({ err: error, seq }, 'could not record a Solana outcome'));
  }

  async status(signature: string): Promise<SignatureStatus> {
    const entry = await this.repo.journaled(signature);
    if (entry?.outcome) {
      return entry.outcome.startsWith('ok')
        ? { state: 'confirmed' }
        : { state: 'failed', error: entry.outcome.replace(/^failed: /, '') };
    }
    // An entry without an outcome is either running now or awaiting the next replay.
    const ran = entry ? this.svm.getTransaction(toSignature(signature)) : null;
    if (!ran) return { state: 'not-found' };
    return ran instanceof FailedTransactionMetadata
      ? { state: 'failed', error: errorText(ran) }
      : { state: 'confirmed' };
  }

  async account(account: string): Promise<NodeAccount | undefined> {
    const found = this.svm.getAccount(address(account));
    if (!found.exists) return undefined;
    return { lamports: found.lamports, owner: found.programAddress, data: new Uint8Array(found.data) };
  }

  async rentExemption(size: number): Promise<bigint> {
    return this.svm.minimumBalanceForRentExemption(BigInt(size));
  }

  exclusive<T>(task: () => Promise<T>): Promise<T> {
    return this.queue.run(task);
  }

  async close(): Promise<void> {
    await this.queue.idle();
  }
}

/** The embedded default: litesvm in process, rebuilt from the journal on boot. */
export async function openEmbeddedSolana(
  options: SolanaDeps & { config: Extract<SolanaConfig, { kind: 'embedded' }> },
): Promise<{ solana: SolanaPort; replayed: number; replayMs: number }> {
  const started = performance.now();
  let replayed = 0;
  const { solana } = await openSolanaEngine(
    async ({ feePayer, repo }) => {
      const opened = await EmbeddedSolanaNode.open({ repo, feePayer, log: options.log });
      replayed = opened.replayed;
      return opened.node;
    },
    { ...options, explorerUrl: options.config.explorerUrl },
  );
  return { solana, replayed, replayMs: performance.now() - started };
}
