import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  decodeFunctionData,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  keccak256,
  toHex,
  type Address,
  type Hash,
  type Hex,
} from 'viem';
import { z } from 'zod';
import { batchPayerAbi, batchPayerBytecode } from '@portal/contracts/batch-payer';
import {
  allocate,
  CURRENCY_DECIMALS,
  DISTRIBUTION_BATCH_SIZE,
  DISTRIBUTION_CURRENCIES,
  type DeclareDistributionRequest,
  type Distribution,
  type DistributionCurrency,
  type Income,
  type IncomeResponse,
} from '@portal/shared/distributions';
import { formatMessage, messages } from '@portal/shared/messages';
import { formatUnits, parseUnits } from '@portal/shared/money';
import { assetChain } from '@portal/shared/vault';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { DomainError } from '../../errors.js';
import type { Fault } from '../../fault-points.js';
import { jobKind, type JobQueue } from '../../jobs/queue.js';
import type { ChainPort, EvmSigner } from '../../providers/chain/chain.js';
import { ChainSendError, type KeyedSender } from '../chains/chains.module.js';
import type { TokenLedger } from '../chains/ledger.js';
import { ledgerToken } from '../issuer/issuer.module.js';
import type { StatementPeriod, StatementSection } from '../statements/statement-source.js';
import type {
  DistributionBatchRow,
  DistributionRow,
  DistributionsRepo,
  TokenRow,
} from './distributions.repo.js';

const idPayload = z.object({ distributionId: z.uuid() });
/** At the record date: read the holders' balances from the chain and fix what each is owed. */
export const snapshotJob = jobKind('distributions.snapshot', idPayload);
/** At the payment date: pay every batch from the issuer's vault through the BatchPayer. */
export const payJob = jobKind('distributions.pay', idPayload);
/** Once paid: each holder's credential and notification. */
export const noticeJob = jobKind('distributions.notify', idPayload);

/** A record date a little in the past is "now": the form's clock and the server's differ. */
const RECORD_DATE_GRACE_MS = 60_000;
/** The BatchPayer is deployed once by the platform under this send key (ADR 17, ADR 71). */
const BATCH_PAYER_KEY = 'distributions:batch-payer';
const sendKey = (id: string, what: string) => `distribution:${id}:${what}`;
/** The batch's reference on chain: the BatchPayer pays each reference once. */
export const batchRef = (id: string, batch: number): Hex =>
  keccak256(toHex(`distribution:${id}:batch:${batch}`));

export interface DistributionsDeps {
  db: Db;
  repo: DistributionsRepo;
  clock: Clock;
  jobs: Pick<JobQueue, 'enqueue' | 'notify'>;
  chain: Pick<ChainPort, 'platformSigner' | 'publicClient' | 'explorerTxUrl'>;
  sender: Pick<KeyedSender, 'send' | 'confirm'>;
  ledgers: ReadonlyMap<string, TokenLedger>;
  /** The issuer's vault on Ethereum: it pays every distribution (ADR 71). */
  evmSigner(userId: string): Promise<EvmSigner>;
  stablecoin(): Address | undefined;
  issueCredential(userId: string, subject: { id: string } & Record<string, unknown>): Promise<string>;
  credentialUrl(cid: string): string;
  holderDid(userId: string): Promise<string | undefined>;
  notify(userId: string, type: 'distribution.paid', data: Record<string, string>): Promise<void>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  fault?: Fault | undefined;
}

/**
 * Distributions (docs/product.md, ADR 71): declared by the token's issuer, a snapshot of the
 * holders read from the chain at the record date, paid pro rata in batches on the payment date
 * from the issuer's vault, each batch one keyed BatchPayer transaction journaled before it is
 * sent, so a re-run after a crash finds it instead of paying again.
 */
export class DistributionsService {
  private payer: Promise<Address> | undefined;

  constructor(private readonly deps: DistributionsDeps) {}

