import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { CHAIN_ASSET_PREFIX } from '@portal/shared/chain-families';
import type { Eligibility } from '@portal/shared/compliance';
import { formatMessage, messages } from '@portal/shared/messages';
import { formatUnits, parseUnits } from '@portal/shared/money';
import {
  HANDLE_ALPHABET,
  HANDLE_LENGTH,
  type Transfer,
  type TransferCheckResponse,
  type TransferKind,
  type TransferTarget,
} from '@portal/shared/transfers';
import type { Clock } from '../../clock.js';
import type { Db, Tx } from '../../db/client.js';
import { DomainError } from '../../errors.js';
import { jobKind, type JobQueue } from '../../jobs/queue.js';
import { ThrottleRepo } from '../auth/auth.module.js';
import { ChainSendError } from '../chains/chains.module.js';
import type { ComplianceService } from '../compliance/compliance.service.js';
import type { IssuerService } from '../issuer/issuer.service.js';
import type { TokenRow } from '../issuer/issuer.repo.js';
import type { Notify } from '../notifications/notifications.service.js';
import type { StatementPeriod, StatementSection } from '../statements/statement-source.js';
import type { VaultService } from '../vault/vault.service.js';
import { TRANSFERABLE_KINDS, type TransferChain } from './transfers.chain.js';
import type { TransferRow, TransfersRepo, TransferView } from './transfers.repo.js';

export const sendJob = jobKind('transfer.send', z.object({ transferId: z.string() }));

/** Handle lookups (checks and sends naming a handle) one account may make per window. */
export const HANDLE_LOOKUPS = 30;
const LOOKUP_WINDOW_MS = 10 * 60_000;

/** The key of a transfer's one send, ever (ADR 17). */
const sendKey = (transferId: string) => `transfer:${transferId}`;

export interface TransfersDeps {
  db: Db;
  repo: TransfersRepo;
  clock: Clock;
  jobs: JobQueue;
  issuer: Pick<IssuerService, 'findToken'>;
  vault: Pick<VaultService, 'evmSigner' | 'info'>;
  compliance: Pick<
    ComplianceService,
    'transferEligibility' | 'isOwnRegisteredWallet' | 'takeForTransfer' | 'returnUnsent' | 'recordDelivery'
  >;
  chain: TransferChain;
  notify: Notify;
  audit(
    actorId: string,
    action: string,
    target: { type: string; id: string },
    detail: Record<string, unknown>,
    tx: Tx,
  ): Promise<void>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/** A transfer worked out from a request: who, where, how much, before anything is written. */
interface Prepared {
  token: TokenRow;
  units: bigint;
  sender: { userId: string; address: string };
  receiver: { userId: string; address: string; kind: TransferKind; handle: string | null; balance?: bigint };
}

/**
 * Transfers between investors and withdrawals to one's own linked wallet (docs/product.md §2.10;
 * ADR 76). The receiver is named by a handle they gave the sender, or is the sender's
 * own registered wallet; the one rule engine answers before anything is signed; the amount leaves
 * the sender's free balance in one transaction with the transfer and its job; the job sends it
 * from the vault with a keyed send, then moves the books and tells both sides.
 */
export class TransfersService {
  constructor(private readonly deps: TransfersDeps) {}

  /** The caller's handle, made on first ask. */
  async handle(userId: string): Promise<string> {
    return (await this.deps.repo.handleOf(userId)) ?? this.regenerateHandle(userId);
  }

  /** A new random handle; the old one stops resolving at once. */
  async regenerateHandle(userId: string): Promise<string> {
    for (;;) {
      const handle = Array.from({ length: HANDLE_LENGTH }, () => HANDLE_ALPHABET[randomInt(32)]).join('');
      if (await this.deps.repo.setHandle(userId, handle)) return handle;
    }
  }

  /** "May I send this, and if not why": the receiver is only "a verified investor" or my wallet. */
  async check(
    userId: string,
    input: { tokenId: string; amount: string; to: TransferTarget },
  ): Promise<Omit<TransferCheckResponse, 'success'>> {
    const prepared = await this.prepare(userId, input);
    return {
      recipient: {
        kind: prepared.receiver.kind,
        address: prepared.receiver.kind === 'withdrawal' ? prepared.receiver.address : null,
      },
      eligibility: await this.eligibility(prepared),
    };
  }

