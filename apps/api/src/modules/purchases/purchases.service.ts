import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { blockchainLabel, CHAIN_ASSET_PREFIX, type ChainFamily } from '@portal/shared/chain-families';
import { formatMessage, messages } from '@portal/shared/messages';
import { formatUnits, listingCost, ownershipPercent, parseUnits } from '@portal/shared/money';
import type {
  DirectPurchaseRequest,
  EscrowPurchaseRequest,
  InvestorAsset,
  Purchase,
  PurchaseResponse,
} from '@portal/shared/purchases';
import type { EventBus } from '../../events.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import type { Fault } from '../../fault-points.js';
import { DomainError } from '../../errors.js';
import type { JobRow } from '../../jobs/jobs.repo.js';
import { jobKind, type JobQueue } from '../../jobs/queue.js';
import { logContext } from '../../logger.js';
import type { IssuerService } from '../issuer/issuer.service.js';
import { ledgerListing, ledgerToken } from '../issuer/issuer.module.js';
import type { ListingRow, TokenRow } from '../issuer/issuer.repo.js';
import type { PaymentLedger } from '../chains/ledger.js';
import { SettlementError } from '../chains/chains.module.js';
import type { ComplianceService } from '../compliance/compliance.service.js';
import type { VaultService } from '../vault/vault.service.js';
import type { StatementPeriod, StatementSection } from '../statements/statement-source.js';
import {
  newPurchase,
  type Offer,
  type PurchasesRepo,
  type PurchaseRow,
  type OwnedPurchase,
  type PurchaseView,
} from './purchases.repo.js';
import { Reservations, type Refusal } from './reservations.js';
import { z } from 'zod';

export const settleJob = jobKind('purchase.settle', z.object({ purchaseId: z.string() }));
const SETTLE_ATTEMPTS = 8;

/** Who issues the buyer's purchase credential. */
export interface PurchasePorts {
  /** Signs and stores the buyer's private purchase credential; returns its CID. */
  issueCredential(userId: string, subject: Record<string, unknown>): Promise<string>;
  credentialUrl(cid: string): string;
  /** A transaction's explorer page on a chain family, when that chain has an engine here. */
  explorerTxUrl(family: ChainFamily, hash: string | null): string | null;
}

export interface PurchasesDeps {
  db: Db;
  repo: PurchasesRepo;
  issuer: IssuerService;
  payments: PaymentLedger;
  vault: VaultService;
  ports: PurchasePorts;
  jobs: JobQueue;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Publishes `purchase.changed` (the buyer's live view, notices, metrics) and `listings.changed`. */
  events: Pick<EventBus, 'publish'>;
  /** The token's rules: asked before any money moves; told of every delivery (ADR 61). */
  compliance: Pick<ComplianceService, 'assertMayBuy' | 'afterDelivery' | 'recordDelivery' | 'holdings'>;
  /** The token's offering documents: a buyer must have acknowledged the current ones (ADR 73). */
  terms: { assertAcknowledged(userId: string, tokenId: string): Promise<void> };
  /** Crash tests: kill -9 at a chosen point (fault-points.ts). */
  fault?: Fault;
}

interface Buyer {
  did: string;
  deliveryAddress: string;
  paymentAddress: string;
}

/** The answer for a claim the listing could not serve (docs/product.md §5, ADR 41). */
function refusal(result: Refusal, token: TokenRow): DomainError {
  switch (result.reason) {
    case 'missing':
      return new DomainError('NOT_FOUND', messages.purchaseListingNotFound);
    case 'unavailable':
      return new DomainError('CONFLICT', messages.purchaseListingUnavailable);
    case 'expired':
      return new DomainError('CONFLICT', messages.purchaseListingExpired);
    case 'sold-out':
      return new DomainError('CONFLICT', messages.purchaseSoldOut);
    case 'too-many':
      return new DomainError(
        'CONFLICT',
        formatMessage(messages.purchaseTooMany, {
          tokenAmount: formatUnits(result.remaining, token.decimals),
        }),
      );
    case 'duplicate':
      return new DomainError('CONFLICT', messages.idempotencyKeyInProgress);
  }
}

/**
 * Buying tokens (docs/product.md §4.7, ADR 20): one query reads what the request checks;
 * then one transaction (shared by the buyers of the listing who arrive together, ADR 41) reserves
 * the tokens under the listing's lock, writes the purchase, its settlement job and its
 * Idempotency-Key, so a listing can never be oversold and a key never exists without its purchase. The job pays and
 * delivers on chain with keyed sends (a re-run after a crash never pays or delivers twice), then
 * issues the buyer's private credential.
 */
export class PurchasesService {
  private readonly reservations: Reservations;

