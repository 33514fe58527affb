import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { formatMessage, messages } from '@portal/shared/messages';
import { formatUnits } from '@portal/shared/money';
import {
  allocateRedemptions,
  CURRENCY_DECIMALS,
  redemptionPriceUnits,
  type OpenRedemptionWindowRequest,
  type RedemptionCurrency,
  type RedemptionRequest,
  type RedemptionWindow,
  type WindowStatus,
} from '@portal/shared/redemptions';
import type { Clock } from '../../clock.js';
import type { Db, Tx } from '../../db/client.js';
import { DomainError } from '../../errors.js';
import type { Fault } from '../../fault-points.js';
import { jobKind, type JobQueue } from '../../jobs/queue.js';
import { ChainSendError } from '../chains/chains.module.js';
import type { ComplianceService } from '../compliance/compliance.service.js';
import type { IssuerService } from '../issuer/issuer.service.js';
import type { TokenRow } from '../issuer/issuer.repo.js';
import type { Notify } from '../notifications/notifications.service.js';
import type { StatementLine, StatementPeriod, StatementSection } from '../statements/statement-source.js';
import type { VaultService } from '../vault/vault.service.js';
import { REDEEMABLE_KINDS, type RedemptionChain } from './redemptions.chain.js';
import {
  LOCKED_STATUSES,
  type RedemptionsRepo,
  type RequestRow,
  type RequestView,
  type WindowRow,
  type WindowView,
} from './redemptions.repo.js';

export const lockJob = jobKind('redemption.lock', z.object({ requestId: z.string() }));
export const cancelJob = jobKind('redemption.cancel', z.object({ requestId: z.string() }));
export const settleJob = jobKind('redemption.settle', z.object({ windowId: z.string() }));

export interface RedemptionsDeps {
  db: Db;
  repo: RedemptionsRepo;
  clock: Clock;
  jobs: JobQueue;
  issuer: Pick<IssuerService, 'ownedToken' | 'findToken'>;
  vault: Pick<VaultService, 'evmSigner'>;
  compliance: Pick<ComplianceService, 'takeForRedemption' | 'returnFromRedemption'>;
  chain: RedemptionChain;
  notify: Notify;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  fault?: Fault | undefined;
}

/** Base units of one whole token. */
const unit = (token: Pick<TokenRow, 'decimals'>) => 10n ** BigInt(token.decimals);
/** Keys of the keyed sends of a request: one transaction each, ever (ADR 17). */
const sendKey = (requestId: string, step: 'lock' | 'return' | 'redeem' | 'payment') =>
  `redemption:${requestId}:${step}`;

/**
 * Redemption windows (docs/architecture.md, "Redemptions"; ADR 72). An issuer opens a window on a
 * deployed token; a holder's request takes the tokens out of their free balance in the books and,
 * at once, out of their vault into the redemption hold on chain (a job finishes it if the process
 * dies); a cancellation sends them back. At the close one job journals the pro-rata allocation
 * before it sends anything, then per request: accepted tokens to the treasury, the cut-back back to
 * the holder, the payment from the treasury; each send keyed, so a re-run never repeats one.
 */
export class RedemptionsService {
  constructor(private readonly deps: RedemptionsDeps) {}