  /**
   * Sends: refused with the rule's reason before anything is written or signed; otherwise the
   * amount leaves the sender's free balance (never more than is free, however many race) in the
   * transaction that writes the transfer and its job, and the chain moves it at once (or the job
   * does after a crash).
   */
  async create(
    userId: string,
    input: { tokenId: string; amount: string; to: TransferTarget },
    idempotencyKey: string,
  ): Promise<Transfer> {
    const { repo, db, jobs } = this.deps;
    const existing = await repo.byKey(userId, idempotencyKey);
    if (existing) return this.same(userId, existing, input);
    const prepared = await this.prepare(userId, input);
    const eligibility = await this.eligibility(prepared);
    if (!eligibility.eligible)
      throw new DomainError('NOT_ELIGIBLE', eligibility.message ?? messages.eligibilityNotVerified, {
        reason: eligibility.reason ?? undefined,
        params: eligibility.params,
      });
    const { token, units, sender, receiver } = prepared;
    const row = await db.transaction(async (tx) => {
      const created = await repo.with(tx).insert({
        tokenId: token.id,
        kind: receiver.kind,
        senderId: userId,
        fromAddress: sender.address,
        recipientId: receiver.userId,
        toAddress: receiver.address,
        handle: receiver.handle,
        amount: units.toString(),
        status: 'PENDING',
        idempotencyKey,
      });
      if (!created) throw new DomainError('CONFLICT', messages.idempotencyKeyInProgress);
      const taken = await this.deps.compliance.takeForTransfer(tx, token, sender.address, units);
      if (!taken.taken)
        throw new DomainError(
          'CONFLICT',
          formatMessage(messages.transferNotEnoughFree, {
            free: formatUnits(taken.free, token.decimals),
            symbol: token.symbol,
          }),
        );
      await jobs.enqueue(tx, sendJob, { transferId: created.id }, { dedupeKey: created.id, maxAttempts: 8 });
      await this.deps.audit(
        userId,
        'token.transfer',
        { type: 'token', id: token.id },
        { transferId: created.id, kind: receiver.kind, amount: units.toString() },
        tx,
      );
      return created;
    });
    jobs.notify();
    const sent = await this.send(row.id).catch((error: unknown) => {
      this.deps.log.warn({ err: error, transferId: row.id }, 'transfer send deferred to its job');
      return 'deferred' as const;
    });
    if (sent === 'failed') throw new DomainError('CONFLICT', messages.transferFailed);
    return this.view(userId, row.id);
  }

  /** The caller's transfers out and in, newest first. */
  async mine(userId: string): Promise<Transfer[]> {
    return (await this.deps.repo.ofUser(userId)).map((row) => this.toTransfer(userId, row));
  }

  /**
   * The send job: an ERC-721 item is chosen and journaled first; the vault sends with a keyed
   * send; then, in one transaction, the transfer completes and the receiver's books take the tokens
   * (a withdrawal leaves the custodial books for good). A chain refusal gives the amount back.
   */
  async send(transferId: string): Promise<'sent' | 'failed' | 'done'> {
    const { repo, db } = this.deps;
    let transfer = await repo.transfer(transferId);
    if (transfer?.status !== 'PENDING') return 'done';
    const token = (await this.deps.issuer.findToken(transfer.tokenId))!;
    let hash: string;
    try {
      if (token.tokenType === 'ERC721' && transfer.itemId === null) {
        const item = await this.deps.chain.freeItem(token, transfer.fromAddress);
        if (item === null) throw new ChainSendError('REVERTED', 'No free item to send', 'NoFreeItem');
        transfer = (await repo.journalItem(transfer.id, item))!;
      }
      const from = await this.deps.vault.evmSigner(transfer.senderId);
      hash = await this.deps.chain.send(
        token,
        from,
        transfer.toAddress,
        BigInt(transfer.amount),
        transfer.itemId === null ? null : BigInt(transfer.itemId),
        sendKey(transfer.id),
      );
    } catch (error) {
      if (!(error instanceof ChainSendError)) throw error;
      const row = transfer;
      const failed = await db.transaction(async (tx) => {
        const done = await repo.with(tx).finish(row.id, {
          status: 'FAILED',
          error: String(error.errorName ?? error.code).slice(0, 100),
        });
        if (done)
          await this.deps.compliance.returnUnsent(tx, token, {
            userId: row.senderId,
            address: row.fromAddress,
            amount: BigInt(row.amount),
          });
        return done;
      });
      this.deps.log.warn({ err: error, transferId }, 'transfer refused by the chain');
      if (failed) await this.tell(row.senderId, 'transfer.failed', messages.transferNoticeFailed, token, row);
      return 'failed';
    }
    const row = transfer;
    const done = await db.transaction(async (tx) => {
      const completed = await repo
        .with(tx)
        .finish(row.id, { status: 'COMPLETED', txHash: hash, completedAt: this.deps.clock.now() });
      // A receipt is a delivery: a running lock-up starts again for the receiver, as on chain.
      if (completed && row.kind === 'peer')
        await this.deps.compliance.recordDelivery(tx, token, {
          userId: row.recipientId,
          address: row.toAddress,
          amount: BigInt(row.amount),
        });
      return completed;
    });
    if (done) {
      if (row.kind === 'peer') {
        await this.tell(row.recipientId, 'transfer.received', messages.transferNoticeReceived, token, row);
        await this.tell(row.senderId, 'transfer.completed', messages.transferNoticeSent, token, row);
      } else {
        await this.tell(row.senderId, 'transfer.completed', messages.transferNoticeWithdrawn, token, row);
      }
    }
    return 'sent';
  }