  async declare(
    issuerId: string,
    tokenId: string,
    request: DeclareDistributionRequest,
    idempotencyKey: string,
  ): Promise<Distribution> {
    const { repo, clock } = this.deps;
    const requestHash = createHash('sha256')
      .update(JSON.stringify({ tokenId, ...request }))
      .digest('hex');
    const earlier = await repo.byKey(issuerId, idempotencyKey);
    if (earlier) return this.replay(earlier, requestHash);

    const token = await this.deps.repo.token(tokenId, issuerId);
    // Another issuer's token answers as one that does not exist (docs/product.md §6).
    if (!token) throw new DomainError('NOT_FOUND', messages.issuerTokenNotFound);
    if (token.blockchain === 'ripple' || token.blockchain === 'stellar') {
      throw new DomainError('CONFLICT', messages.distributionChainUnsupported);
    }
    if (token.status !== 'DEPLOYED') throw new DomainError('CONFLICT', messages.distributionTokenNotDeployed);
    const now = clock.now();
    const recordDate = new Date(request.recordDate);
    const paymentDate = new Date(request.paymentDate);
    if (recordDate.getTime() < now.getTime() - RECORD_DATE_GRACE_MS) {
      throw new DomainError('VALIDATION_ERROR', messages.distributionRecordDatePast, {
        fields: { recordDate: messages.distributionRecordDatePast },
      });
    }
    const currency = request.currency;
    const amount = parseUnits(request.amount, CURRENCY_DECIMALS[currency])!;
    // Funds are checked now against what the books say is held, and again at the payment date.
    const held = await this.vaultBalance(issuerId, currency);
    const needed =
      request.basis === 'total'
        ? amount
        : allocate([await this.bookBalance(token)], 'rate', amount, token.decimals).total;
    if (held < needed) throw this.insufficient(currency, held, needed);

    const row = await this.deps.db.transaction(async (tx) => {
      const inserted = await repo.with(tx).insert({
        tokenId,
        issuerId,
        idempotencyKey,
        requestHash,
        currency,
        basis: request.basis,
        amount: amount.toString(),
        recordDate,
        paymentDate,
        memo: request.memo ?? '',
        status: 'declared',
        createdAt: now,
      });
      if (inserted) {
        await this.deps.jobs.enqueue(
          tx,
          snapshotJob,
          { distributionId: inserted.id },
          { runAt: recordDate, dedupeKey: inserted.id },
        );
      }
      return inserted;
    });
    if (!row) {
      // A concurrent request with the same key won: answer what it answered.
      const winner = await repo.byKey(issuerId, idempotencyKey);
      if (!winner) throw new DomainError('CONFLICT', messages.idempotencyKeyInProgress);
      return this.replay(winner, requestHash);
    }
    this.deps.jobs.notify();
    this.deps.log.info({ distributionId: row.id, tokenId }, 'distribution declared');
    return this.view(row, token);
  }

  async list(issuerId: string, tokenId: string): Promise<Distribution[]> {
    const token = await this.deps.repo.token(tokenId, issuerId);
    if (!token) throw new DomainError('NOT_FOUND', messages.issuerTokenNotFound);
    return (await this.deps.repo.ofToken(token.id)).map((row) => this.view(row, token));
  }

  /** Before the record date only: nothing is fixed or paid yet (docs/product.md). */
  async cancel(issuerId: string, distributionId: string): Promise<Distribution> {
    const { repo, clock } = this.deps;
    const row = await this.deps.db.transaction(async (tx) => {
      const found = await repo.with(tx).byId(distributionId, issuerId, true);
      if (!found) throw new DomainError('NOT_FOUND', messages.distributionNotFound);
      if (found.status !== 'declared' || found.recordDate <= clock.now()) {
        throw new DomainError('CONFLICT', messages.distributionNotCancellable);
      }
      await repo.with(tx).update(found.id, { status: 'cancelled' });
      return { ...found, status: 'cancelled' as const };
    });
    const token = await this.deps.repo.token(row.tokenId);
    return this.view(row, token!);
  }