  async openWindow(
    issuerId: string,
    tokenId: string,
    input: { currency: RedemptionCurrency; price: string; cap: string; opensAt: string; closesAt: string },
    idempotencyKey: string | undefined,
  ): Promise<RedemptionWindow> {
    const { repo, clock, db, jobs } = this.deps;
    if (idempotencyKey) {
      const existing = await repo.windowByKey(issuerId, idempotencyKey);
      if (existing) return this.sameWindow(existing, tokenId, input);
    }
    const token = await this.deps.issuer.ownedToken(issuerId, tokenId);
    this.assertRedeemable(token);
    const price = redemptionPriceUnits(input.price, input.currency)!;
    const opensAt = new Date(input.opensAt);
    const closesAt = new Date(input.closesAt);
    if (closesAt <= clock.now()) throw invalid('closesAt', messages.redemptionClosePast);
    if (input.currency === 'tUSD' && !this.deps.chain.hasStablecoin())
      throw new DomainError('CONFLICT', messages.faucetNoStablecoin);
    const row = await db.transaction(async (tx) => {
      if (await repo.with(tx).overlapping(token.id, opensAt, closesAt))
        throw new DomainError('CONFLICT', messages.redemptionWindowOverlaps);
      const created = await repo.with(tx).insertWindow({
        tokenId: token.id,
        issuerId,
        currency: input.currency,
        price: price.toString(),
        cap: input.cap,
        opensAt,
        closesAt,
        idempotencyKey: idempotencyKey ?? null,
      });
      if (!created) throw new DomainError('CONFLICT', messages.idempotencyKeyInProgress);
      // The settlement is due at the close; the queue keeps it across restarts (ADR 6).
      await jobs.enqueue(
        tx,
        settleJob,
        { windowId: created.id },
        { dedupeKey: created.id, runAt: closesAt, maxAttempts: 10 },
      );
      return created;
    });
    jobs.notify();
    return this.windowView(row.id);
  }

  async windowsOfToken(issuerId: string, tokenId: string): Promise<RedemptionWindow[]> {
    const token = await this.deps.issuer.ownedToken(issuerId, tokenId);
    const rows = await this.deps.repo.windowsOfToken(token.id);
    return rows.map((row) => this.toWindow(row));
  }

  /** The caller's page: windows open now on what they hold, and every request of theirs. */
  async mine(userId: string): Promise<{ windows: RedemptionWindow[]; requests: RedemptionRequest[] }> {
    const [windows, requests] = await Promise.all([
      this.deps.repo.openWindowsFor(userId, this.deps.clock.now()),
      this.deps.repo.requestsOfUser(userId),
    ]);
    return {
      windows: windows.map((row) => this.toWindow(row)),
      requests: requests.map((row) => this.toRequest(row)),
    };
  }

  /**
   * A holder asks to redeem `amount` whole tokens. The books give them up in one transaction with
   * the request and its job (never more than the free balance, however many requests race); the
   * chain moves them to the hold at once, or the job does after a crash.
   */
  async request(
    userId: string,
    windowId: string,
    amount: string,
    idempotencyKey: string,
  ): Promise<RedemptionRequest> {
    const { repo, db, jobs, clock } = this.deps;
    const existing = await repo.requestByKey(userId, idempotencyKey);
    if (existing) {
      if (existing.windowId !== windowId || existing.amount !== amount)
        throw new DomainError('UNPROCESSABLE', messages.idempotencyKeyReused);
      return this.requestView(existing.id);
    }
    const window = await repo.window(windowId);
    if (!window) throw new DomainError('NOT_FOUND', messages.redemptionWindowNotFound);
    const now = clock.now();
    if (window.status !== 'OPEN' || window.opensAt > now || window.closesAt <= now)
      throw new DomainError('CONFLICT', messages.redemptionWindowNotOpen);
    const token = (await this.deps.issuer.findToken(window.tokenId))!;
    this.assertRedeemable(token);
    const holder = await this.deps.vault.evmSigner(userId);
    const baseUnits = BigInt(amount) * unit(token);
    const row = await db.transaction(async (tx) => {
      // The window's row orders requests against its settlement: none joins after the allocation.
      const current = await repo.with(tx).window(windowId, true);
      if (current?.status !== 'OPEN' || current.closesAt <= clock.now())
        throw new DomainError('CONFLICT', messages.redemptionWindowNotOpen);
      const created = await repo.with(tx).insertRequest({
        windowId,
        userId,
        address: holder.address,
        amount,
        status: 'LOCKING',
        idempotencyKey,
      });
      if (!created) throw new DomainError('CONFLICT', messages.idempotencyKeyInProgress);
      const taken = await this.deps.compliance.takeForRedemption(tx, token, holder.address, baseUnits);
      if (!taken.taken) {
        if (taken.lockedUntil)
          throw new DomainError(
            'CONFLICT',
            formatMessage(messages.redemptionLockedUp, {
              symbol: token.symbol,
              date: taken.lockedUntil.toISOString(),
            }),
          );
        throw new DomainError(
          'CONFLICT',
          formatMessage(messages.redemptionNotEnoughFree, {
            free: (taken.free / unit(token)).toString(),
            symbol: token.symbol,
          }),
        );
      }
      await jobs.enqueue(tx, lockJob, { requestId: created.id }, { dedupeKey: created.id, maxAttempts: 8 });
      return created;
    });
    jobs.notify();
    // At once where the chain answers; the job carries on otherwise (a refusal fails the request).
    const locked = await this.lock(row.id).catch((error: unknown) => {
      this.deps.log.warn({ err: error, requestId: row.id }, 'redemption lock deferred to its job');
      return 'deferred' as const;
    });
    if (locked === 'failed') throw new DomainError('CONFLICT', messages.redemptionFailed);
    return this.requestView(row.id);
  }

