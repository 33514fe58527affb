import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { formatMessage, messages } from '@portal/shared/messages';
import { formatUnits } from '@portal/shared/money';
import type { NotificationType } from '@portal/shared/notifications';
import {
  SECONDARY_EXPIRY_MAX_DAYS,
  type IssuerSecondaryResponse,
  type MySecondaryFill,
  type MySecondaryResponse,
  type SecondaryFill,
  type SecondaryOrder,
  type SecondaryOrderBookResponse,
  type SecondaryTradesResponse,
} from '@portal/shared/secondary-market';
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
import { TRADABLE_KINDS, unitOf, type SecondaryChain } from './secondary-market.chain.js';
import type { FillRow, FillView, OrderRow, OrderView, SecondaryMarketRepo } from './secondary-market.repo.js';

export const lockJob = jobKind('secondary.lock', z.object({ orderId: z.string() }));
export const settleJob = jobKind('secondary.settle', z.object({ fillId: z.string() }));
export const closeJob = jobKind(
  'secondary.close',
  z.object({ orderId: z.string(), as: z.enum(['CANCELLED', 'EXPIRED']) }),
);

export interface SecondaryMarketDeps {
  db: Db;
  repo: SecondaryMarketRepo;
  clock: Clock;
  jobs: JobQueue;
  issuer: Pick<IssuerService, 'ownedToken' | 'findToken'>;
  vault: Pick<VaultService, 'evmSigner'>;
  compliance: Pick<
    ComplianceService,
    'takeForRedemption' | 'returnFromRedemption' | 'recordDelivery' | 'assertMayBuy'
  >;
  chain: SecondaryChain;
  notify: Notify;
  fault?: Fault;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/** Keys of the keyed sends (ADR 17): one transaction each, ever. */
const lockKey = (orderId: string) => `secondary:${orderId}:lock`;
const returnKey = (orderId: string) => `secondary:${orderId}:return`;
const fillKey = (fillId: string) => `secondary-fill:${fillId}`;
const DAY = 86_400_000;

/**
 * The secondary market (docs/product.md, "Secondary market"; ADR 75). A holder's order takes whole
 * tokens out of their free balance in the books in the transaction that writes it, and out of their
 * vault into the secondary market's escrow on chain at once (a job finishes it after a crash). A
 * buyer is checked against the token's rules before anything is reserved; one guarded update
 * reserves what they take; the settlement job swaps tokens and ETH in one escrow transaction (a
 * keyed send), so a re-run never pays twice. A cancellation or the expiry returns what is unsold.
 */
export class SecondaryMarketService {
  constructor(private readonly deps: SecondaryMarketDeps) {}

  // ------------------------------------------------------------------------------- reading

  async book(userId: string, tokenId: string): Promise<Omit<SecondaryOrderBookResponse, 'success'>> {
    const token = await this.token(tokenId);
    const [trading, orders, trades] = await Promise.all([
      this.trading(token),
      this.deps.repo.book(token.id, this.deps.clock.now()),
      this.deps.repo.trades(token.id),
    ]);
    return {
      ...trading,
      orders: orders.map((row) => this.toOrder(row, userId)),
      lastPriceWei: trades[0]?.fill.price ?? null,
    };
  }

  async trades(tokenId: string): Promise<Omit<SecondaryTradesResponse, 'success'>> {
    const token = await this.token(tokenId);
    const rows = await this.deps.repo.trades(token.id);
    return {
      trades: rows.map((row) => this.toFill(row)),
      priceHistory: rows
        .map(({ fill }) => ({
          at: (fill.settledAt ?? fill.createdAt).toISOString(),
          pricePerTokenWei: fill.price,
          amount: fill.amount,
        }))
        .reverse(),
    };
  }

  async mine(userId: string): Promise<Omit<MySecondaryResponse, 'success'>> {
    const [orders, fills] = await Promise.all([
      this.deps.repo.ordersOfUser(userId),
      this.deps.repo.fillsOfUser(userId),
    ]);
    return {
      orders: orders.map((row) => this.toOrder(row, userId)),
      fills: fills.map((row) => this.toMyFill(row, userId)),
    };
  }