  /**
   * Statement lines (ADR 74) that match the books: a transfer out takes the tokens when it is made;
   * a transfer in adds them when it completes. A refused one gave everything back and has no line.
   */
  async statementLines(userId: string, period: StatementPeriod): Promise<StatementSection> {
    const rows = await this.deps.repo.statementRows(userId, period.from, period.to);
    const within = (at: Date | null) => at !== null && at >= period.from && at < period.to;
    return {
      lines: rows.flatMap(({ transfer, token }) => {
        const about = {
          kind: transfer.kind === 'withdrawal' ? 'withdrawal' : 'transfer',
          token: {
            tokenId: token.id,
            name: token.name,
            symbol: token.symbol,
            decimals: token.decimals,
            blockchain: token.blockchain,
          },
          value: null,
          txHash: transfer.txHash,
          reference: transfer.id,
        };
        const amount = BigInt(transfer.amount);
        const lines = [];
        if (transfer.senderId === userId && within(transfer.createdAt))
          lines.push({ ...about, at: transfer.createdAt, holdingChange: -amount });
        if (transfer.recipientId === userId && transfer.kind === 'peer' && within(transfer.completedAt))
          lines.push({ ...about, at: transfer.completedAt!, holdingChange: amount });
        return lines;
      }),
    };
  }

  /**
   * `npm run reconcile` (ADR 76): every COMPLETED transfer is a successful transaction that moved
   * exactly its amount from the recorded sender's address to the recorded receiver's; what PENDING
   * transfers reserve is what the books took out (compliance's holding history subtracts them).
   */
  async reconcile(): Promise<{ transfers: number; problems: string[] }> {
    const problems: string[] = [];
    const rows = await this.deps.repo.books();
    for (const { transfer, token } of rows) {
      if (transfer.status !== 'COMPLETED') continue;
      const where = `transfer ${transfer.id}`;
      const moved = transfer.txHash
        ? await this.deps.chain.moved(token, transfer.txHash, transfer.fromAddress, transfer.toAddress)
        : null;
      if (moved === null) problems.push(`${where}: transaction ${transfer.txHash} is not on chain`);
      else if (moved !== BigInt(transfer.amount))
        problems.push(`${where}: ${transfer.amount} recorded, ${moved} moved on chain`);
    }
    return { transfers: rows.length, problems };
  }

  // -------------------------------------------------------------------- inside

  private async prepare(
    userId: string,
    input: { tokenId: string; amount: string; to: TransferTarget },
  ): Promise<Prepared> {
    const token = await this.deps.issuer.findToken(input.tokenId);
    if (!token) throw invalid('tokenId', messages.transferTokenInvalid);
    // Ethereum tokens for now; every other chain is refused clearly (ADR 76).
    if (token.blockchain !== 'ethereum' || !TRANSFERABLE_KINDS.has(token.tokenType))
      throw new DomainError('CONFLICT', messages.transferChainUnsupported);
    if (token.status !== 'DEPLOYED' || !token.contractAddress)
      throw new DomainError('CONFLICT', messages.issuerTokenNotDeployed);
    const units = parseUnits(input.amount, token.decimals);
    if (units === undefined || units <= 0n) {
      const message = formatMessage(messages.purchaseAmountPrecision, { decimals: token.decimals });
      throw invalid('amount', message);
    }
    if (token.tokenType === 'ERC721' && units !== 1n) throw invalid('amount', messages.transferItemsOneByOne);
    const sender = { userId, address: (await this.deps.vault.evmSigner(userId)).address as string };
    if ('wallet' in input.to) {
      const wallet = input.to.wallet;
      const own =
        (await this.deps.repo.isLinkedWallet(userId, wallet)) &&
        (await this.deps.compliance.isOwnRegisteredWallet(userId, wallet));
      if (!own) throw invalid('to', messages.transferWalletNotLinked);
      return {
        token,
        units,
        sender,
        receiver: {
          userId,
          address: wallet.toLowerCase(),
          kind: 'withdrawal',
          handle: null,
          balance: await this.deps.chain.balanceOf(token, wallet),
        },
      };
    }
    await this.countLookup(userId);
    const receiverId = await this.deps.repo.ownerOfHandle(input.to.handle);
    if (!receiverId) throw new DomainError('NOT_FOUND', messages.transferHandleNotFound);
    if (receiverId === userId) throw invalid('to', messages.transferToSelf);
    const { wallets } = await this.deps.vault.info(receiverId);
    const vaultAddress = wallets.find((w) => w.assetId.startsWith(CHAIN_ASSET_PREFIX.ethereum))?.address;
    return {
      token,
      units,
      sender,
      // No vault: not on the registry, so the rules answer "not verified" like any other refusal.
      receiver: { userId: receiverId, address: vaultAddress ?? '', kind: 'peer', handle: input.to.handle },
    };
  }

