import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { CHAIN_ASSET_PREFIX, type ChainFamily } from '@portal/shared/chain-families';
import {
  OPEN_RULES,
  type Eligibility,
  type EligibilityReason,
  type HoldingState,
  type TokenAction,
  type TokenActionView,
  type TokenComplianceResponse,
  type TokenEligibilityResponse,
  type TokenRules,
} from '@portal/shared/compliance';
import { formatMessage, messages } from '@portal/shared/messages';
import { formatUnits, parseUnits } from '@portal/shared/money';
import type { Clock } from '../../clock.js';
import type { Db, Tx } from '../../db/client.js';
import { DomainError } from '../../errors.js';
import type { JobRow } from '../../jobs/jobs.repo.js';
import { jobKind, type JobQueue } from '../../jobs/queue.js';
import type { IssuerService } from '../issuer/issuer.service.js';
import type { TokenRow } from '../issuer/issuer.repo.js';
import type { Notify } from '../notifications/notifications.service.js';
import type { VaultService } from '../vault/vault.service.js';
import type { StatementPeriod, StatementSection } from '../statements/statement-source.js';
import type { EventBus } from '../../events.js';
import type { ActionRow, Before, ComplianceRepo, RegistrationRow } from './compliance.repo.js';
import { evaluate, explain, ruleSet, type Party, type RuleSet } from './compliance.rules.js';

export const identityJob = jobKind('compliance.identity', z.object({ userId: z.string() }));
export const actionJob = jobKind('compliance.action', z.object({ actionId: z.string() }));
const ACTION_ATTEMPTS = 8;

/** A verification stays valid on chain this long after KYC approved it (re-verification renews it). */
const IDENTITY_VALIDITY_MS = 365 * 86_400_000;
const WITHDRAWN = new Date(0);

/** An identity as the registry holds it (nothing personal: a keyed hash, a country code, flags). */
export interface RegistryEntry {
  identityKey: `0x${string}`;
  country: string | null;
  validUntil: Date;
  accredited: boolean;
}

/**
 * What enforcement needs from the chains (ADR 61): the EVM identity registry and, per token, its
 * rules, pause, freezes, forced transfers and recoveries. Every write is keyed: a job re-run after
 * a crash gets the first transaction back. Returns transaction hashes (null where the chain keeps
 * nothing of it: Solana has no rules or pause of its own, the API enforces them before it thaws).
 */
export interface EnforcementPort {
  writeIdentity(entry: RegistryEntry, wallets: readonly string[], key: string): Promise<void>;
  setRules(token: TokenRow, rules: RuleSet, key: string): Promise<string | null>;
  setPaused(token: TokenRow, paused: boolean, key: string): Promise<string | null>;
  /** Keeps `amount` of the holder's balance frozen (0 unfreezes). */
  setFrozen(token: TokenRow, holder: string, amount: bigint, key: string): Promise<string | null>;
  forcedTransfer(
    token: TokenRow,
    from: string,
    to: string,
    amount: bigint,
    key: string,
  ): Promise<string | null>;
  recover(token: TokenRow, lost: string, replacement: string, key: string): Promise<string | null>;
  /**
   * A holder's eligibility withdrawn or restored where the chain has no registry of its own
   * (Solana: the token account is frozen or thawed); null where the registry already did it.
   */
  setEligible(token: TokenRow, holder: string, eligible: boolean, key: string): Promise<string | null>;
  explorerTxUrl(token: TokenRow, hash: string | null): string | null;
  /** What the chain holds, for `npm run reconcile` (null where the chain keeps no such thing). */
  readIdentity(wallet: string): Promise<RegistryEntry | null>;
  readHolding(
    token: TokenRow,
    holder: string,
  ): Promise<{ balance: bigint; frozen: bigint | null; accountFrozen: boolean | null }>;
  readRules(token: TokenRow): Promise<RuleSet | null>;
  readHolderCount(token: TokenRow): Promise<number | null>;
}

export interface ComplianceDeps {
  db: Db;
  repo: ComplianceRepo;
  issuer: IssuerService;
  vault: Pick<VaultService, 'info'>;
  /** The country KYC verified (ISO alpha-3), read from the sealed identity. */
  verifiedCountry(userId: string): Promise<string | null>;
  chain: EnforcementPort;
  jobs: JobQueue;
  clock: Clock;
  notify: Notify;
  /** The admin audit log (written in the decision's transaction). */
  audit(
    adminId: string,
    action: string,
    target: { type: string; id: string },
    detail: Record<string, unknown>,
    tx: Tx,
  ): Promise<void>;
  /** Keys identities: HMAC(secret, DID), so the chain never sees who an identity is. */
  identitySecret: Buffer;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Tells the features that hang on a holding (holding credentials, ADR 74) when one shrinks. */
  events?: Pick<EventBus, 'publishIn'>;
}

/** What the rules need to know of a token. */
type MarketToken = { id: string; blockchain: string; decimals: number };

interface Decision {
  token: TokenRow;
  rules: RuleSet;
  stored: TokenRules;
  paused: boolean;
  investor: Party;
  eligibility: Eligibility;
}

const TREASURY: Party = {
  exempt: true,
  verified: true,
  country: null,
  accredited: false,
  balance: 0n,
  frozen: 0n,
  lockedUntil: null,
};

/**
 * Who may hold a token (docs/product.md §4.12; ADR 61): the identity registry fed by KYC,
 * the issuer's rules, the pre-trade answer and the refusal before any money moves, and the
 * issuer's enforcement actions, each carried out on chain by a durable job and logged.
 */