  constructor(private readonly deps: PurchasesDeps) {
    this.reservations = new Reservations(
      deps.db,
      deps.repo,
      { queue: settleJob.name, maxAttempts: SETTLE_ATTEMPTS },
      () => deps.clock.now(),
    );
  }

  async buyFromEscrow(
    userId: string,
    escrowId: string,
    request: EscrowPurchaseRequest,
    idempotencyKey: string | undefined,
  ): Promise<PurchaseResponse> {
    if (request.escrowId !== undefined && request.escrowId !== escrowId) {
      throw new DomainError('VALIDATION_ERROR', messages.purchaseListingNotFound, {
        fields: { escrowId: messages.purchaseListingNotFound },
      });
    }
    return this.idempotent(userId, 'escrow-purchase', { escrowId, ...request }, idempotencyKey, async () => {
      const offer = await this.deps.repo.escrowOffer(escrowId, userId);
      if (!offer) throw new DomainError('NOT_FOUND', messages.purchaseListingNotFound);
      return { offer, request };
    });
  }

  async buyDirect(
    userId: string,
    request: DirectPurchaseRequest,
    idempotencyKey: string | undefined,
  ): Promise<PurchaseResponse> {
    return this.idempotent(userId, 'direct-purchase', request, idempotencyKey, async () => {
      const offer = await this.deps.repo.directOffer(request.tokenId, userId);
      if (!offer) throw new DomainError('NOT_FOUND', messages.purchaseListingNotFound);
      return { offer, request };
    });
  }

  async status(userId: string, purchaseId: string): Promise<PurchaseResponse> {
    const view = await this.deps.repo.findOwned(userId, purchaseId);
    if (!view) throw new DomainError('NOT_FOUND', messages.notFound);
    return this.response(view);
  }

  /** Statement lines (ADR 74): each purchase completed in the period adds its amount, paid in ETH. */
  async statementLines(userId: string, period: StatementPeriod): Promise<StatementSection> {
    const rows = await this.deps.repo.completedIn(userId, period.from, period.to);
    return {
      lines: rows.map((row) => ({
        at: row.completedAt!,
        kind: 'purchase',
        token: row.token,
        holdingChange: BigInt(row.amount),
        value: { amount: BigInt(row.costWei), currency: 'ETH', decimals: 18 },
        txHash: row.deliveryTxHash,
        reference: row.id,
        credentialId: row.vcCid,
      })),
    };
  }

  async myAssets(userId: string): Promise<InvestorAsset[]> {
    const [owned, holdings] = await Promise.all([
      this.deps.repo.owned(userId),
      this.deps.compliance.holdings(userId),
    ]);
    return owned.map((view) => {
      const purchase = this.toPurchase(view);
      return {
        id: purchase.id,
        tokenName: purchase.tokenName,
        tokenSymbol: purchase.tokenSymbol,
        tokenType: purchase.tokenType,
        blockchain: purchase.blockchain,
        status: purchase.status,
        amount: purchase.amount,
        percent: purchase.percent,
        costETH: purchase.costETH,
        issuer: { email: view.issuerEmail },
        purchasedAt: purchase.createdAt,
        transactionHash: purchase.deliveryTxHash,
        explorerUrl: this.deliveryExplorerUrl(purchase),
        vcUrl: purchase.vcUrl,
        tokenId: view.token.id,
        holding: purchase.status === 'COMPLETED' ? (holdings.get(view.token.id) ?? null) : null,
      };
    });
  }