  /** The issuer's view of trading in its token: volume, value, traders, open orders, last trades. */
  async issuerView(issuerId: string, tokenId: string): Promise<Omit<IssuerSecondaryResponse, 'success'>> {
    const token = await this.deps.issuer.ownedToken(issuerId, tokenId);
    const [trading, stats, trades] = await Promise.all([
      this.trading(token),
      this.deps.repo.stats(token.id),
      this.deps.repo.trades(token.id),
    ]);
    return {
      ...trading,
      volume: stats.volume,
      valueWei: stats.value,
      trades: stats.trades,
      openOrders: stats.openOrders,
      locked: stats.locked,
      buyers: stats.buyers,
      sellers: stats.sellers,
      lastPriceWei: trades[0]?.fill.price ?? null,
      recentTrades: trades.map((row) => this.toFill(row)),
    };
  }

  // ------------------------------------------------------------------------------- selling

  /**
   * Posts a sell order of `amount` whole tokens. The books give them up (never more than is free,
   * however many orders race) in one transaction with the order, its lock job and its expiry job.
   */
  async post(
    userId: string,
    tokenId: string,
    input: { amount: string; pricePerTokenWei: string; expiresAt: string },
    idempotencyKey: string,
  ): Promise<SecondaryOrder> {
    const { repo, db, jobs, clock } = this.deps;
    const existing = await repo.orderByKey(userId, idempotencyKey);
    if (existing) {
      const same =
        existing.tokenId === tokenId &&
        existing.amount === input.amount &&
        existing.price === input.pricePerTokenWei &&
        existing.expiresAt.getTime() === Date.parse(input.expiresAt);
      if (!same) throw new DomainError('UNPROCESSABLE', messages.idempotencyKeyReused);
      return this.orderView(existing.id, userId);
    }
    const token = await this.token(tokenId);
    this.assertTradable(token);
    const now = clock.now();
    const expiresAt = new Date(input.expiresAt);
    if (expiresAt <= now) throw invalid('expiresAt', messages.secondaryExpiryPast);
    if (expiresAt.getTime() > now.getTime() + SECONDARY_EXPIRY_MAX_DAYS * DAY)
      throw invalid(
        'expiresAt',
        formatMessage(messages.secondaryExpiryTooLate, { days: SECONDARY_EXPIRY_MAX_DAYS }),
      );
    await this.assertNotPaused(token);
    const seller = await this.deps.vault.evmSigner(userId);
    const amount = BigInt(input.amount);
    const row = await db.transaction(async (tx) => {
      const created = await repo.with(tx).insertOrder({
        tokenId: token.id,
        userId,
        address: seller.address,
        amount: input.amount,
        remaining: input.amount,
        price: input.pricePerTokenWei,
        expiresAt,
        status: 'PENDING',
        idempotencyKey,
        createdAt: now,
        updatedAt: now,
      });
      if (!created) throw new DomainError('CONFLICT', messages.idempotencyKeyInProgress);
      const taken = await this.deps.compliance.takeForRedemption(
        tx,
        token,
        seller.address,
        amount * unitOf(token),
      );
      if (!taken.taken) {
        if (taken.lockedUntil)
          throw new DomainError(
            'CONFLICT',
            formatMessage(messages.secondaryLockedUp, {
              symbol: token.symbol,
              date: taken.lockedUntil.toISOString(),
            }),
          );
        throw new DomainError(
          'CONFLICT',
          formatMessage(messages.secondaryNotEnoughFree, {
            free: (taken.free / unitOf(token)).toString(),
            symbol: token.symbol,
          }),
        );
      }
      await jobs.enqueue(tx, lockJob, { orderId: created.id }, { dedupeKey: created.id, maxAttempts: 8 });
      // The expiry is due at expiresAt; the queue keeps it across restarts (ADR 6).
      await jobs.enqueue(
        tx,
        closeJob,
        { orderId: created.id, as: 'EXPIRED' },
        { dedupeKey: `${created.id}:expire`, runAt: expiresAt, maxAttempts: 10 },
      );
      return created;
    });
    jobs.notify();
    const locked = await this.lock(row.id).catch((error: unknown) => {
      this.deps.log.warn({ err: error, orderId: row.id }, 'secondary order lock deferred to its job');
      return 'deferred' as const;
    });
    if (locked === 'failed') throw new DomainError('CONFLICT', messages.secondaryLockFailed);
    return this.orderView(row.id, userId);
  }