export class ComplianceService {
  constructor(private readonly deps: ComplianceDeps) {}

  // ---------------------------------------------------------------- investors

  /** "May I buy `amount` (whole tokens; any amount when left out) of this token, and if not why". */
  async eligibility(
    userId: string,
    tokenId: string,
    amount: string | undefined,
  ): Promise<TokenEligibilityResponse['data']> {
    const token = await this.deps.issuer.findToken(tokenId);
    if (!token) throw new DomainError('NOT_FOUND', messages.issuerTokenNotFound);
    const address = await this.deliveryAddress(userId, token);
    const units = amount === undefined ? undefined : parseUnits(amount, token.decimals);
    if (units === undefined && amount !== undefined) {
      const message = formatMessage(messages.purchaseAmountPrecision, { decimals: token.decimals });
      throw new DomainError('VALIDATION_ERROR', message, { fields: { amount: message } });
    }
    const decision = await this.decide(token, userId, address, units);
    return {
      tokenId,
      rules: decision.stored,
      paused: decision.paused,
      eligibility: decision.eligibility,
      holding: this.holdingState(token, decision.investor),
    };
  }

  /** The marketplace rows' answers for one investor ("may I buy any"), in a few queries per page. */
  async eligibilityOf(userId: string, tokens: readonly MarketToken[]): Promise<Map<string, Eligibility>> {
    const answers = new Map<string, Eligibility>();
    if (tokens.length === 0) return answers;
    const ids = [...new Set(tokens.map((token) => token.id))];
    const [{ wallets }, registration, stored, states, positions] = await Promise.all([
      this.deps.vault.info(userId),
      this.ensureRegistration(userId),
      this.deps.repo.rulesOf(ids),
      this.deps.repo.tokenStates(ids),
      this.deps.repo.positionsOf(userId),
    ]);
    const rulesOf = new Map(stored.map((row) => [row.tokenId, row]));
    for (const token of tokens) {
      if (answers.has(token.id)) continue;
      const address = this.addressOn(wallets, token.blockchain as ChainFamily);
      const row = rulesOf.get(token.id);
      const rules = ruleSet(row?.rules ?? OPEN_RULES, row?.paused ?? false, token.decimals);
      const position = address ? positions.get(`${token.id}:${address}`) : undefined;
      const investor = this.party(token, registration, address, position);
      const state = states.get(token.id) ?? { holderCount: 0, circulating: 0n };
      const wanted = rules.minAcquisition > 0n ? rules.minAcquisition : 1n;
      const reason = evaluate(rules, state, TREASURY, investor, wanted, this.deps.clock.now());
      answers.set(token.id, this.answer(reason, rules, token, investor, state));
    }
    return answers;
  }

  /** The investor's side of a transfer from their registry entry and position. */
  private party(
    token: MarketToken,
    registration: RegistrationRow | undefined,
    address: string | undefined,
    position: { balance: bigint; frozen: bigint; lockedUntil: Date | null } | undefined,
  ): Party {
    const onRegistry =
      token.blockchain !== 'ethereum' ||
      (address !== undefined && (registration?.wallets ?? []).includes(address.toLowerCase()));
    return {
      exempt: false,
      verified: this.isVerified(registration) && onRegistry,
      country: registration?.country ?? null,
      accredited: registration?.accredited ?? false,
      balance: position?.balance ?? 0n,
      frozen: position?.frozen ?? 0n,
      lockedUntil: position?.lockedUntil ?? null,
    };
  }

  /**
   * Refuses a purchase the rules forbid, before any money moves. In-flight purchases count as
   * delivered; `before` (the settlement's re-check) counts only those that came first, so of two
   * buyers racing for the last seat the later one is refused before paying (ADR 61).
   */
  async assertMayBuy(
    userId: string,
    token: TokenRow,
    address: string,
    amount: bigint,
    before?: Before,
  ): Promise<void> {
    const { eligibility } = await this.decide(token, userId, address, amount, before);
    if (eligibility.eligible) return;
    throw new DomainError('NOT_ELIGIBLE', eligibility.message ?? messages.eligibilityNotVerified, {
      reason: eligibility.reason ?? undefined,
      params: eligibility.params,
    });
  }

  /**
   * On Solana a delivery thaws the buyer's whole account; a holder with a frozen amount (or no
   * longer verified) is frozen again before the purchase completes. Keyed by the purchase.
   */
  async afterDelivery(token: TokenRow, address: string, key: string): Promise<void> {
    if (token.blockchain === 'ethereum') return;
    const holding = await this.deps.repo.holding(token.id, address);
    if (!holding) return;
    const registration = await this.deps.repo.registration(holding.userId);
    if (BigInt(holding.frozen) > 0n || !this.isVerified(registration))
      await this.deps.chain.setEligible(token, address, false, `${key}:refreeze`);
  }

  /** A delivery joins the books (in the transaction that completes the purchase). */
  async recordDelivery(
    tx: Tx,
    token: TokenRow,
    delivery: { userId: string; address: string; amount: bigint },
  ): Promise<void> {
    const stored = await this.deps.repo.with(tx).rules(token.id);
    const lockup = (stored?.rules ?? OPEN_RULES).lockupDays * 86_400_000;
    await this.deps.repo.with(tx).addToHolding({
      tokenId: token.id,
      ...delivery,
      lockedUntil: lockup > 0 ? new Date(this.deps.clock.now().getTime() + lockup) : null,
    });
  }