  /** The record date: the holders and their balances, read from the chain and fixed for good. */
  async snapshot(distributionId: string): Promise<void> {
    const { repo, clock, db } = this.deps;
    const row = await repo.byId(distributionId);
    if (row?.status !== 'declared') return;
    const token = (await this.deps.repo.token(row.tokenId))!;
    const holders = await this.holdersOnChain(token);
    const balances = holders.map((holder) => holder.balance);
    const { shares, total, paid, remainder } = allocate(
      balances,
      row.basis,
      BigInt(row.amount),
      token.decimals,
    );
    // Holders a floor leaves with nothing are kept in the snapshot but in no batch (-1).
    let paying = 0;
    const rows = holders.map((holder, i) => {
      const amount = shares[i]!;
      const batch = amount > 0n ? Math.floor(paying++ / DISTRIBUTION_BATCH_SIZE) : -1;
      return {
        distributionId,
        userId: holder.userId,
        payee: holder.payee,
        balance: holder.balance.toString(),
        amount: amount.toString(),
        batch,
      };
    });
    const batches = new Map<number, { holders: number; total: bigint }>();
    for (const holder of rows) {
      if (holder.batch < 0) continue;
      const entry = batches.get(holder.batch) ?? { holders: 0, total: 0n };
      batches.set(holder.batch, { holders: entry.holders + 1, total: entry.total + BigInt(holder.amount) });
    }
    const now = clock.now();
    await db.transaction(async (tx) => {
      const moved = await repo.with(tx).advance(distributionId, 'declared', {
        status: paid > 0n ? 'snapshot' : 'failed',
        failureReason: paid > 0n ? null : messages.distributionNoHolders,
        snapshotBalance: balances.reduce((sum, balance) => sum + balance, 0n).toString(),
        total: total.toString(),
        remainder: remainder.toString(),
        holderCount: holders.length,
        snapshotAt: now,
      });
      if (!moved || paid === 0n) return;
      await repo.with(tx).insertSnapshot(
        rows,
        [...batches].map(([batch, entry]) => ({
          distributionId,
          batch,
          holders: entry.holders,
          total: entry.total.toString(),
          status: 'pending' as const,
        })),
      );
      await this.deps.jobs.enqueue(
        tx,
        payJob,
        { distributionId },
        { runAt: row.paymentDate, dedupeKey: distributionId, maxAttempts: 20 },
      );
    });
    this.deps.jobs.notify();
    this.deps.log.info(
      { distributionId, holders: holders.length, total: total.toString() },
      'distribution snapshot taken',
    );
  }

  /** The payment date: every unpaid batch, in order, from the issuer's vault. */
  async pay(distributionId: string): Promise<void> {
    const { repo, clock } = this.deps;
    let row = await repo.byId(distributionId);
    if (!row || (row.status !== 'snapshot' && row.status !== 'paying')) return;
    const issuer = await this.deps.evmSigner(row.issuerId);
    const batches = await repo.batches(distributionId);
    const unpaid = batches.filter((batch) => batch.status !== 'paid');
    if (row.status === 'snapshot') {
      const needed = unpaid.reduce((sum, batch) => sum + BigInt(batch.total), 0n);
      const held = await this.balanceOf(issuer.address, row.currency);
      if (held < needed) {
        const error = this.insufficient(row.currency, held, needed);
        await repo.advance(distributionId, 'snapshot', { status: 'failed', failureReason: error.message });
        return;
      }
      await repo.advance(distributionId, 'snapshot', { status: 'paying' });
      row = { ...row, status: 'paying' };
    }
    const payer = await this.batchPayer();
    try {
      if (row.currency === 'tUSD' && unpaid.length > 0) await this.approve(row, issuer, payer);
      for (const batch of unpaid) await this.payBatch(row, batch, issuer, payer);
    } catch (error) {
      if (!(error instanceof ChainSendError)) throw error;
      // Refused or reverted for good: what was paid stays paid and shown; the rest is not sent.
      const reason = formatMessage(messages.distributionPaymentFailed, {
        reason: error.errorName ?? error.code,
      });
      await repo.advance(distributionId, 'paying', { status: 'failed', failureReason: reason });
      this.deps.log.warn({ err: error, distributionId }, 'distribution payment failed');
      return;
    }
    await this.deps.db.transaction(async (tx) => {
      const moved = await repo
        .with(tx)
        .advance(distributionId, 'paying', { status: 'paid', paidAt: clock.now() });
      if (moved)
        await this.deps.jobs.enqueue(tx, noticeJob, { distributionId }, { dedupeKey: distributionId });
    });
    this.deps.jobs.notify();
    this.deps.log.info({ distributionId, batches: batches.length }, 'distribution paid');
  }