  /** The lock job: the seller's vault deposits the tokens into the escrow (keyed); then the order is OPEN. */
  async lock(orderId: string): Promise<'locked' | 'failed' | 'done'> {
    const { repo, db, clock } = this.deps;
    const order = await repo.order(orderId);
    if (order?.status !== 'PENDING') return 'done';
    const token = (await this.deps.issuer.findToken(order.tokenId))!;
    let locked: { listingId: bigint; txHash: string };
    try {
      const seller = await this.deps.vault.evmSigner(order.userId);
      locked = await this.deps.chain.lock(
        token,
        seller,
        { amount: BigInt(order.amount), price: BigInt(order.price), expiresAt: order.expiresAt },
        lockKey(order.id),
      );
    } catch (error) {
      // The chain refused for good (paused, locked up, frozen, expired): nothing moved.
      if (error instanceof ChainSendError) {
        await db.transaction(async (tx) => {
          const failed = await repo.with(tx).transition(order.id, ['PENDING'], {
            status: 'FAILED',
            remaining: '0',
            error: String(error.errorName ?? error.code).slice(0, 200),
            updatedAt: clock.now(),
          });
          if (failed) await this.giveBack(tx, token, order, BigInt(order.amount), false);
        });
        this.deps.log.warn({ err: error, orderId }, 'secondary order lock refused by the chain');
        return 'failed';
      }
      throw error;
    }
    await repo.transition(order.id, ['PENDING'], {
      status: 'OPEN',
      listingId: locked.listingId.toString(),
      lockTx: locked.txHash,
      updatedAt: clock.now(),
    });
    return 'locked';
  }

  /** The seller cancels their open order: no one can take it from now; a job returns the unsold tokens. */
  async cancel(userId: string, orderId: string): Promise<SecondaryOrder> {
    const { repo, db, jobs, clock } = this.deps;
    const order = await repo.order(orderId);
    if (order?.userId !== userId) throw new DomainError('NOT_FOUND', messages.secondaryOrderNotFound);
    if (order.status !== 'CANCELLING' && order.status !== 'CANCELLED') {
      await db.transaction(async (tx) => {
        const moved = await repo.with(tx).transition(order.id, ['OPEN'], {
          status: 'CANCELLING',
          remaining: '0',
          updatedAt: clock.now(),
        });
        if (!moved) throw new DomainError('CONFLICT', messages.secondaryNotCancellable);
        await jobs.enqueue(
          tx,
          closeJob,
          { orderId, as: 'CANCELLED' },
          { dedupeKey: `${orderId}:cancel`, maxAttempts: 8 },
        );
      });
      jobs.notify();
    }
    await this.close(orderId, 'CANCELLED').catch((error: unknown) =>
      this.deps.log.warn({ err: error, orderId }, 'secondary order cancellation deferred to its job'),
    );
    return this.orderView(orderId, userId);
  }

  /**
   * The close job (a cancellation, or the expiry at expiresAt). Fills still in flight finish first;
   * then the seller's vault cancels the escrow listing (keyed) and the books get back exactly what
   * the escrow returned.
   */
  async close(orderId: string, as: 'CANCELLED' | 'EXPIRED'): Promise<void> {
    const { repo, db, clock } = this.deps;
    let order = await repo.order(orderId);
    if (order?.status === 'PENDING' && as === 'EXPIRED') {
      await this.lock(orderId);
      order = await repo.order(orderId);
    }
    if (!order?.listingId) return;
    if (as === 'CANCELLED' ? order.status !== 'CANCELLING' : order.status !== 'OPEN') return;
    for (const fill of await repo.pendingFills(orderId)) await this.settle(fill.id);
    if ((await repo.pendingFills(orderId)).length > 0)
      throw new Error(`Secondary order ${orderId}: a fill is still settling`);
    const token = (await this.deps.issuer.findToken(order.tokenId))!;
    const seller = await this.deps.vault.evmSigner(order.userId);
    const { txHash, returned } = await this.deps.chain.cancel(
      BigInt(order.listingId),
      seller,
      returnKey(orderId),
    );
    const done = await db.transaction(async (tx) => {
      const row = await repo.with(tx).transition(orderId, ['OPEN', 'CANCELLING'], {
        status: as,
        remaining: '0',
        returnTx: txHash,
        returned: returned.toString(),
        updatedAt: clock.now(),
      });
      if (row && returned > 0n) await this.giveBack(tx, token, order, returned, true);
      return row;
    });
    if (done && as === 'EXPIRED')
      await this.tell(order.userId, 'secondary.expired', messages.secondaryNoticeExpired, {
        symbol: token.symbol,
        remaining: returned.toString(),
      });
  }