  /** Whether the chain recorded the ETH payment of a purchase (payment recorder). */
  paymentRecorded(purchaseId: string): Promise<boolean> {
    return this.deps.payments.paid(purchaseId);
  }

  /** Same key and body → the first answer; same key, other body → 422; no key → no memory. */
  private async idempotent(
    userId: string,
    route: string,
    body: unknown,
    key: string | undefined,
    find: () => Promise<{
      offer: Offer;
      request: { amount: string; investorDid: string; investorWallet: string };
    }>,
  ): Promise<PurchaseResponse> {
    const requestHash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
    const replay = async (): Promise<PurchaseResponse | undefined> => {
      if (!key) return undefined;
      const stored = await this.deps.repo.findIdempotent(userId, route, key);
      if (!stored) return undefined;
      if (stored.requestHash !== requestHash)
        throw new DomainError('UNPROCESSABLE', messages.idempotencyKeyReused);
      return stored.response as PurchaseResponse;
    };
    const earlier = await replay();
    if (earlier) return earlier;

    const { offer, request } = await find();
    const { listing, token } = offer;
    const buyer = this.checkBuyer(offer, request);
    const amount = this.checkAmount(listing, token, request.amount);
    await this.deps.compliance.assertMayBuy(userId, token, buyer.deliveryAddress, amount);
    await this.deps.terms.assertAcknowledged(userId, token.id);
    const purchase = newPurchase({
      userId,
      listingId: listing.id,
      tokenId: token.id,
      amount: amount.toString(),
      costWei: listingCost(amount, BigInt(listing.priceWei), token.decimals).toString(),
      investorDid: buyer.did,
      deliveryAddress: buyer.deliveryAddress,
      paymentAddress: buyer.paymentAddress,
      createdAt: this.deps.clock.now(),
    });
    const answer = this.response({ purchase, token, issuerEmail: null });
    const result = await this.reservations.claim(listing.id, {
      purchase,
      requestId: logContext.getStore()?.reqId,
      ...(key ? { idempotency: { userId, route, key, requestHash, response: answer } } : {}),
    });
    if (!result.reserved) {
      // A concurrent request with the same key won the race: answer what it answered.
      if (result.reason === 'duplicate') {
        const winner = await replay();
        if (winner) return winner;
        throw new DomainError('CONFLICT', messages.idempotencyKeyInProgress);
      }
      throw refusal(result, token);
    }
    this.deps.fault?.('purchase.reserved');
    this.deps.jobs.notify();
    void this.deps.events.publish('listings.changed', {});
    this.deps.log.info({ userId, purchaseId: purchase.id, listingId: listing.id }, 'tokens reserved');
    return answer;
  }