  /** Each paid holder's signed credential, then their notification; each at most once. */
  async notifyHolders(distributionId: string): Promise<void> {
    const { repo, clock } = this.deps;
    const row = await repo.byId(distributionId);
    if (!row) return;
    const token = (await this.deps.repo.token(row.tokenId))!;
    const decimals = CURRENCY_DECIMALS[row.currency];
    for (const holder of await repo.toNotify(distributionId)) {
      const amount = formatUnits(BigInt(holder.amount), decimals);
      if (!holder.vcCid) {
        const cid = await this.deps.issueCredential(holder.userId, {
          // The holder's DID (every buyer has one); a URN of the account otherwise.
          id: (await this.deps.holderDid(holder.userId)) ?? `urn:uuid:${holder.userId}`,
          distributionId,
          tokenId: token.id,
          tokenName: token.name,
          tokenSymbol: token.symbol,
          currency: row.currency,
          amount,
          balanceAtRecordDate: formatUnits(BigInt(holder.balance), token.decimals),
          recordDate: row.recordDate.toISOString(),
          paidTo: holder.payee,
          paidAt: holder.paidAt!.toISOString(),
        });
        await repo.setHolder(distributionId, holder.userId, { vcCid: cid });
      }
      if (!holder.notifiedAt) {
        const data = { amount, currency: row.currency, symbol: token.symbol };
        await this.deps.notify(holder.userId, 'distribution.paid', {
          ...data,
          message: formatMessage(messages.distributionNotice, data),
        });
        await repo.setHolder(distributionId, holder.userId, { notifiedAt: clock.now() });
      }
    }
  }

  async income(userId: string): Promise<Omit<IncomeResponse, 'success'>> {
    const rows = await this.deps.repo.income(userId);
    const income: Income[] = rows.map((row) => ({
      distributionId: row.distributionId,
      tokenId: row.tokenId,
      tokenName: row.tokenName,
      symbol: row.symbol,
      currency: row.currency,
      decimals: CURRENCY_DECIMALS[row.currency],
      amount: row.amount,
      balance: row.balance,
      recordDate: row.recordDate.toISOString(),
      paidAt: row.paidAt!.toISOString(),
      memo: row.memo,
      transactionHash: row.txHash,
      explorerUrl: row.txHash ? this.deps.chain.explorerTxUrl(row.txHash as Hash) : null,
      credentialUrl: row.vcCid ? this.deps.credentialUrl(row.vcCid) : null,
    }));
    const totals = DISTRIBUTION_CURRENCIES.flatMap((currency) => {
      const mine = income.filter((row) => row.currency === currency);
      if (mine.length === 0) return [];
      const amount = mine.reduce((sum, row) => sum + BigInt(row.amount), 0n);
      return [{ currency, decimals: CURRENCY_DECIMALS[currency], amount: amount.toString() }];
    });
    return { income, totals };
  }

  /** The user's distributions received in a period: statement lines that move no token (ADR 74). */
  async statementLines(userId: string, period: StatementPeriod): Promise<StatementSection> {
    const rows = await this.deps.repo.income(userId, period);
    return {
      lines: rows.map((row) => ({
        at: row.paidAt!,
        kind: 'distribution',
        token: {
          tokenId: row.tokenId,
          name: row.tokenName,
          symbol: row.symbol,
          decimals: row.tokenDecimals,
          blockchain: row.blockchain,
        },
        holdingChange: 0n,
        value: {
          amount: BigInt(row.amount),
          currency: row.currency,
          decimals: CURRENCY_DECIMALS[row.currency],
        },
        txHash: row.txHash,
        reference: row.distributionId,
        credentialId: row.vcCid,
      })),
    };
  }

  /**
   * `npm run reconcile` (ADR 71): per distribution, the batches recorded paid sum to what it
   * says it paid, a paid one paid its total less its remainder, and every paid batch is a mined
   * BatchPayer transaction under its reference that paid exactly the recorded holders and amounts.
   */
  async reconcile(): Promise<{ distributions: number; batches: number; problems: string[] }> {
    const { repo } = this.deps;
    const problems: string[] = [];
    const all = await repo.all();
    const batches = await repo.allBatches();
    let checked = 0;
    for (const row of all) {
      const mine = batches.filter((batch) => batch.distributionId === row.id && batch.status === 'paid');
      const sum = mine.reduce((total, batch) => total + BigInt(batch.total), 0n);
      if (sum !== BigInt(row.paid)) {
        problems.push(`distribution ${row.id}: ${row.paid} recorded paid, its paid batches sum to ${sum}`);
      }
      if (row.status === 'paid' && BigInt(row.paid) !== BigInt(row.total ?? 0) - BigInt(row.remainder ?? 0)) {
        problems.push(
          `distribution ${row.id}: paid ${row.paid}, declared ${row.total} less remainder ${row.remainder}`,
        );
      }
      for (const batch of mine) {
        checked++;
        const problem = await this.batchOnChain(row, batch);
        if (problem) problems.push(`distribution ${row.id} batch ${batch.batch}: ${problem}`);
      }
    }
    return { distributions: all.length, batches: checked, problems };
  }