  /** A holder cancels their own request while the window is open; the tokens come back. */
  async cancel(userId: string, requestId: string): Promise<RedemptionRequest> {
    const { repo, db, jobs, clock } = this.deps;
    const request = await repo.ownRequest(userId, requestId);
    if (!request) throw new DomainError('NOT_FOUND', messages.redemptionRequestNotFound);
    if (request.status !== 'CANCELLING' && request.status !== 'CANCELLED') {
      await db.transaction(async (tx) => {
        const window = await repo.with(tx).window(request.windowId, true);
        if (!window || window.status !== 'OPEN' || window.closesAt <= clock.now())
          throw new DomainError('CONFLICT', messages.redemptionNotCancellable);
        const moved = await repo.with(tx).transition(request.id, ['LOCKED'], { status: 'CANCELLING' });
        if (!moved) throw new DomainError('CONFLICT', messages.redemptionNotCancellable);
        await jobs.enqueue(tx, cancelJob, { requestId }, { dedupeKey: requestId, maxAttempts: 8 });
      });
      jobs.notify();
    }
    await this.unlock(requestId).catch((error: unknown) =>
      this.deps.log.warn({ err: error, requestId }, 'redemption cancellation deferred to its job'),
    );
    return this.requestView(requestId);
  }

  /** The lock job: the holder's vault sends the tokens to the hold (keyed), then the request is LOCKED. */
  async lock(requestId: string): Promise<'locked' | 'failed' | 'done'> {
    const { repo, db } = this.deps;
    const request = await repo.request(requestId);
    if (request?.status !== 'LOCKING') return 'done';
    const { token } = await this.context(request);
    let hash: string;
    try {
      await this.deps.chain.ensureHold();
      const holder = await this.deps.vault.evmSigner(request.userId);
      hash = await this.deps.chain.lock(
        token,
        holder,
        BigInt(request.amount) * unit(token),
        sendKey(request.id, 'lock'),
      );
    } catch (error) {
      // The chain refused for good (paused, frozen, no gas): nothing moved, the books get it back.
      if (error instanceof ChainSendError) {
        await db.transaction(async (tx) => {
          const failed = await repo.with(tx).transition(request.id, ['LOCKING'], {
            status: 'FAILED',
            error: String(error.errorName ?? error.code).slice(0, 200),
          });
          if (failed) await this.giveBack(tx, token, request, false);
        });
        this.deps.log.warn({ err: error, requestId }, 'redemption lock refused by the chain');
        return 'failed';
      }
      throw error;
    }
    await repo.transition(request.id, ['LOCKING'], { status: 'LOCKED', lockTx: hash });
    return 'locked';
  }

  /** The cancel job: the hold sends the tokens back (keyed), then the books and the holder hear of it. */
  async unlock(requestId: string): Promise<void> {
    const { repo, db } = this.deps;
    const request = await repo.request(requestId);
    if (request?.status !== 'CANCELLING') return;
    const { token } = await this.context(request);
    const amount = BigInt(request.amount) * unit(token);
    const hash = await this.deps.chain.release(token, request.address, amount, sendKey(request.id, 'return'));
    const done = await db.transaction(async (tx) => {
      const row = await repo
        .with(tx)
        .transition(request.id, ['CANCELLING'], { status: 'CANCELLED', returnTx: hash });
      if (row) await this.giveBack(tx, token, request, true);
      return row;
    });
    if (done)
      await this.tell(request.userId, 'redemption.cancelled', messages.redemptionNoticeCancelled, {
        amount: request.amount,
        symbol: token.symbol,
      });
  }