  /** KYC, the buyer's own DID, and the buyer's own vault addresses (docs/product.md §4.7 wallet matching). */
  private checkBuyer(
    { token, kycStatus, did, wallets }: Offer,
    request: { investorDid: string; investorWallet: string },
  ): Buyer {
    // The KYC module's meaning of "verified" (KycService.isVerified), read in the offer's query.
    if (kycStatus !== 'verified') throw new DomainError('FORBIDDEN', messages.purchaseKycRequired);
    if (!did) throw new DomainError('VALIDATION_ERROR', messages.purchaseMissingInfo);
    if (did !== request.investorDid) {
      throw new DomainError('FORBIDDEN', messages.purchaseDidNotYours, {
        fields: { investorDid: messages.purchaseDidNotYours },
      });
    }
    const family = token.blockchain as ChainFamily;
    const onChain = (chain: ChainFamily) =>
      wallets.find((w) => w.assetId.startsWith(CHAIN_ASSET_PREFIX[chain]));
    const wanted = request.investorWallet.toLowerCase();
    const own = wallets.find((w) => w.address.toLowerCase() === wanted);
    if (!own) {
      throw new DomainError('FORBIDDEN', messages.purchaseWalletNotYours, {
        fields: { investorWallet: messages.purchaseWalletNotYours },
      });
    }
    if (!own.assetId.startsWith(CHAIN_ASSET_PREFIX[family])) {
      const message = formatMessage(messages.purchaseWalletWrongChain, { chain: blockchainLabel(family) });
      throw new DomainError('VALIDATION_ERROR', message, { fields: { investorWallet: message } });
    }
    const payment = onChain('ethereum');
    if (!payment) throw new DomainError('CONFLICT', messages.purchaseVaultRequired);
    return { did, deliveryAddress: own.address, paymentAddress: payment.address };
  }

  private checkAmount(listing: ListingRow, token: TokenRow, requested: string): bigint {
    const amount = parseUnits(requested, token.decimals);
    if (amount === undefined || (amount > 0n && !this.deps.issuer.wholeLots(token, listing.kind, amount))) {
      const decimals = amount === undefined ? token.decimals : 0;
      const message = formatMessage(messages.purchaseAmountPrecision, { decimals });
      throw new DomainError('VALIDATION_ERROR', message, { fields: { amount: message } });
    }
    if (amount <= 0n) {
      throw new DomainError('VALIDATION_ERROR', messages.purchaseAmountPositive, {
        fields: { amount: messages.purchaseAmountPositive },
      });
    }
    const remaining = BigInt(listing.tokenAmount) - BigInt(listing.reserved);
    if (
      listing.status === 'DEPLOYED' &&
      listing.deadline > this.deps.clock.now() &&
      amount > remaining &&
      remaining > 0n
    ) {
      throw new DomainError(
        'CONFLICT',
        formatMessage(messages.purchaseTooMany, { tokenAmount: formatUnits(remaining, token.decimals) }),
      );
    }
    return amount;
  }

  /**
   * The settlement job. Every step is keyed by the purchase, so a re-run (after a crash, at any
   * point) finds what an earlier run sent instead of sending again.
   */
  async settle(purchaseId: string, job: JobRow): Promise<void> {
    const view = await this.deps.repo.find(purchaseId);
    if (!view || view.purchase.status === 'COMPLETED' || view.purchase.status === 'FAILED') return;
    const { repo } = this.deps;
    await repo.transition(purchaseId, 'PENDING', { status: 'SETTLING' });
    this.changed(purchaseId);
    try {
      if (!view.purchase.paymentTxHash) {
        // Rules may have changed, or an earlier buyer took the last seat, since the reservation.
        await this.recheck(view);
      }
      const delivered = await this.payAndDeliver(view);
      await this.deps.compliance.afterDelivery(
        view.token,
        view.purchase.deliveryAddress,
        `purchase:${purchaseId}`,
      );
      const vcCid = view.purchase.vcCid ?? (await this.issueCredential(view, delivered));
      await this.deps.db.transaction(async (tx) => {
        if (
          await repo.with(tx).transition(purchaseId, 'SETTLING', {
            status: 'COMPLETED',
            vcCid,
            completedAt: this.deps.clock.now(),
          })
        ) {
          await repo.with(tx).markSold(view.listing.id, BigInt(view.purchase.amount));
          await this.deps.compliance.recordDelivery(tx, view.token, {
            userId: view.purchase.userId,
            address: view.purchase.deliveryAddress,
            amount: BigInt(view.purchase.amount),
          });
        }
      });
      this.deps.log.info({ purchaseId, hash: delivered.deliveryTxHash }, 'purchase settled');
      this.changed(purchaseId);
    } catch (error) {
      if (error instanceof SettlementError) return this.fail(view.purchase, error.message);
      if (job.attempts >= job.maxAttempts) return this.fail(view.purchase, messages.purchaseSettlementFailed);
      throw error;
    }
  }