  private async batchOnChain(row: DistributionRow, batch: DistributionBatchRow): Promise<string | undefined> {
    const { publicClient } = this.deps.chain;
    const hash = batch.txHash as Hash | null;
    if (!hash) return 'paid without a transaction';
    const receipt = await publicClient.getTransactionReceipt({ hash }).catch(() => undefined);
    if (receipt?.status !== 'success') return `transaction ${hash} is not a mined success`;
    const tx = await publicClient.getTransaction({ hash });
    const payer = await this.batchPayer();
    if (!tx.to || getAddress(tx.to) !== payer) return `transaction ${hash} is not a BatchPayer call`;
    const call = decodeFunctionData({ abi: batchPayerAbi, data: tx.input });
    const [ref, recipients, amounts] =
      call.functionName === 'payEth'
        ? call.args
        : call.functionName === 'payToken'
          ? [call.args[0], call.args[2], call.args[3]]
          : [undefined, [], []];
    if (ref !== batchRef(row.id, batch.batch)) return `transaction ${hash} pays another reference`;
    const holders = await this.deps.repo.batchHolders(row.id, batch.batch);
    const same =
      holders.length === recipients.length &&
      holders.every(
        (holder, i) =>
          getAddress(holder.payee) === getAddress(recipients[i]!) && BigInt(holder.amount) === amounts[i],
      );
    if (!same) return `transaction ${hash} paid other holders or amounts than recorded`;
    return undefined;
  }

  private async payBatch(
    row: DistributionRow,
    batch: DistributionBatchRow,
    issuer: EvmSigner,
    payer: Address,
  ): Promise<void> {
    const { repo, sender, clock } = this.deps;
    const holders = await repo.batchHolders(row.id, batch.batch);
    const ref = batchRef(row.id, batch.batch);
    const recipients = holders.map((holder) => getAddress(holder.payee));
    const amounts = holders.map((holder) => BigInt(holder.amount));
    const total = BigInt(batch.total);
    const stablecoin = row.currency === 'tUSD' ? this.stablecoin() : undefined;
    const data = stablecoin
      ? encodeFunctionData({
          abi: batchPayerAbi,
          functionName: 'payToken',
          args: [ref, stablecoin, recipients, amounts],
        })
      : encodeFunctionData({ abi: batchPayerAbi, functionName: 'payEth', args: [ref, recipients, amounts] });
    // The keyed sender stores the signed transaction before broadcasting it: a re-run after a crash
    // gets this same transaction back (never a second one), and the contract pays a reference once.
    const sent = await sender.send({
      key: sendKey(row.id, `batch:${batch.batch}`),
      from: issuer,
      to: payer,
      data,
      value: stablecoin ? 0n : total,
      abi: batchPayerAbi,
    });
    await repo.batchSent(row.id, batch.batch, sent.hash);
    this.deps.fault?.('distribution.batch.sent');
    const receipt = await sender.confirm(sent.hash, batchPayerAbi);
    await this.deps.db.transaction((tx) =>
      repo
        .with(tx)
        .batchPaid(row.id, batch, { txHash: sent.hash, gasUsed: receipt.gasUsed, at: clock.now() }),
    );
  }