  private eligibility({ token, units, sender, receiver }: Prepared): Promise<Eligibility> {
    return this.deps.compliance.transferEligibility(token, sender, receiver, units);
  }

  /** Counted per account, so handles cannot be guessed by trying many (ADR 76). */
  private async countLookup(userId: string): Promise<void> {
    const now = this.deps.clock.now();
    const bucket = await new ThrottleRepo(this.deps.db).hit(
      `transfer-lookup:${userId}`,
      now,
      LOOKUP_WINDOW_MS,
    );
    if (bucket.count <= HANDLE_LOOKUPS) return;
    const seconds = Math.max(
      1,
      Math.ceil((bucket.windowStart.getTime() + LOOKUP_WINDOW_MS - now.getTime()) / 1000),
    );
    throw new DomainError(
      'RATE_LIMITED',
      formatMessage(messages.transferLookupsLimited, { minutes: Math.ceil(seconds / 60) }),
      { retryAfterSeconds: seconds },
    );
  }

  /** The same key answers the same transfer; the same key for another one is refused. */
  private async same(
    userId: string,
    existing: TransferRow,
    input: { tokenId: string; amount: string; to: TransferTarget },
  ): Promise<Transfer> {
    const token = await this.deps.issuer.findToken(existing.tokenId);
    const same =
      token !== undefined &&
      existing.tokenId === input.tokenId &&
      parseUnits(input.amount, token.decimals)?.toString() === existing.amount &&
      ('wallet' in input.to
        ? existing.kind === 'withdrawal' && existing.toAddress === input.to.wallet.toLowerCase()
        : existing.kind === 'peer' && existing.handle === input.to.handle);
    if (!same) throw new DomainError('UNPROCESSABLE', messages.idempotencyKeyReused);
    return this.view(userId, existing.id);
  }

  private async view(userId: string, id: string): Promise<Transfer> {
    return this.toTransfer(userId, (await this.deps.repo.view(id))!);
  }

  private toTransfer(userId: string, { transfer, token }: TransferView): Transfer {
    const out = transfer.senderId === userId;
    return {
      id: transfer.id,
      direction: out ? 'out' : 'in',
      kind: transfer.kind,
      tokenId: token.id,
      tokenName: token.name,
      symbol: token.symbol,
      decimals: token.decimals,
      amount: transfer.amount,
      // The receiver never learns who sent it; the sender sees what they typed.
      counterparty: out ? (transfer.kind === 'withdrawal' ? transfer.toAddress : transfer.handle) : null,
      status: transfer.status,
      txHash: transfer.txHash,
      explorerUrl: transfer.txHash ? this.deps.chain.explorerUrl(transfer.txHash) : null,
      error: out ? transfer.error : null,
      createdAt: transfer.createdAt.toISOString(),
      completedAt: transfer.completedAt?.toISOString() ?? null,
    };
  }

  private async tell(
    userId: string,
    type: 'transfer.received' | 'transfer.completed' | 'transfer.failed',
    text: string,
    token: TokenRow,
    row: TransferRow,
  ): Promise<void> {
    const data = {
      amount: formatUnits(BigInt(row.amount), token.decimals),
      symbol: token.symbol,
      address: row.kind === 'withdrawal' ? row.toAddress : '',
    };
    await this.deps
      .notify(userId, type, { ...data, message: formatMessage(text, data) })
      .catch((error: unknown) => this.deps.log.warn({ err: error, userId }, 'transfer notice not sent'));
  }
}

function invalid(field: string, message: string): DomainError {
  return new DomainError('VALIDATION_ERROR', message, { fields: { [field]: message } });
}