  /**
   * Redemptions (ADR 72): `amount` base units leave the holder's free balance in the books, in the
   * caller's transaction (before the chain moves them to the redemption hold). Refused with the
   * holder's free amount when frozen, locked-up or already redeeming tokens would be needed.
   */
  async takeForRedemption(
    tx: Tx,
    token: TokenRow,
    address: string,
    amount: bigint,
  ): Promise<{ taken: true } | { taken: false; free: bigint; lockedUntil: Date | null }> {
    const repo = this.deps.repo.with(tx);
    const now = this.deps.clock.now();
    const holding = await repo.holding(token.id, address);
    if (await repo.takeFromHolding(token.id, address, amount, now)) {
      // Locked for redemption is no longer held: the promises made on it are broken (ADR 74).
      if (holding)
        await this.deps.events?.publishIn(tx, 'holding.decreased', {
          userId: holding.userId,
          tokenId: token.id,
        });
      return { taken: true };
    }
    const free = holding ? BigInt(holding.balance) - BigInt(holding.frozen) : 0n;
    const lockedUntil = holding?.lockedUntil && holding.lockedUntil > now ? holding.lockedUntil : null;
    return { taken: false, free: free > 0n ? free : 0n, lockedUntil };
  }

  /**
   * Redemptions (ADR 72): tokens back in the holder's vault. `delivered` when the chain moved them
   * back (which restarts a lock-up like any delivery); otherwise the lock never happened.
   */
  async returnFromRedemption(
    tx: Tx,
    token: TokenRow,
    holder: { userId: string; address: string; amount: bigint },
    delivered: boolean,
  ): Promise<void> {
    if (delivered) return this.recordDelivery(tx, token, holder);
    await this.deps.repo.with(tx).addToHolding({ tokenId: token.id, ...holder, lockedUntil: null });
  }

  /**
   * Transfers (ADR 76): "may the sender move `amount` base units from their vault to the
   * receiver's address, and if not why", from the books, by the one rule engine with the sender's
   * real position (not the treasury's), so the words are those of a purchase refusal. The
   * receiver's `balance` stands in for the books where they hold nothing of the address (the
   * sender's own wallet in self-custody: the chain's balance).
   */
  async transferEligibility(
    token: TokenRow,
    sender: { userId: string; address: string },
    receiver: { userId: string; address: string; balance?: bigint },
    amount: bigint,
  ): Promise<Eligibility> {
    const { repo, clock } = this.deps;
    const [stored, state, fromHolding, toHolding, inFlight] = await Promise.all([
      repo.rules(token.id),
      repo.tokenState(token.id),
      repo.holding(token.id, sender.address),
      repo.holding(token.id, receiver.address),
      repo.inFlightFor(token.id, receiver.address),
    ]);
    const fromRegistration = await this.ensureRegistration(sender.userId, true);
    const toRegistration =
      receiver.userId === sender.userId
        ? fromRegistration
        : await this.ensureRegistration(receiver.userId, true);
    const rules = ruleSet(stored?.rules ?? OPEN_RULES, stored?.paused ?? false, token.decimals);
    const from = this.party(token, fromRegistration, sender.address, {
      balance: BigInt(fromHolding?.balance ?? 0),
      frozen: BigInt(fromHolding?.frozen ?? 0),
      lockedUntil: fromHolding?.lockedUntil ?? null,
    });
    const to = this.party(token, toRegistration, receiver.address, {
      balance: receiver.balance ?? BigInt(toHolding?.balance ?? 0) + inFlight,
      frozen: BigInt(toHolding?.frozen ?? 0),
      lockedUntil: toHolding?.lockedUntil ?? null,
    });
    const reason = evaluate(rules, state, from, to, amount, clock.now());
    return this.answer(reason, rules, token, to, state, from);
  }

  /**
   * Whether `address` is one of the user's linked wallets on their verified identity in the
   * registry (self-custody, ADR 76): the chain then lets it hold the token like the vault.
   */
  async isOwnRegisteredWallet(userId: string, address: string): Promise<boolean> {
    const registration = await this.ensureRegistration(userId, true);
    return this.isVerified(registration) && (registration?.wallets ?? []).includes(address.toLowerCase());
  }

  /**
   * Transfers (ADR 76): `amount` leaves the sender's free balance in the books in the caller's
   * transaction, by the same guarded update as a redemption's lock (never more than is free).
   */
  takeForTransfer(tx: Tx, token: TokenRow, address: string, amount: bigint) {
    return this.takeForRedemption(tx, token, address, amount);
  }

  /** Transfers (ADR 76): a send the chain refused gives the amount back; nothing moved. */
  async returnUnsent(tx: Tx, token: TokenRow, holder: { userId: string; address: string; amount: bigint }) {
    await this.returnFromRedemption(tx, token, holder, false);
  }

  /**
   * Statement lines (ADR 74): a forced transfer takes from its source holder and gives to its
   * receiver; the books change when the action is done, so that is its date.
   */
  async statementLines(userId: string, period: StatementPeriod): Promise<StatementSection> {
    const rows = await this.deps.repo.forcedTransfersOf(userId, period.from, period.to);
    return {
      lines: rows.map((row) => {
        const amount = BigInt(row.amount ?? 0);
        const change = (row.toHolderId === userId ? amount : 0n) - (row.holderId === userId ? amount : 0n);
        return {
          at: row.at,
          kind: 'forced-transfer',
          token: row.token,
          holdingChange: change,
          value: null,
          txHash: row.txHash,
          reference: row.id,
        };
      }),
    };
  }