  // -------------------------------------------------------------------------------- buying

  /**
   * Takes `amount` whole tokens of an open order. The buyer is checked against the token's rules and
   * their ETH before anything is reserved; one guarded update reserves the tokens with the fill and
   * its settlement job; the swap is sent at once (the job carries on after a crash).
   */
  async take(
    buyerId: string,
    orderId: string,
    amount: string,
    idempotencyKey: string,
  ): Promise<MySecondaryFill> {
    const { repo, db, jobs, clock } = this.deps;
    const existing = await repo.fillByKey(buyerId, idempotencyKey);
    if (existing) {
      if (existing.orderId !== orderId || existing.amount !== amount)
        throw new DomainError('UNPROCESSABLE', messages.idempotencyKeyReused);
      return this.fillView(existing.id, buyerId);
    }
    const order = await repo.order(orderId);
    if (!order) throw new DomainError('NOT_FOUND', messages.secondaryOrderNotFound);
    const token = (await this.deps.issuer.findToken(order.tokenId))!;
    this.assertTradable(token);
    if (order.userId === buyerId) throw new DomainError('CONFLICT', messages.secondaryOwnOrder);
    if (order.status !== 'OPEN' || order.expiresAt <= clock.now())
      throw new DomainError('CONFLICT', messages.secondaryOrderNotOpen);
    await this.assertNotPaused(token);
    const wanted = BigInt(amount);
    const buyer = await this.deps.vault.evmSigner(buyerId);
    await this.deps.compliance.assertMayBuy(buyerId, token, buyer.address, wanted * unitOf(token));
    if (wanted > BigInt(order.remaining)) throw this.notEnough(token, order.remaining);
    const total = wanted * BigInt(order.price);
    if ((await this.deps.chain.balance(buyer.address)) < total)
      throw new DomainError(
        'CONFLICT',
        formatMessage(messages.secondaryInsufficientFunds, { total: formatUnits(total, 18) }),
      );
    const fill = await db.transaction(async (tx) => {
      const now = clock.now();
      const reserved = await repo.with(tx).reserve(orderId, wanted, now);
      if (!reserved) {
        const current = await repo.with(tx).order(orderId);
        if (current?.status !== 'OPEN' || current.expiresAt <= now)
          throw new DomainError('CONFLICT', messages.secondaryOrderNotOpen);
        throw this.notEnough(token, current.remaining);
      }
      const created = await repo.with(tx).insertFill({
        orderId,
        tokenId: token.id,
        buyerId,
        buyerAddress: buyer.address,
        amount,
        price: order.price,
        total: total.toString(),
        status: 'PENDING',
        idempotencyKey,
        createdAt: now,
      });
      if (!created) throw new DomainError('CONFLICT', messages.idempotencyKeyInProgress);
      await jobs.enqueue(tx, settleJob, { fillId: created.id }, { dedupeKey: created.id, maxAttempts: 8 });
      return created;
    });
    jobs.notify();
    await this.settle(fill.id).catch((error: unknown) =>
      this.deps.log.warn({ err: error, fillId: fill.id }, 'secondary fill deferred to its job'),
    );
    return this.fillView(fill.id, buyerId);
  }