  /**
   * The settlement job, due at the close. Requests still moving finish first; then the allocation
   * is journaled (accepted and payment per request, window SETTLING) before anything is sent; then
   * each request settles with keyed sends, so a crash at any point resumes without repeating one.
   */
  async settle(windowId: string): Promise<void> {
    const { repo, db, clock } = this.deps;
    const window = await repo.window(windowId);
    if (!window || window.status === 'SETTLED') return;
    if (window.closesAt > clock.now()) throw new Error(`Redemption window ${windowId} is not closed yet`);
    for (const request of await repo.requestsOfWindow(windowId, ['LOCKING'])) {
      await this.lock(request.id).catch(() => undefined);
    }
    for (const request of await repo.requestsOfWindow(windowId, ['CANCELLING']))
      await this.unlock(request.id);
    if (window.status === 'OPEN') {
      await db.transaction(async (tx) => {
        const locked = await repo.with(tx).window(windowId, true);
        if (locked?.status !== 'OPEN') return;
        const requests = await repo.with(tx).requestsOfWindow(windowId, ['LOCKED', 'LOCKING']);
        if (requests.some((request) => request.status === 'LOCKING'))
          throw new Error(`Redemption window ${windowId}: a request is still being locked`);
        const shares = allocateRedemptions(
          requests.map((request) => BigInt(request.amount)),
          BigInt(locked.cap),
        );
        for (const [index, request] of requests.entries()) {
          const accepted = shares[index]!;
          await repo.with(tx).transition(request.id, ['LOCKED'], {
            status: 'SETTLING',
            accepted: accepted.toString(),
            payment: (accepted * BigInt(locked.price)).toString(),
          });
        }
        await repo.with(tx).setWindow(windowId, { status: 'SETTLING' });
      });
    }
    for (const request of await repo.requestsOfWindow(windowId, ['SETTLING']))
      await this.settleRequest(request);
    await repo.setWindow(windowId, { status: 'SETTLED', settledAt: clock.now() });
  }

  private async settleRequest(request: RequestRow): Promise<void> {
    const { repo, db, chain } = this.deps;
    const { token, window } = await this.context(request);
    const accepted = BigInt(request.accepted!);
    const cut = BigInt(request.amount) - accepted;
    const payment = BigInt(request.payment!);
    const redeemTx =
      accepted > 0n
        ? await chain.release(
            token,
            token.treasuryAddress,
            accepted * unit(token),
            sendKey(request.id, 'redeem'),
          )
        : null;
    const returnTx =
      cut > 0n
        ? await chain.release(token, request.address, cut * unit(token), sendKey(request.id, 'return'))
        : null;
    const paymentTx =
      payment > 0n
        ? await chain.pay(
            window.currency,
            await this.deps.vault.evmSigner(window.issuerId),
            request.address,
            payment,
            sendKey(request.id, 'payment'),
          )
        : null;
    this.deps.fault?.('redemption.settle.sent');
    const done = await db.transaction(async (tx) => {
      const row = await repo.with(tx).transition(request.id, ['SETTLING'], {
        status: 'SETTLED',
        redeemTx,
        returnTx,
        paymentTx,
      });
      if (row && cut > 0n) await this.giveBack(tx, token, { ...request, amount: cut.toString() }, true);
      return row;
    });
    if (done) {
      const decimals = CURRENCY_DECIMALS[window.currency];
      await this.tell(request.userId, 'redemption.settled', messages.redemptionNoticeSettled, {
        amount: request.amount,
        symbol: token.symbol,
        accepted: accepted.toString(),
        payment: formatUnits(payment, decimals),
        currency: window.currency,
      });
    }
  }