  /** The holder's position in each token they hold, for My Assets. */
  async holdings(userId: string): Promise<Map<string, HoldingState>> {
    const [rows, registration] = await Promise.all([
      this.deps.repo.heldTokens(userId),
      this.deps.repo.registration(userId),
    ]);
    const verified = this.isVerified(registration);
    return new Map(
      rows.map(({ holding, token }) => [
        token.id,
        this.holdingState(token, {
          ...TREASURY,
          exempt: false,
          verified,
          balance: BigInt(holding.balance),
          frozen: BigInt(holding.frozen),
          lockedUntil: holding.lockedUntil,
        }),
      ]),
    );
  }

  private async decide(
    token: TokenRow,
    userId: string,
    address: string | undefined,
    amount: bigint | undefined,
    before?: Before,
  ): Promise<Decision> {
    const { repo, clock } = this.deps;
    const [stored, state, registration] = await Promise.all([
      repo.rules(token.id),
      repo.tokenState(token.id, before),
      this.ensureRegistration(userId, true),
    ]);
    const rules = ruleSet(stored?.rules ?? OPEN_RULES, stored?.paused ?? false, token.decimals);
    const holding = address ? await repo.holding(token.id, address) : undefined;
    const inFlight = address ? await repo.inFlightFor(token.id, address, before) : 0n;
    const investor = this.party(token, registration, address, {
      balance: BigInt(holding?.balance ?? 0) + inFlight,
      frozen: BigInt(holding?.frozen ?? 0),
      lockedUntil: holding?.lockedUntil ?? null,
    });
    // "Any amount": the least one purchase may be.
    const wanted = amount ?? (rules.minAcquisition > 0n ? rules.minAcquisition : 1n);
    const reason = evaluate(rules, state, TREASURY, investor, wanted, clock.now());
    return {
      token,
      rules,
      stored: stored?.rules ?? OPEN_RULES,
      paused: rules.paused,
      investor,
      eligibility: this.answer(reason, rules, token, investor, state),
    };
  }

  private answer(
    reason: EligibilityReason | null,
    rules: RuleSet,
    token: MarketToken,
    investor: Party,
    state: { holderCount: number; circulating: bigint },
    from: Party = TREASURY,
  ): Eligibility {
    if (reason === null) return { eligible: true, reason: null, message: null, params: {} };
    const { message, params } = explain(reason, rules, {
      decimals: token.decimals,
      from,
      to: investor,
      state,
    });
    return { eligible: false, reason, message, params };
  }

  private holdingState(token: MarketToken, holder: Party): HoldingState {
    const now = this.deps.clock.now();
    // A holder whose verification was withdrawn can move nothing: all of it is frozen (not lost).
    const frozen = holder.verified ? holder.frozen : holder.balance;
    return {
      balance: formatUnits(holder.balance, token.decimals),
      frozen: formatUnits(frozen, token.decimals),
      lockedUntil: holder.lockedUntil && holder.lockedUntil > now ? holder.lockedUntil.toISOString() : null,
    };
  }

  private isVerified(registration: RegistrationRow | undefined): boolean {
    return Boolean(
      registration?.syncedAt && registration.validUntil.getTime() > this.deps.clock.now().getTime(),
    );
  }

  private async deliveryAddress(userId: string, token: TokenRow): Promise<string | undefined> {
    const { wallets } = await this.deps.vault.info(userId);
    return this.addressOn(wallets, token.blockchain as ChainFamily);
  }

  private addressOn(wallets: Array<{ assetId: string; address: string }>, family: ChainFamily) {
    return wallets.find((wallet) => wallet.assetId.startsWith(CHAIN_ASSET_PREFIX[family]))?.address;
  }

  // ----------------------------------------------------------------- registry

  /**
   * Brings the user's registry row in line with KYC, DID, accreditation and wallets; a change is
   * saved unsynced with the job that writes it on chain (in one transaction). With `write`, the
   * chain is written now: a buyer's first purchase does not wait for the job (ADR 61).
   */
  async ensureRegistration(userId: string, write = false): Promise<RegistrationRow | undefined> {
    const { repo } = this.deps;
    const [row, facts] = await Promise.all([repo.registration(userId), repo.identityFacts(userId)]);
    if (!facts?.did) return row;
    const revoked = row?.revokedAt && (!facts.verifiedAt || facts.verifiedAt <= row.revokedAt);
    const verified = facts.kycStatus === 'verified' && !revoked;
    const desired = {
      userId,
      identityKey: this.identityKey(facts.did),
      country: verified ? await this.deps.verifiedCountry(userId) : (row?.country ?? null),
      validUntil:
        verified && facts.verifiedAt
          ? new Date(facts.verifiedAt.getTime() + IDENTITY_VALIDITY_MS)
          : WITHDRAWN,
      accredited: facts.accredited,
      wallets: facts.wallets,
    };
    if (
      row &&
      row.identityKey === desired.identityKey &&
      row.country === desired.country &&
      row.validUntil.getTime() === desired.validUntil.getTime() &&
      row.accredited === desired.accredited &&
      JSON.stringify(row.wallets) === JSON.stringify(desired.wallets)
    )
      return write ? this.writeRegistry(row) : row;
    if (!row && !verified) return undefined;
    await this.deps.db.transaction(async (tx) => {
      await repo.with(tx).saveRegistration({ ...desired, syncedAt: null, updatedAt: this.deps.clock.now() });
      await this.deps.jobs.enqueue(tx, identityJob, { userId }, { dedupeKey: `identity:${userId}` });
    });
    this.deps.jobs.notify();
    const saved = await repo.registration(userId);
    return saved && write ? this.writeRegistry(saved) : saved;
  }