  /** The settlement's own check, counting only purchases that came before this one (ADR 61). */
  private async recheck({ purchase, token }: PurchaseView): Promise<void> {
    try {
      await this.deps.compliance.assertMayBuy(
        purchase.userId,
        token,
        purchase.deliveryAddress,
        BigInt(purchase.amount),
        {
          createdAt: purchase.createdAt,
          id: purchase.id,
        },
      );
    } catch (error) {
      if (error instanceof DomainError && error.code === 'NOT_ELIGIBLE')
        throw new SettlementError('rejected', error.message);
      throw error;
    }
  }

  private async payAndDeliver(
    view: PurchaseView,
  ): Promise<{ paymentTxHash: string; deliveryTxHash: string }> {
    const { purchase, token, listing } = view;
    if (purchase.deliveryTxHash && purchase.paymentTxHash) {
      return { paymentTxHash: purchase.paymentTxHash, deliveryTxHash: purchase.deliveryTxHash };
    }
    const { repo, payments, issuer } = this.deps;
    const amount = BigInt(purchase.amount);
    const cost = BigInt(purchase.costWei);
    const buyerPays = { userId: purchase.userId, address: purchase.paymentAddress };
    const buyerGets = { userId: purchase.userId, address: purchase.deliveryAddress };
    const key = (step: string) => `purchase:${purchase.id}:${step}`;

    if (listing.kind === 'escrow' && token.blockchain === 'ethereum') {
      // Not paid yet and past the deadline: fail before spending gas on a sure revert.
      if (!purchase.paymentTxHash && listing.deadline <= this.deps.clock.now()) {
        throw new SettlementError('expired', messages.purchaseDeadlinePassed);
      }
      const sent = await payments.buyFromEscrow(
        ledgerToken(token),
        ledgerListing(listing),
        buyerGets,
        amount,
        cost,
        key('buy'),
      );
      this.deps.fault?.('purchase.sent');
      await repo.update(purchase.id, {
        paymentTxHash: sent.hash,
        deliveryTxHash: sent.hash,
        itemIds: sent.itemIds ?? null,
      });
      return { paymentTxHash: sent.hash, deliveryTxHash: sent.hash };
    }

    let paymentTxHash = purchase.paymentTxHash;
    if (!paymentTxHash) {
      if (listing.deadline <= this.deps.clock.now())
        throw new SettlementError('expired', messages.purchaseDeadlinePassed);
      const issuerEth = await this.issuerEthAddress(token);
      paymentTxHash = (await payments.pay(purchase.id, buyerPays, issuerEth, cost, key('pay'))).hash;
      await repo.update(purchase.id, { paymentTxHash });
    }
    // Paid: from here on the buyer is owed the tokens, whatever the deadline says.
    const ledger = issuer.ledger(token);
    const sent =
      listing.kind === 'escrow'
        ? await ledger.releaseFromEscrow(
            ledgerToken(token),
            ledgerListing(listing),
            buyerGets,
            amount,
            key('deliver'),
          )
        : await ledger.transferFromTreasury(
            ledgerToken(token),
            issuer.issuer(token),
            buyerGets,
            amount,
            key('deliver'),
          );
    this.deps.fault?.('purchase.sent');
    await repo.update(purchase.id, { deliveryTxHash: sent.hash, itemIds: sent.itemIds ?? null });
    return { paymentTxHash, deliveryTxHash: sent.hash };
  }

  private async issuerEthAddress(token: TokenRow): Promise<string> {
    if (token.blockchain === 'ethereum') return token.treasuryAddress;
    const { wallets } = await this.deps.vault.info(token.issuerId);
    const eth = wallets.find((w) => w.assetId.startsWith(CHAIN_ASSET_PREFIX.ethereum));
    if (!eth) throw new SettlementError('rejected', messages.purchaseSettlementFailed);
    return eth.address;
  }