  /**
   * The settlement job: the buyer is checked again, then their vault pays amount × price to the
   * escrow, which delivers the tokens and pays the seller in the same transaction (a keyed send).
   * A refusal fails the fill and gives its reservation back; nothing moved.
   */
  async settle(fillId: string): Promise<void> {
    const { repo, db, clock } = this.deps;
    const fill = await repo.fill(fillId);
    if (fill?.status !== 'PENDING') return;
    const order = (await repo.order(fill.orderId))!;
    const token = (await this.deps.issuer.findToken(fill.tokenId))!;
    const units = BigInt(fill.amount) * unitOf(token);
    let txHash: string;
    try {
      await this.deps.compliance.assertMayBuy(fill.buyerId, token, fill.buyerAddress, units);
      const buyer = await this.deps.vault.evmSigner(fill.buyerId);
      txHash = await this.deps.chain.buy(
        BigInt(order.listingId!),
        BigInt(fill.amount),
        buyer,
        fillKey(fill.id),
      );
    } catch (error) {
      if (
        error instanceof ChainSendError ||
        (error instanceof DomainError && error.code === 'NOT_ELIGIBLE')
      ) {
        await db.transaction(async (tx) => {
          const failed = await repo.with(tx).settleFill(fill.id, {
            status: 'FAILED',
            error: String(
              error instanceof ChainSendError ? (error.errorName ?? error.code) : error.options.reason,
            ).slice(0, 200),
          });
          if (failed) await repo.with(tx).release(order.id, BigInt(fill.amount), clock.now());
        });
        this.deps.log.warn({ err: error, fillId }, 'secondary fill refused');
        return;
      }
      throw error;
    }
    this.deps.fault?.('secondary.fill.sent');
    const done = await db.transaction(async (tx) => {
      const now = clock.now();
      const settled = await repo.with(tx).settleFill(fill.id, { status: 'SETTLED', txHash, settledAt: now });
      if (!settled) return undefined;
      const sold = await repo.with(tx).sold(order.id, BigInt(fill.amount), now);
      await this.deps.compliance.recordDelivery(tx, token, {
        userId: fill.buyerId,
        address: fill.buyerAddress,
        amount: units,
      });
      return sold;
    });
    if (!done) return;
    const total = formatUnits(BigInt(fill.total), 18);
    const left = BigInt(done.amount) - BigInt(done.filled);
    await this.tell(
      order.userId,
      'secondary.sold',
      left === 0n ? messages.secondaryNoticeFilled : messages.secondaryNoticePartlyFilled,
      {
        amount: left === 0n ? done.amount : fill.amount,
        symbol: token.symbol,
        total: left === 0n ? formatUnits(BigInt(done.filled) * BigInt(order.price), 18) : total,
        remaining: left.toString(),
      },
    );
    await this.tell(fill.buyerId, 'secondary.bought', messages.secondaryNoticeBought, {
      amount: fill.amount,
      symbol: token.symbol,
      total,
    });
  }

  // --------------------------------------------------------------------- statements, reconcile

  /**
   * Statement lines (ADR 74) that match the books: an order takes its tokens out when it is posted
   * (a refused lock gives them back), a cancellation or the expiry gives back what was unsold; a
   * sale is the ETH received; a purchase the tokens received for the ETH paid.
   */
  async statementLines(userId: string, period: StatementPeriod): Promise<StatementSection> {
    const within = (at: Date) => at >= period.from && at < period.to;
    const { orders, fills } = await this.deps.repo.statementRows(userId, period.from, period.to);
    const lines: StatementLine[] = [];
    const tokens = new Map<string, TokenRow>();
    const tokenOf = async (id: string) => {
      if (!tokens.has(id)) tokens.set(id, (await this.deps.issuer.findToken(id))!);
      return tokens.get(id)!;
    };
    const about = (token: TokenRow, kind: string, reference: string) => ({
      kind,
      reference,
      token: {
        tokenId: token.id,
        name: token.name,
        symbol: token.symbol,
        decimals: token.decimals,
        blockchain: token.blockchain,
      },
    });
    const eth = (amount: string) => ({ amount: BigInt(amount), currency: 'ETH', decimals: 18 });
    for (const { order } of orders) {
      const token = await tokenOf(order.tokenId);
      const units = unitOf(token);
      if (within(order.createdAt))
        lines.push({
          ...about(token, 'secondary-order', order.id),
          at: order.createdAt,
          holdingChange: -BigInt(order.amount) * units,
          value: null,
          txHash: order.lockTx,
        });
      if (!within(order.updatedAt)) continue;
      const back = order.status === 'FAILED' ? BigInt(order.amount) : BigInt(order.returned ?? '0');
      if (back > 0n)
        lines.push({
          ...about(token, 'secondary-return', order.id),
          at: order.updatedAt,
          holdingChange: back * units,
          value: null,
          txHash: order.returnTx,
        });
    }
    for (const { fill, order } of fills) {
      const token = await tokenOf(fill.tokenId);
      if (fill.buyerId === userId)
        lines.push({
          ...about(token, 'secondary-purchase', fill.id),
          at: fill.settledAt!,
          holdingChange: BigInt(fill.amount) * unitOf(token),
          value: eth(fill.total),
          txHash: fill.txHash,
        });
      if (order.userId === userId)
        lines.push({
          ...about(token, 'secondary-sale', fill.id),
          at: fill.settledAt!,
          holdingChange: 0n,
          value: eth(fill.total),
          txHash: fill.txHash,
        });
    }
    return { lines };
  }