  /** Queues a registry update in the caller's transaction (KYC decisions, accreditation). */
  async queueIdentitySync(tx: Tx, userId: string): Promise<void> {
    await this.deps.jobs.enqueue(tx, identityJob, { userId });
  }

  /** A revoked identity is withdrawn from the registry until KYC verifies it again (same transaction). */
  async revoked(tx: Tx, userId: string): Promise<void> {
    await this.deps.repo.with(tx).markRevoked(userId, this.deps.clock.now());
    await this.queueIdentitySync(tx, userId);
  }

  /** The identity job: writes the registry, then withdraws or restores eligibility on other chains. */
  async syncIdentity(userId: string): Promise<void> {
    const before = await this.deps.repo.registration(userId);
    const wasVerified = this.isVerified(before);
    const row = await this.ensureRegistration(userId, true);
    if (!row) return;
    const isVerified = this.isVerified(row);
    if (!before?.syncedAt || wasVerified !== isVerified) await this.applyEligibility(userId, isVerified);
  }

  /**
   * Writes an unsynced registry row on chain (keyed by its version, so the job and a purchase that
   * got there first send one transaction between them) and returns it synced.
   */
  private async writeRegistry(row: RegistrationRow): Promise<RegistrationRow> {
    let current = row;
    // Concurrent requests may each save a version; the last one written is the one that counts.
    for (let round = 0; round < 5 && !current.syncedAt; round++) {
      await this.deps.chain.writeIdentity(
        {
          identityKey: current.identityKey as `0x${string}`,
          country: current.country,
          validUntil: current.validUntil,
          accredited: current.accredited,
        },
        current.wallets,
        `identity:${current.userId}:v${current.version}`,
      );
      await this.deps.repo.markSynced(current.userId, current.version, this.deps.clock.now());
      current = (await this.deps.repo.registration(current.userId)) ?? current;
    }
    return current;
  }

  /** Every token the user holds: frozen on chains without a registry, and logged for the issuer. */
  private async applyEligibility(userId: string, eligible: boolean): Promise<void> {
    for (const { holding, token } of await this.deps.repo.heldTokens(userId)) {
      // A holder an issuer froze stays frozen when their verification comes back.
      const thaw = eligible && BigInt(holding.frozen) === 0n;
      const key = `eligibility:${token.id}:${holding.address}:${eligible}:${holding.updatedAt.getTime()}`;
      const hash =
        eligible && !thaw ? null : await this.deps.chain.setEligible(token, holding.address, eligible, key);
      await this.deps.repo.insertAction({
        tokenId: token.id,
        action: eligible ? 'eligibility-restored' : 'eligibility-withdrawn',
        status: 'DONE',
        holderId: userId,
        address: holding.address,
        reason: eligible ? 'Identity verified again' : 'Identity verification withdrawn',
        txHash: hash,
      });
    }
  }

  private identityKey(did: string): `0x${string}` {
    return `0x${createHmac('sha256', this.deps.identitySecret).update(did).digest('hex')}`;
  }

  /** An administrator marks a verified investor accredited (or not), audited in the same transaction. */
  async accredit(adminId: string, userId: string, accredited: boolean, reason: string): Promise<void> {
    const facts = await this.deps.repo.identityFacts(userId);
    if (!facts) throw new DomainError('NOT_FOUND', messages.notFound);
    if (accredited && facts.kycStatus !== 'verified')
      throw new DomainError('CONFLICT', messages.accreditationNeedsVerifiedInvestor);
    await this.deps.db.transaction(async (tx) => {
      await this.deps.repo.with(tx).setAccreditation(userId, accredited, adminId);
      await this.queueIdentitySync(tx, userId);
      await this.deps.audit(
        adminId,
        'user.accreditation',
        { type: 'user', id: userId },
        { accredited, reason },
        tx,
      );
    });
    this.deps.jobs.notify();
  }

  // ------------------------------------------------------------------ issuers

  async overview(issuerId: string, tokenId: string): Promise<TokenComplianceResponse['data']> {
    const token = await this.deps.issuer.ownedToken(issuerId, tokenId);
    const [stored, holdings, actions] = await Promise.all([
      this.deps.repo.rules(token.id),
      this.deps.repo.holdingsOfToken(token.id),
      this.deps.repo.actionsOfToken(token.id),
    ]);
    const registrations = new Map(
      (await this.deps.repo.registrations(holdings.map(({ holding }) => holding.userId))).map((row) => [
        row.userId,
        row,
      ]),
    );
    return {
      tokenId: token.id,
      rules: stored?.rules ?? OPEN_RULES,
      paused: stored?.paused ?? false,
      holderCount: holdings.length,
      holders: holdings.map(({ holding, name }) => {
        const registration = registrations.get(holding.userId);
        const verified = this.isVerified(registration);
        return {
          holderId: holding.userId,
          identityKey: registration?.identityKey ?? null,
          name,
          address: holding.address,
          country: registration?.country ?? null,
          accredited: registration?.accredited ?? false,
          eligible: verified,
          ...this.holdingState(token, {
            ...TREASURY,
            exempt: false,
            verified,
            balance: BigInt(holding.balance),
            frozen: BigInt(holding.frozen),
            lockedUntil: holding.lockedUntil,
          }),
        };
      }),
      actions: actions.map(({ action, ...holder }) => this.toAction(token, action, holder)),
    };
  }