  /** The BatchPayer may pull the distribution's total of tUSD from the issuer's vault. */
  private async approve(row: DistributionRow, issuer: EvmSigner, payer: Address): Promise<void> {
    const token = this.stablecoin();
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'approve',
      args: [payer, BigInt(row.total!) - BigInt(row.remainder!)],
    });
    const sent = await this.deps.sender.send({
      key: sendKey(row.id, 'approve'),
      from: issuer,
      to: token,
      data,
    });
    await this.deps.sender.confirm(sent.hash);
  }

  /** The platform's BatchPayer, deployed on first use under a fixed send key. */
  batchPayer(): Promise<Address> {
    this.payer ??= (async () => {
      const { chain, sender } = this.deps;
      const sent = await sender.send({
        key: BATCH_PAYER_KEY,
        from: chain.platformSigner,
        data: batchPayerBytecode,
      });
      const receipt = await sender.confirm(sent.hash);
      if (!receipt.contractAddress) throw new Error('The BatchPayer deployment created no contract');
      return getAddress(receipt.contractAddress);
    })().catch((error: unknown) => {
      this.payer = undefined;
      throw error;
    });
    return this.payer;
  }

  /** Every holder but the issuer, with their balance summed over their addresses, read from the chain. */
  private async holdersOnChain(token: TokenRow) {
    const ledger = this.deps.ledgers.get(token.blockchain);
    if (!ledger) throw new Error(`No ledger for ${token.blockchain}`);
    const asset = ledgerToken(token);
    const treasury = token.treasuryAddress.toLowerCase();
    const addresses = (await this.deps.repo.bookAddresses(token.id)).filter(
      // The treasury is the issuer's unsold supply, not a holder (ADR 71).
      (entry) => entry.userId !== token.issuerId && entry.address.toLowerCase() !== treasury,
    );
    const byUser = new Map<string, bigint>();
    for (const entry of addresses) {
      const balance = await ledger.balanceOf(asset, entry.address);
      byUser.set(entry.userId, (byUser.get(entry.userId) ?? 0n) + balance);
    }
    const payees = new Map<string, string>();
    for (const wallet of await this.deps.repo.walletsOf([...byUser.keys()])) {
      if (assetChain(wallet.assetId) === 'ethereum') payees.set(wallet.userId, getAddress(wallet.address));
    }
    return [...byUser]
      .filter(([userId, balance]) => balance > 0n && payees.has(userId))
      .map(([userId, balance]) => ({ userId, balance, payee: payees.get(userId)! }));
  }

  /** What the books hold outside the issuer's treasury (the declare-time estimate of a rate's total). */
  private async bookBalance(token: TokenRow): Promise<bigint> {
    const holders = await this.holdersOnChain(token);
    return holders.reduce((sum, holder) => sum + holder.balance, 0n);
  }

  private async vaultBalance(issuerId: string, currency: DistributionCurrency): Promise<bigint> {
    if (currency === 'tUSD') this.stablecoin();
    const signer = await this.deps.evmSigner(issuerId).catch(() => {
      throw new DomainError('CONFLICT', messages.distributionVaultRequired);
    });
    return this.balanceOf(signer.address, currency);
  }

  private async balanceOf(address: Address, currency: DistributionCurrency): Promise<bigint> {
    const { publicClient } = this.deps.chain;
    if (currency === 'ETH') return publicClient.getBalance({ address });
    return publicClient.readContract({
      address: this.stablecoin(),
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
    });
  }

  private stablecoin(): Address {
    const address = this.deps.stablecoin();
    if (!address) throw new DomainError('CONFLICT', messages.distributionNoStablecoin);
    return address;
  }

  private insufficient(currency: DistributionCurrency, held: bigint, needed: bigint): DomainError {
    const decimals = CURRENCY_DECIMALS[currency];
    return new DomainError(
      'CONFLICT',
      formatMessage(messages.distributionInsufficientFunds, {
        held: formatUnits(held, decimals),
        needed: formatUnits(needed, decimals),
        currency,
      }),
    );
  }

  private async replay(row: DistributionRow, requestHash: string): Promise<Distribution> {
    if (row.requestHash !== requestHash)
      throw new DomainError('UNPROCESSABLE', messages.idempotencyKeyReused);
    const token = await this.deps.repo.token(row.tokenId);
    return this.view(row, token!);
  }

  private view(row: DistributionRow, token: Pick<TokenRow, 'symbol'>): Distribution {
    return {
      id: row.id,
      tokenId: row.tokenId,
      symbol: token.symbol,
      currency: row.currency,
      decimals: CURRENCY_DECIMALS[row.currency],
      basis: row.basis,
      amount: row.amount,
      recordDate: row.recordDate.toISOString(),
      paymentDate: row.paymentDate.toISOString(),
      memo: row.memo,
      status: row.status,
      failureReason: row.failureReason,
      holderCount: row.holderCount,
      total: row.total,
      paid: row.paid,
      remainder: row.remainder,
      createdAt: row.createdAt.toISOString(),
    };
  }
}