  private async issueCredential(
    view: PurchaseView,
    hashes: { paymentTxHash: string; deliveryTxHash: string },
  ): Promise<string> {
    const { purchase, token } = view;
    const amount = BigInt(purchase.amount);
    const cid = await this.deps.ports.issueCredential(purchase.userId, {
      id: purchase.investorDid,
      tokenPurchase: {
        purchaseId: purchase.id,
        token: {
          name: token.name,
          symbol: token.symbol,
          tokenType: token.tokenType,
          contract: token.contractAddress,
        },
        blockchain: token.blockchain,
        amount: formatUnits(amount, token.decimals),
        ownershipPercent: ownershipPercent(amount, BigInt(token.totalSupply)),
        priceWei: view.listing.priceWei,
        paidWei: purchase.costWei,
        paymentTransaction: hashes.paymentTxHash,
        deliveryTransaction: hashes.deliveryTxHash,
        ...(purchase.itemIds ? { itemIds: purchase.itemIds } : {}),
        deliveredTo: purchase.deliveryAddress,
      },
    });
    await this.deps.repo.update(purchase.id, { vcCid: cid });
    return cid;
  }

  private async fail(purchase: PurchaseRow, message: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const repo = this.deps.repo.with(tx);
      const moved =
        (await repo.transition(purchase.id, 'SETTLING', { status: 'FAILED', error: message })) ||
        (await repo.transition(purchase.id, 'PENDING', { status: 'FAILED', error: message }));
      if (moved) await repo.release(purchase.listingId, BigInt(purchase.amount));
    });
    this.deps.log.warn({ purchaseId: purchase.id, reason: message }, 'purchase failed');
    void this.deps.events.publish('listings.changed', {});
    this.changed(purchase.id);
  }

  private changed(purchaseId: string): void {
    void this.deps.repo.find(purchaseId).then(
      (view) =>
        view &&
        this.deps.events.publish('purchase.changed', {
          userId: view.purchase.userId,
          purchase: this.toPurchase(view),
        }),
      (error: unknown) => this.deps.log.warn({ err: error, purchaseId }, 'purchase update not published'),
    );
  }

  private response(view: OwnedPurchase): PurchaseResponse {
    const purchase = this.toPurchase(view);
    return {
      success: true,
      data: {
        purchase,
        ownershipRecord: {
          amount: purchase.amount,
          percent: purchase.percent,
          transactionHash: purchase.deliveryTxHash,
          explorerUrl: this.deliveryExplorerUrl(purchase),
        },
        vcData: { ipfsUrl: purchase.vcUrl },
      },
    };
  }

  private deliveryExplorerUrl(purchase: Purchase): string | null {
    return this.deps.ports.explorerTxUrl(purchase.blockchain as ChainFamily, purchase.deliveryTxHash);
  }

  private toPurchase({ purchase, token }: Pick<OwnedPurchase, 'purchase' | 'token'>): Purchase {
    const amount = BigInt(purchase.amount);
    return {
      id: purchase.id,
      listingId: purchase.listingId,
      tokenId: token.id,
      tokenName: token.name,
      tokenSymbol: token.symbol,
      tokenType: token.tokenType,
      blockchain: token.blockchain,
      status: purchase.status,
      amount: formatUnits(amount, token.decimals),
      costETH: formatUnits(BigInt(purchase.costWei), 18),
      percent: ownershipPercent(amount, BigInt(token.totalSupply)),
      paymentTxHash: purchase.paymentTxHash,
      deliveryTxHash: purchase.deliveryTxHash,
      error: purchase.error,
      vcUrl: purchase.vcCid ? this.deps.ports.credentialUrl(purchase.vcCid) : null,
      createdAt: purchase.createdAt.toISOString(),
      completedAt: purchase.completedAt?.toISOString() ?? null,
    };
  }
}