  async changeRules(issuerId: string, tokenId: string, rules: TokenRules, key: string | undefined) {
    if (rules.allowedCountries.some((code) => rules.blockedCountries.includes(code)))
      throw invalid('blockedCountries', messages.complianceCountryBothLists);
    const min = rules.minPurchase === null ? undefined : Number(rules.minPurchase);
    const max = rules.maxPurchase === null ? undefined : Number(rules.maxPurchase);
    if (min !== undefined && max !== undefined && min > max)
      throw invalid('minPurchase', messages.complianceLimitsInverted);
    return this.request(issuerId, tokenId, key, async (token) => {
      for (const field of ['maxBalance', 'minPurchase', 'maxPurchase', 'supplyCap'] as const) {
        const value = rules[field];
        if (value !== null && parseUnits(value, token.decimals) === undefined)
          throw invalid(field, formatMessage(messages.purchaseAmountPrecision, { decimals: token.decimals }));
      }
      return { action: 'rules-changed', reason: 'Rules changed', detail: { rules } };
    });
  }

  async setPaused(issuerId: string, tokenId: string, paused: boolean, reason: string, key?: string) {
    return this.request(issuerId, tokenId, key, async () => ({
      action: paused ? 'paused' : 'unpaused',
      reason,
      detail: { paused },
    }));
  }

  async freeze(
    issuerId: string,
    tokenId: string,
    input: { holderId: string; amount: string; reason: string },
    key?: string,
  ) {
    return this.request(issuerId, tokenId, key, async (token) => {
      const holding = await this.holderOf(token, input.holderId);
      const amount = this.amountOf(token, input.amount);
      if (amount > BigInt(holding.balance)) throw invalid('amount', messages.complianceAmountTooLarge);
      return {
        action: 'frozen',
        reason: input.reason,
        holderId: input.holderId,
        address: holding.address,
        amount: amount.toString(),
      };
    });
  }

  async forcedTransfer(
    issuerId: string,
    tokenId: string,
    input: { fromHolderId: string; toHolderId: string | null; amount: string; reason: string },
    key?: string,
  ) {
    return this.request(issuerId, tokenId, key, async (token) => {
      if (token.tokenType === 'ERC721') throw new DomainError('CONFLICT', messages.complianceItemsNotPartial);
      const from = await this.holderOf(token, input.fromHolderId);
      const amount = this.amountOf(token, input.amount);
      if (amount > BigInt(from.balance)) throw invalid('amount', messages.complianceAmountTooLarge);
      let toAddress = token.treasuryAddress;
      if (input.toHolderId) {
        const registration = await this.ensureRegistration(input.toHolderId, true);
        const address = await this.deliveryAddress(input.toHolderId, token);
        const onRegistry =
          token.blockchain !== 'ethereum' ||
          (address !== undefined && (registration?.wallets ?? []).includes(address.toLowerCase()));
        if (!address || !this.isVerified(registration) || !onRegistry)
          throw invalid('toHolderId', messages.complianceReceiverNotVerified);
        toAddress = address;
      }
      return {
        action: 'forced-transfer',
        reason: input.reason,
        holderId: input.fromHolderId,
        address: from.address,
        toHolderId: input.toHolderId,
        toAddress,
        amount: amount.toString(),
      };
    });
  }

  async recover(
    issuerId: string,
    tokenId: string,
    input: { holderId: string; newAddress: string; reason: string },
    key?: string,
  ) {
    return this.request(issuerId, tokenId, key, async (token) => {
      const holding = await this.holderOf(token, input.holderId);
      const registration = await this.ensureRegistration(input.holderId, true);
      const target = input.newAddress.toLowerCase();
      const sameIdentity =
        target !== holding.address.toLowerCase() &&
        (await this.deps.repo.ownsAddress(input.holderId, input.newAddress)) &&
        (token.blockchain !== 'ethereum' || (registration?.wallets ?? []).includes(target));
      if (!sameIdentity || !this.isVerified(registration))
        throw invalid('newAddress', messages.complianceRecoveryOtherIdentity);
      return {
        action: 'wallet-recovered',
        reason: input.reason,
        holderId: input.holderId,
        address: holding.address,
        toHolderId: input.holderId,
        toAddress: token.blockchain === 'ethereum' ? target : input.newAddress,
        amount: holding.balance,
      };
    });
  }

  /** Writes the action (PENDING) and its job in one transaction; the same key answers the same action. */
  private async request(
    issuerId: string,
    tokenId: string,
    key: string | undefined,
    build: (
      token: TokenRow,
    ) => Promise<
      Pick<ActionRow, 'action' | 'reason'> &
        Partial<Pick<ActionRow, 'holderId' | 'address' | 'toHolderId' | 'toAddress' | 'amount' | 'detail'>>
    >,
  ): Promise<TokenActionView> {
    const token = await this.deps.issuer.ownedToken(issuerId, tokenId);
    if (key) {
      const earlier = await this.deps.repo.actionByKey(token.id, issuerId, key);
      if (earlier) return this.toAction(token, earlier);
    }
    if (token.status !== 'DEPLOYED' || !token.contractAddress)
      throw new DomainError('CONFLICT', messages.complianceTokenNotDeployed);
    const values = await build(token);
    const row = await this.deps.db.transaction(async (tx) => {
      const repo = this.deps.repo.with(tx);
      await repo.lockToken(token.id);
      if (await repo.pendingAction(token.id))
        throw new DomainError('CONFLICT', messages.complianceActionPending);
      const inserted = await repo.insertAction({
        ...values,
        tokenId: token.id,
        requestedBy: issuerId,
        idempotencyKey: key ?? null,
      });
      await this.deps.jobs.enqueue(
        tx,
        actionJob,
        { actionId: inserted.id },
        { maxAttempts: ACTION_ATTEMPTS },
      );
      return inserted;
    });
    this.deps.jobs.notify();
    return this.toAction(token, row);
  }