  /**
   * `npm run reconcile` (ADR 75): what the escrow holds of each token equals what open orders still
   * lock; each order sold at most its amount and what the chain says it sold; every settled fill is
   * a successful transaction that moved exactly its amount for exactly its total.
   */
  async reconcile(): Promise<{ orders: number; fills: number; problems: string[] }> {
    const { repo, chain } = this.deps;
    const problems: string[] = [];
    const orders = await repo.ordersForReconcile();
    const locked = new Map<string, bigint>();
    const tokens = new Map<string, TokenRow>();
    for (const order of orders) {
      const token = tokens.get(order.tokenId) ?? (await this.deps.issuer.findToken(order.tokenId))!;
      tokens.set(token.id, token);
      const where = `secondary order ${order.id}`;
      const open = order.status === 'OPEN' || order.status === 'CANCELLING';
      const unsold = BigInt(order.amount) - BigInt(order.filled);
      if (open) locked.set(token.id, (locked.get(token.id) ?? 0n) + unsold * unitOf(token));
      if (BigInt(order.filled) > BigInt(order.amount))
        problems.push(`${where}: filled ${order.filled} of ${order.amount}`);
      if (!order.listingId) continue;
      const listing = await chain.listing(BigInt(order.listingId));
      const pending = (await repo.pendingFills(order.id)).reduce(
        (sum, fill) => sum + BigInt(fill.amount),
        0n,
      );
      if (listing.sold < BigInt(order.filled) || listing.sold > BigInt(order.filled) + pending)
        problems.push(`${where}: the escrow sold ${listing.sold}, the books ${order.filled}`);
      if (!open && !listing.cancelled && order.status !== 'FILLED')
        problems.push(`${where}: ${order.status} in the books, still open in the escrow`);
      for (const hash of [order.lockTx, order.returnTx])
        if (hash && !(await chain.succeeded(hash)))
          problems.push(`${where}: transaction ${hash} is not on chain`);
    }
    for (const token of tokens.values()) {
      const held = await chain.held(token);
      const expected = locked.get(token.id) ?? 0n;
      if (held !== expected)
        problems.push(
          `token ${token.symbol} (${token.id}): the secondary market escrow holds ${held}, open orders lock ${expected}`,
        );
    }
    const fills = await repo.settledFills();
    const listings = new Map(orders.map((order) => [order.id, order]));
    for (const fill of fills) {
      const order = listings.get(fill.orderId) ?? (await repo.order(fill.orderId))!;
      const swapped = fill.txHash
        ? await chain.swapped(fill.txHash, BigInt(order.listingId ?? '0'), fill.buyerAddress)
        : { amount: 0n, paid: 0n };
      if (swapped.amount !== BigInt(fill.amount) || swapped.paid !== BigInt(fill.total))
        problems.push(
          `secondary fill ${fill.id}: ${fill.amount} for ${fill.total} wei in the books, ` +
            `${swapped.amount} for ${swapped.paid} on chain`,
        );
    }
    return { orders: orders.length, fills: fills.length, problems };
  }

  // ------------------------------------------------------------------------------- helpers

  /** Ethereum ERC-20 and ERC-1155 for now; every other chain or kind is refused clearly (ADR 75). */
  private unsupported(token: TokenRow): string | null {
    if (token.blockchain !== 'ethereum' || !TRADABLE_KINDS.has(token.tokenType))
      return messages.secondaryChainUnsupported;
    if (token.status !== 'DEPLOYED' || !token.contractAddress) return messages.secondaryNotDeployed;
    return null;
  }