  /**
   * Statement lines (ADR 74) that match the books: the request takes the tokens out when it is
   * made; a cancellation gives them all back, a settlement gives back the cut-back part with the
   * payment as its value. A request the chain refused moved nothing and has no line.
   */
  async statementLines(userId: string, period: StatementPeriod): Promise<StatementSection> {
    const within = (at: Date) => at >= period.from && at < period.to;
    const rows = await this.deps.repo.statementRows(userId, period.from, period.to);
    const lines = rows.flatMap(({ request, window, token }) => {
      const units = unit(token);
      const about = {
        kind: 'redemption',
        token: {
          tokenId: token.id,
          name: token.name,
          symbol: token.symbol,
          decimals: token.decimals,
          blockchain: token.blockchain,
        },
        reference: request.id,
      };
      const out: StatementLine[] = within(request.createdAt)
        ? [
            {
              ...about,
              at: request.createdAt,
              holdingChange: -BigInt(request.amount) * units,
              value: null,
              txHash: request.lockTx,
            },
          ]
        : [];
      if (!within(request.updatedAt)) return out;
      if (request.status === 'CANCELLED')
        out.push({
          ...about,
          at: request.updatedAt,
          holdingChange: BigInt(request.amount) * units,
          value: null,
          txHash: request.returnTx,
        });
      if (request.status === 'SETTLED') {
        const cut = BigInt(request.amount) - BigInt(request.accepted ?? '0');
        const payment = {
          amount: BigInt(request.payment ?? '0'),
          currency: window.currency,
          decimals: CURRENCY_DECIMALS[window.currency],
        };
        out.push({
          ...about,
          at: request.updatedAt,
          holdingChange: cut * units,
          value: payment,
          txHash: request.paymentTx,
        });
      }
      return out;
    });
    return { lines };
  }

  /**
   * `npm run reconcile` (ADR 72): what the hold has of each token equals the requests that hold
   * tokens; each settled request's payment is accepted × price and its transaction paid exactly that
   * to the holder; every recorded transaction succeeded on chain.
   */
  async reconcile(): Promise<{ requests: number; problems: string[] }> {
    const problems: string[] = [];
    const rows = await this.deps.repo.books();
    const holding = new Map<string, { token: TokenRow; expected: bigint }>();
    for (const { request, window, token } of rows) {
      const entry = holding.get(token.id) ?? { token, expected: 0n };
      if (LOCKED_STATUSES.includes(request.status) && request.status !== 'LOCKING')
        entry.expected += BigInt(request.amount) * unit(token);
      holding.set(token.id, entry);
      const where = `redemption request ${request.id}`;
      if (request.status === 'SETTLED') {
        const accepted = BigInt(request.accepted ?? '0');
        const owed = accepted * BigInt(window.price);
        if (BigInt(request.payment ?? '-1') !== owed)
          problems.push(`${where}: payment ${request.payment} recorded, accepted × price is ${owed}`);
        if (owed > 0n) {
          const paid = request.paymentTx
            ? await this.deps.chain.paid(window.currency, request.paymentTx, request.address)
            : 0n;
          if (paid !== owed)
            problems.push(`${where}: ${owed} ${window.currency} owed, ${paid} paid on chain`);
        }
      }
      for (const hash of [request.lockTx, request.returnTx, request.redeemTx]) {
        if (hash && !(await this.deps.chain.succeeded(hash)))
          problems.push(`${where}: transaction ${hash} is not on chain`);
      }
    }
    for (const { token, expected } of holding.values()) {
      const held = await this.deps.chain.held(token);
      if (held !== expected)
        problems.push(
          `token ${token.symbol} (${token.id}): the redemption hold has ${held}, open requests lock ${expected}`,
        );
    }
    return { requests: rows.length, problems };
  }

  /** Ethereum ERC-20 and ERC-1155 for now; every other chain or kind is refused clearly (ADR 72). */
  private assertRedeemable(token: TokenRow): void {
    if (token.blockchain !== 'ethereum' || !REDEEMABLE_KINDS.has(token.tokenType))
      throw new DomainError('CONFLICT', messages.redemptionChainUnsupported);
    if (token.status !== 'DEPLOYED' || !token.contractAddress)
      throw new DomainError('CONFLICT', messages.issuerTokenNotDeployed);
  }