  private async holderOf(token: TokenRow, holderId: string) {
    const holding = (await this.deps.repo.holdingsOfToken(token.id)).find(
      ({ holding: row }) => row.userId === holderId,
    )?.holding;
    if (!holding) throw invalid('holderId', messages.complianceHolderNotFound);
    return holding;
  }

  private amountOf(token: TokenRow, whole: string): bigint {
    const amount = parseUnits(whole, token.decimals);
    if (amount === undefined) {
      throw invalid('amount', formatMessage(messages.purchaseAmountPrecision, { decimals: token.decimals }));
    }
    return amount;
  }

  /** The action job: carries the action out on chain, then updates the books in one transaction. */
  async carryOut(actionId: string, job: JobRow): Promise<void> {
    const { repo, chain } = this.deps;
    const action = await repo.action(actionId);
    if (!action || action.status !== 'PENDING') return;
    const token = await this.deps.issuer.findToken(action.tokenId);
    if (!token) return;
    const key = `token-action:${action.id}`;
    const amount = BigInt(action.amount ?? 0);
    try {
      let hash: string | null;
      switch (action.action as TokenAction) {
        case 'rules-changed': {
          const rules = (action.detail as { rules: TokenRules }).rules;
          const stored = await repo.rules(token.id);
          hash = await chain.setRules(token, ruleSet(rules, stored?.paused ?? false, token.decimals), key);
          await this.finish(action, hash, (tx) =>
            this.deps.repo.with(tx).saveRules({ tokenId: token.id, rules, paused: stored?.paused ?? false }),
          );
          return;
        }
        case 'paused':
        case 'unpaused': {
          const paused = action.action === 'paused';
          hash = await chain.setPaused(token, paused, key);
          const stored = await repo.rules(token.id);
          await this.finish(action, hash, (tx) =>
            this.deps.repo.with(tx).saveRules({
              tokenId: token.id,
              rules: stored?.rules ?? OPEN_RULES,
              paused,
              pauseReason: paused ? action.reason : null,
            }),
          );
          for (const { holding } of await repo.holdingsOfToken(token.id))
            await this.tell(holding.userId, token, paused ? 'paused' : 'unpaused', action);
          return;
        }
        case 'frozen': {
          hash = await chain.setFrozen(token, action.address!, amount, key);
          await this.finish(action, hash, (tx) =>
            this.deps.repo.with(tx).updateHolding(token.id, action.address!, { frozen: amount.toString() }),
          );
          await this.tell(action.holderId, token, amount > 0n ? 'frozen' : 'unfrozen', action);
          return;
        }
        case 'forced-transfer': {
          hash = await chain.forcedTransfer(token, action.address!, action.toAddress!, amount, key);
          await this.finish(action, hash, (tx) => this.moveInBooks(tx, token, action, amount));
          await this.tell(action.holderId, token, 'forced-transfer', action);
          return;
        }
        case 'wallet-recovered': {
          hash = await chain.recover(token, action.address!, action.toAddress!, key);
          await this.finish(action, hash, (tx) => this.moveInBooks(tx, token, action, amount, true));
          await this.tell(action.holderId, token, 'wallet-recovered', action);
          return;
        }
        case 'eligibility-withdrawn':
        case 'eligibility-restored':
          // Written DONE by the identity job; never queued.
          return;
      }
    } catch (error) {
      const refused = error instanceof DomainError || (error as { name?: string }).name === 'SettlementError';
      if (!refused && job.attempts < job.maxAttempts) throw error;
      this.deps.log.warn({ err: error, actionId }, 'token action failed');
      await repo.finishAction(action.id, {
        status: 'FAILED',
        error: error instanceof Error ? error.message.slice(0, 500) : String(error),
      });
    }
  }

  private async finish(action: ActionRow, txHash: string | null, books: (tx: Tx) => Promise<void>) {
    await this.deps.db.transaction(async (tx) => {
      if (await this.deps.repo.with(tx).finishAction(action.id, { status: 'DONE', txHash })) await books(tx);
    });
  }

  /** A forced transfer or recovery in the books: unfrozen tokens go first; the lock-up travels with a recovery. */
  private async moveInBooks(tx: Tx, token: TokenRow, action: ActionRow, amount: bigint, recovery = false) {
    const repo = this.deps.repo.with(tx);
    const from = await repo.holding(token.id, action.address!);
    if (!from) return;
    const balance = BigInt(from.balance);
    const frozen = BigInt(from.frozen);
    const taken = recovery ? balance : amount;
    const unfrozen = balance - frozen;
    const frozenLeft = recovery ? 0n : taken > unfrozen ? frozen - (taken - unfrozen) : frozen;
    await repo.updateHolding(token.id, from.address, {
      balance: (balance - taken).toString(),
      frozen: frozenLeft.toString(),
      ...(recovery ? { lockedUntil: null } : {}),
    });
    if (taken > 0n && from.userId !== action.toHolderId)
      await this.deps.events?.publishIn(tx, 'holding.decreased', { userId: from.userId, tokenId: token.id });
    if (!action.toHolderId || !action.toAddress) return;
    await repo.addToHolding({
      tokenId: token.id,
      address: action.toAddress,
      userId: action.toHolderId,
      amount: taken,
      lockedUntil: recovery ? from.lockedUntil : null,
    });
    if (recovery && frozen > 0n)
      await repo.updateHolding(token.id, action.toAddress, { frozen: frozen.toString() });
  }