  private assertTradable(token: TokenRow): void {
    const reason = this.unsupported(token);
    if (reason) throw new DomainError('CONFLICT', reason);
  }

  /** A paused token halts trading; the refusal names the issuer's reason (ADR 61). */
  private async assertNotPaused(token: TokenRow): Promise<void> {
    const pause = await this.deps.repo.pauseOf(token.id);
    if (!pause.paused) return;
    const message = pause.reason
      ? formatMessage(messages.secondaryPaused, { symbol: token.symbol, reason: pause.reason })
      : messages.eligibilityPaused;
    throw new DomainError('NOT_ELIGIBLE', message, { reason: 'paused' });
  }

  private async trading(token: TokenRow) {
    const pause = await this.deps.repo.pauseOf(token.id);
    const unsupportedReason = this.unsupported(token);
    return {
      tokenId: token.id,
      symbol: token.symbol,
      tokenName: token.name,
      tradable: unsupportedReason === null && !pause.paused,
      paused: pause.paused,
      pausedReason: pause.paused ? pause.reason : null,
      unsupportedReason,
    };
  }

  private async token(tokenId: string): Promise<TokenRow> {
    const token = await this.deps.issuer.findToken(tokenId);
    if (!token) throw new DomainError('NOT_FOUND', messages.issuerTokenNotFound);
    return token;
  }

  private notEnough(token: TokenRow, remaining: string): DomainError {
    return new DomainError(
      'CONFLICT',
      formatMessage(messages.secondaryNotEnoughRemaining, { remaining, symbol: token.symbol }),
    );
  }

  private async giveBack(tx: Tx, token: TokenRow, order: OrderRow, amount: bigint, delivered: boolean) {
    await this.deps.compliance.returnFromRedemption(
      tx,
      token,
      { userId: order.userId, address: order.address, amount: amount * unitOf(token) },
      delivered,
    );
  }

  private async tell(userId: string, type: NotificationType, text: string, data: Record<string, string>) {
    await this.deps
      .notify(userId, type, { ...data, message: formatMessage(text, data) })
      .catch((error: unknown) =>
        this.deps.log.warn({ err: error, userId }, 'secondary market notice not sent'),
      );
  }

  private async orderView(id: string, userId: string): Promise<SecondaryOrder> {
    return this.toOrder((await this.deps.repo.orderView(id))!, userId);
  }

  private async fillView(id: string, userId: string): Promise<MySecondaryFill> {
    return this.toMyFill((await this.deps.repo.fillView(id))!, userId);
  }

  private toOrder({ order, symbol }: OrderView, userId: string): SecondaryOrder {
    return {
      id: order.id,
      tokenId: order.tokenId,
      symbol,
      side: 'sell',
      amount: order.amount,
      remaining: order.remaining,
      pricePerTokenWei: order.price,
      expiresAt: order.expiresAt.toISOString(),
      // CANCELLING is a moment inside the cancellation: shown as cancelled, nothing can be taken.
      status: order.status === 'CANCELLING' ? 'CANCELLED' : order.status,
      isMine: order.userId === userId,
      postedAt: order.createdAt.toISOString(),
      lockTxHash: order.lockTx,
      lockExplorerUrl: order.lockTx ? this.deps.chain.explorerUrl(order.lockTx) : null,
      returnTxHash: order.returnTx,
    };
  }

  private toFill({ fill, symbol }: { fill: FillRow; symbol: string }): SecondaryFill {
    return {
      id: fill.id,
      orderId: fill.orderId,
      tokenId: fill.tokenId,
      symbol,
      amount: fill.amount,
      pricePerTokenWei: fill.price,
      totalWei: fill.total,
      at: (fill.settledAt ?? fill.createdAt).toISOString(),
      status: fill.status,
      txHash: fill.txHash,
      explorerUrl: fill.txHash ? this.deps.chain.explorerUrl(fill.txHash) : null,
    };
  }

  private toMyFill(row: FillView, userId: string): MySecondaryFill {
    return { ...this.toFill(row), side: row.fill.buyerId === userId ? 'buy' : 'sell' };
  }
}

function invalid(field: string, message: string): DomainError {
  return new DomainError('VALIDATION_ERROR', message, { fields: { [field]: message } });
}