  private async giveBack(tx: Tx, token: TokenRow, request: RequestRow, delivered: boolean) {
    await this.deps.compliance.returnFromRedemption(
      tx,
      token,
      { userId: request.userId, address: request.address, amount: BigInt(request.amount) * unit(token) },
      delivered,
    );
  }

  private async context(request: RequestRow): Promise<{ token: TokenRow; window: WindowRow }> {
    const window = (await this.deps.repo.window(request.windowId))!;
    const token = (await this.deps.issuer.findToken(window.tokenId))!;
    return { token, window };
  }

  private async tell(
    userId: string,
    type: 'redemption.settled' | 'redemption.cancelled',
    text: string,
    data: Record<string, string>,
  ): Promise<void> {
    await this.deps
      .notify(userId, type, { ...data, message: formatMessage(text, data) })
      .catch((error: unknown) => this.deps.log.warn({ err: error, userId }, 'redemption notice not sent'));
  }

  private async sameWindow(existing: WindowRow, tokenId: string, input: OpenRedemptionWindowRequest) {
    const same =
      existing.tokenId === tokenId &&
      existing.currency === input.currency &&
      existing.cap === String(input.cap) &&
      existing.price === redemptionPriceUnits(input.price, input.currency)?.toString() &&
      existing.opensAt.getTime() === Date.parse(input.opensAt) &&
      existing.closesAt.getTime() === Date.parse(input.closesAt);
    if (!same) throw new DomainError('UNPROCESSABLE', messages.idempotencyKeyReused);
    return this.windowView(existing.id);
  }

  private async windowView(id: string): Promise<RedemptionWindow> {
    return this.toWindow((await this.deps.repo.windowView(id))!);
  }

  private async requestView(id: string): Promise<RedemptionRequest> {
    return this.toRequest((await this.deps.repo.requestView(id))!);
  }

  private toWindow({ window, tokenName, symbol, requested, accepted }: WindowView): RedemptionWindow {
    return {
      id: window.id,
      tokenId: window.tokenId,
      tokenName,
      symbol,
      currency: window.currency,
      price: window.price,
      currencyDecimals: CURRENCY_DECIMALS[window.currency],
      cap: window.cap,
      opensAt: window.opensAt.toISOString(),
      closesAt: window.closesAt.toISOString(),
      status: this.windowStatus(window),
      requested,
      accepted: window.status === 'SETTLED' ? (accepted ?? '0') : null,
      createdAt: window.createdAt.toISOString(),
    };
  }

  private windowStatus(window: WindowRow): WindowStatus {
    if (window.status !== 'OPEN') return window.status;
    const now = this.deps.clock.now();
    return window.opensAt > now ? 'SCHEDULED' : window.closesAt <= now ? 'CLOSED' : 'OPEN';
  }

  private toRequest({ request, window, symbol }: RequestView): RedemptionRequest {
    const hashes = [
      ['lock', request.lockTx],
      ['return', request.returnTx],
      ['redeem', request.redeemTx],
      ['payment', request.paymentTx],
    ] as const;
    return {
      id: request.id,
      windowId: window.id,
      tokenId: window.tokenId,
      symbol,
      address: request.address,
      currency: window.currency,
      currencyDecimals: CURRENCY_DECIMALS[window.currency],
      amount: request.amount,
      accepted: request.accepted,
      payment: request.payment,
      status: request.status,
      closesAt: window.closesAt.toISOString(),
      transactions: hashes.flatMap(([kind, hash]) =>
        hash ? [{ kind, hash, explorerUrl: this.deps.chain.explorerUrl(hash) }] : [],
      ),
      createdAt: request.createdAt.toISOString(),
    };
  }
}

function invalid(field: string, message: string): DomainError {
  return new DomainError('VALIDATION_ERROR', message, { fields: { [field]: message } });
}