  private async tell(
    userId: string | null,
    token: TokenRow,
    action: 'frozen' | 'unfrozen' | 'forced-transfer' | 'wallet-recovered' | 'paused' | 'unpaused',
    row: ActionRow,
  ): Promise<void> {
    if (!userId) return;
    const amount = formatUnits(BigInt(row.amount ?? 0), token.decimals);
    const data = { action, symbol: token.symbol, amount, reason: row.reason, address: row.toAddress ?? '' };
    const text = {
      frozen: messages.complianceNoticeFrozen,
      unfrozen: messages.complianceNoticeUnfrozen,
      'forced-transfer': messages.complianceNoticeForcedTransfer,
      'wallet-recovered': messages.complianceNoticeRecovered,
      paused: messages.complianceNoticePaused,
      unpaused: messages.complianceNoticeResumed,
    }[action];
    await this.deps.notify(userId, 'token.enforced', { ...data, message: formatMessage(text, data) });
  }

  /**
   * `npm run reconcile`'s share: the registry on chain equals the portal's rows; every holding in
   * the books equals its history (purchases and enforcement) and the chain's balance and freeze;
   * each token's rules, pause and holder count on chain equal the books.
   */
  async reconcile(): Promise<{ identities: number; holdings: number; problems: string[] }> {
    const { repo, chain } = this.deps;
    const problems: string[] = [];
    const registrations = await repo.syncedRegistrations();
    for (const row of registrations) {
      for (const wallet of row.wallets) {
        const entry = await chain.readIdentity(wallet);
        if (!entry) continue;
        const same =
          entry.identityKey.toLowerCase() === row.identityKey.toLowerCase() &&
          entry.country === row.country &&
          Math.floor(entry.validUntil.getTime() / 1000) === Math.floor(row.validUntil.getTime() / 1000) &&
          entry.accredited === row.accredited;
        if (!same)
          problems.push(
            `identity of user ${row.userId} at ${wallet}: the registry on chain differs from the portal's`,
          );
      }
    }
    const books = await repo.holdingBooks();
    const verified = new Map(registrations.map((row) => [row.userId, this.isVerified(row)]));
    const holders = new Map<string, number>();
    for (const { holding, token, history } of books) {
      const balance = BigInt(holding.balance);
      const where = `token ${token.symbol} (${token.id}) at ${holding.address}`;
      if (balance !== BigInt(history))
        problems.push(`${where}: the books hold ${balance}, purchases and actions add up to ${history}`);
      if (balance > 0n) holders.set(token.id, (holders.get(token.id) ?? 0) + 1);
      const onChain = await chain.readHolding(token, holding.address);
      if (onChain.balance !== balance)
        problems.push(`${where}: chain holds ${onChain.balance}, the books ${balance}`);
      if (onChain.frozen !== null && onChain.frozen !== BigInt(holding.frozen))
        problems.push(`${where}: chain has ${onChain.frozen} frozen, the books ${holding.frozen}`);
      const shouldFreeze = BigInt(holding.frozen) > 0n || verified.get(holding.userId) === false;
      if (onChain.accountFrozen !== null && balance > 0n && onChain.accountFrozen !== shouldFreeze)
        problems.push(`${where}: the account is ${onChain.accountFrozen ? 'frozen' : 'thawed'} on chain`);
    }
    // Tokens withdrawn to their owner's own wallet left the books but still count on chain (ADR 76).
    for (const { token, address } of await repo.selfCustodyAddresses()) {
      if ((await chain.readHolding(token, address)).balance > 0n)
        holders.set(token.id, (holders.get(token.id) ?? 0) + 1);
    }
    for (const { rules, token } of await repo.rulesBooks()) {
      const onChain = await chain.readRules(token);
      const expected = ruleSet(rules.rules, rules.paused, token.decimals);
      if (onChain && JSON.stringify(onChain, jsonBigints) !== JSON.stringify(expected, jsonBigints))
        problems.push(`token ${token.symbol} (${token.id}): rules on chain differ from the books`);
      const count = await chain.readHolderCount(token);
      if (count !== null && count !== (holders.get(token.id) ?? 0))
        problems.push(
          `token ${token.symbol} (${token.id}): ${count} holders on chain, ${holders.get(token.id) ?? 0} in the books`,
        );
    }
    return { identities: registrations.length, holdings: books.length, problems };
  }

  private toAction(
    token: TokenRow,
    row: ActionRow,
    // Who the action concerned, as the issuer may see them (not echoed when the action is requested).
    holder: { identityKey: string | null; name: string | null } = { identityKey: null, name: null },
  ): TokenActionView {
    return {
      id: row.id,
      action: row.action as TokenAction,
      status: row.status,
      holderId: row.holderId,
      holderIdentityKey: holder.identityKey,
      holderName: holder.name,
      amount: row.amount === null ? null : formatUnits(BigInt(row.amount), token.decimals),
      reason: row.reason,
      txHash: row.txHash,
      explorerUrl: this.deps.chain.explorerTxUrl(token, row.txHash),
      createdAt: row.createdAt.toISOString(),
    };
  }
}

const jsonBigints = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);

function invalid(field: string, message: string): DomainError {
  return new DomainError('VALIDATION_ERROR', message, { fields: { [field]: message } });
}
