import { createHash } from 'node:crypto';
import {
  Account,
  Asset,
  Horizon,
  Keypair,
  Memo,
  NotFoundError,
  TransactionBuilder,
  type Transaction,
  type xdr,
} from '@stellar/stellar-sdk';
import { formatUnits, parseUnits } from '@portal/shared/money';
import type { DbOrTx } from '../../db/client.js';
import { stellarSends } from '../../db/schema/index.js';
import { AccountQueues, SendJournal, sendOnce } from '../ledger-journal/send-journal.js';

/**
 * Stellar through a Horizon server (docs/decisions/0066-xrpl-and-stellar.md): every transaction is
 * built here (sequence from Horizon's account, fee and time bounds from its latest ledger), signed
 * here or by the custody vault, journaled under its key, submitted, and counted only once Horizon
 * returns it as successful.
 */

type StellarSendRow = typeof stellarSends.$inferSelect;

/** An account the portal signs for: the platform, an escrow, or a user's custody vault. */
export interface StellarSigner {
  readonly address: string;
  /** Signs the envelope (base64 XDR) for `networkPassphrase`; the signed envelope. */
  sign(envelopeXdr: string, networkPassphrase: string): Promise<string>;
}

export interface StellarNetworkState {
  ledger: number;
  closedAt: Date;
  /** Stroops per operation. */
  baseFee: bigint;
  /** Stroops; an account must hold (2 + subentries) of them. */
  baseReserve: bigint;
}

export interface StellarAccount {
  /** Lumens in stroops (10^-7 XLM). */
  balance: bigint;
  sequence: string;
  subentries: number;
  authRequired: boolean;
  authRevocable: boolean;
  authClawbackEnabled: boolean;
}

export interface StellarTrustLine {
  /** Stroops of the asset (Stellar amounts have 7 decimals whatever the token's). */
  balance: bigint;
  authorized: boolean;
  clawbackEnabled: boolean;
}

export interface StellarSent {
  hash: string;
}

/** A transaction a ledger holds as failed (tx_failed and its operations' codes): final, its fee spent. */
export class StellarTransactionFailedError extends Error {
  constructor(
    readonly hash: string,
    readonly result: string,
  ) {
    super(`Stellar transaction ${hash} failed: ${result}`);
    this.name = 'StellarTransactionFailedError';
  }
}

/** Horizon refused the transaction for good (a bad signature, a missing account, malformed). */
export class StellarSendRejectedError extends Error {
  constructor(readonly result: string) {
    super(`Horizon refused the transaction: ${result}`);
    this.name = 'StellarSendRejectedError';
  }
}

const SUCCESS = 'tx_success';
/** Answers after which the envelope may never apply, unless the ledger already holds it. */
const DEAD = new Set(['tx_bad_seq', 'tx_too_late']);

/** Stroops as the SDK's amount string (7 decimals at most), exactly. */
export const stellarAmount = (stroops: bigint): string => formatUnits(stroops, 7);
export function stroopsOf(amount: string): bigint {
  const stroops = parseUnits(amount, 7);
  if (stroops === undefined) throw new Error(`Not a Stellar amount: ${amount}`);
  return stroops;
}

export interface StellarNodeOptions {
  horizonUrl: string;
  platformSecret: string;
  networkPassphrase: string;
  db: DbOrTx;
  /** How long a transaction may wait for a ledger (maxTime = latest close + this); 120 s. */
  timeoutSeconds?: number;
  /** How often Horizon is asked while waiting. */
  pollMs?: number;
}

export class StellarNode {
  private readonly server: Horizon.Server;
  private readonly journal: SendJournal<typeof stellarSends>;
  private readonly platformKeys: Keypair;
  private readonly timeoutSeconds: number;
  private readonly pollMs: number;
  /** One send at a time per account in this process; other processes meet tx_bad_seq instead. */
  private readonly queues = new AccountQueues();

  constructor(private readonly options: StellarNodeOptions) {
    this.server = new Horizon.Server(options.horizonUrl, {
      // config.ts admits http only for a Horizon on this machine.
      allowHttp: new URL(options.horizonUrl).protocol === 'http:',
    });
    this.journal = new SendJournal(options.db, stellarSends);
    this.platformKeys = Keypair.fromSecret(options.platformSecret);
    this.timeoutSeconds = options.timeoutSeconds ?? 120;
    this.pollMs = options.pollMs ?? 1000;
  }

  get networkPassphrase(): string {
    return this.options.networkPassphrase;
  }

  /** The funded platform account: pays reserves and fees, and creates the other accounts. */
  get platform(): StellarSigner {
    return keypairSigner(this.platformKeys);
  }

  /**
   * The escrow account of one listing: its key is derived from the platform secret and the
   * listing id, so it needs no storage and only the platform can move what it holds.
   */
  escrow(listingId: string): StellarSigner {
    const seed = createHash('sha256').update(`${this.options.platformSecret}\0escrow\0${listingId}`).digest();
    return keypairSigner(Keypair.fromRawEd25519Seed(seed));
  }

  /** The latest closed ledger: its close time (time bounds are judged by it), fee and reserve. */
  async state(): Promise<StellarNetworkState> {
    const page = await this.server.ledgers().order('desc').limit(1).call();
    const ledger = page.records[0];
    if (!ledger) throw new Error('Horizon has no ledger yet');
    return {
      ledger: ledger.sequence,
      closedAt: new Date(ledger.closed_at),
      baseFee: BigInt(ledger.base_fee_in_stroops),
      baseReserve: BigInt(ledger.base_reserve_in_stroops),
    };
  }

  async account(address: string): Promise<StellarAccount | undefined> {
    const account = await this.load(address);
    if (!account) return undefined;
    const native = account.balances.find((line) => line.asset_type === 'native');
    return {
      balance: stroopsOf(native?.balance ?? '0'),
      sequence: account.sequence,
      subentries: account.subentry_count,
      authRequired: account.flags.auth_required,
      authRevocable: account.flags.auth_revocable,
      authClawbackEnabled: account.flags.auth_clawback_enabled,
    };
  }

  /** `holder`'s trust line to `asset`; undefined when there is none (or no account). */
  async trustLine(asset: Asset, holder: string): Promise<StellarTrustLine | undefined> {
    const account = await this.load(holder);
    const line = account?.balances.find(
      (balance) =>
        (balance.asset_type === 'credit_alphanum4' || balance.asset_type === 'credit_alphanum12') &&
        balance.asset_code === asset.getCode() &&
        balance.asset_issuer === asset.getIssuer(),
    ) as Horizon.HorizonApi.BalanceLineAsset | undefined;
    return (
      line && {
        balance: stroopsOf(line.balance),
        authorized: line.is_authorized,
        clawbackEnabled: line.is_clawback_enabled ?? false,
      }
    );
  }

  /** Stroops of `asset` outside its issuer: every holder's balance, however held. */
  async issued(asset: Asset): Promise<bigint> {
    const page = await this.server.assets().forCode(asset.getCode()).forIssuer(asset.getIssuer()).call();
    const record = page.records[0];
    if (!record) return 0n;
    const { balances } = record;
    return [
      balances.authorized,
      balances.authorized_to_maintain_liabilities,
      balances.unauthorized,
      record.claimable_balances_amount,
      record.liquidity_pools_amount,
      record.contracts_amount,
    ].reduce((sum, amount) => sum + stroopsOf(amount ?? '0'), 0n);
  }

  /** Whether `key` was sent already, and its hash (a re-run reads what an earlier one did). */
  async sendRecord(key: string): Promise<StellarSendRow | undefined> {
    return this.journal.find(key);
  }

  /**
   * Sends `operations` from `signer` once per `key`: a re-run with the same key finds the
   * journaled envelope and drives it again; only when it provably cannot land any more (a ledger
   * closed after its maxTime without it, or its sequence number went to another transaction) is
   * a replacement signed. Resolves once Horizon returns it as successful;
   * StellarTransactionFailedError when a ledger holds it as failed.
   */
  send(key: string, signer: StellarSigner, operations: xdr.Operation[]): Promise<StellarSent> {
    return this.queues.run(signer.address, async () => {
      const row = await sendOnce(this.journal, key, {
        sign: () => this.sign(key, signer, operations),
        drive: (pending) => this.drive(pending),
      });
      if (row.result !== SUCCESS) throw new StellarTransactionFailedError(row.hash, row.result ?? 'unknown');
      return { hash: row.hash };
    });
  }

  /**
   * Submits the journaled envelope and waits: its result once a ledger holds it, or undefined
   * once it cannot land (tx_bad_seq, tx_too_late, or a ledger closed past its maxTime without it).
   */
  private async drive(row: StellarSendRow) {
    let dead = false;
    try {
      await this.server.submitTransaction(this.envelope(row.envelopeXdr), {
        // Our destinations are our own accounts; SEP-29 would only load each one again.
        skipMemoRequiredCheck: true,
      });
      return { status: 'validated' as const, result: SUCCESS };
    } catch (error) {
      const codes = resultCodes(error);
      if (codes?.transaction === 'tx_failed') {
        // stellar-core applied it in a ledger and its operations failed: final, its fee spent.
        return { status: 'failed' as const, result: `tx_failed: ${codes.operations.join(', ')}` };
      }
      if (codes) {
        dead = DEAD.has(codes.transaction);
        if (!dead && !(await this.lookup(row.hash))) throw new StellarSendRejectedError(codes.transaction);
      } else if (httpStatus(error) !== 504) {
        // Horizon's 504 means "not in a ledger yet": wait for it. Anything else is retried by the job.
        throw error;
      }
    }
    for (;;) {
      const found = await this.lookup(row.hash);
      if (found !== undefined) {
        return found
          ? { status: 'validated' as const, result: SUCCESS }
          : { status: 'failed' as const, result: 'tx_failed' };
      }
      if (dead || (await this.state()).closedAt > row.maxTime) return undefined;
      await new Promise((resolve) => setTimeout(resolve, this.pollMs));
    }
  }

  /** Whether a ledger holds the transaction: true (successful), false (failed), undefined (not found). */
  private async lookup(hash: string): Promise<boolean | undefined> {
    try {
      return (await this.server.transactions().transaction(hash).call()).successful;
    } catch (error) {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    }
  }

  /** Builds with the account's next sequence, the base fee and time bounds, then signs. */
  private async sign(key: string, signer: StellarSigner, operations: xdr.Operation[]) {
    const [state, account] = await Promise.all([this.state(), this.account(signer.address)]);
    if (!account) throw new StellarSendRejectedError(`tx_no_source_account (${signer.address})`);
    const maxTime = Math.floor(state.closedAt.getTime() / 1000) + this.timeoutSeconds;
    const builder = new TransactionBuilder(new Account(signer.address, account.sequence), {
      fee: state.baseFee.toString(),
      networkPassphrase: this.networkPassphrase,
      timebounds: { minTime: 0, maxTime },
      // The key's hash as memo: two keys never sign the same bytes (the journal's hashes are unique).
      memo: Memo.hash(createHash('sha256').update(key).digest('hex')),
    });
    for (const operation of operations) builder.addOperation(operation);
    const transaction = builder.build();
    const signed = this.envelope(await signer.sign(transaction.toXDR(), this.networkPassphrase));
    // The hash is the network's and the unsigned body's: a signer cannot change what is sent.
    if (!signed.hash().equals(transaction.hash()))
      throw new Error(`${signer.address} signed another transaction`);
    return {
      key,
      hash: transaction.hash().toString('hex'),
      account: signer.address,
      sequence: transaction.sequence,
      envelopeXdr: signed.toXDR(),
      maxTime: new Date(maxTime * 1000),
    };
  }

  private envelope(envelopeXdr: string): Transaction {
    return TransactionBuilder.fromXDR(envelopeXdr, this.networkPassphrase) as Transaction;
  }

  private async load(address: string) {
    try {
      return await this.server.loadAccount(address);
    } catch (error) {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    }
  }
}

function keypairSigner(keys: Keypair): StellarSigner {
  return {
    address: keys.publicKey(),
    sign: (envelopeXdr, networkPassphrase) => {
      const transaction = TransactionBuilder.fromXDR(envelopeXdr, networkPassphrase);
      transaction.sign(keys);
      return Promise.resolve(transaction.toXDR());
    },
  };
}

/** Horizon's transaction_failed problem: extras.result_codes (developers.stellar.org, Errors). */
function resultCodes(error: unknown): { transaction: string; operations: string[] } | undefined {
  const response = (error as { response?: { data?: unknown } } | undefined)?.response;
  const data = (response?.data ?? response) as
    { extras?: { result_codes?: { transaction?: string; operations?: string[] } } } | undefined;
  const codes = data?.extras?.result_codes;
  return codes?.transaction
    ? { transaction: codes.transaction, operations: codes.operations ?? [] }
    : undefined;
}

function httpStatus(error: unknown): number | undefined {
  const response = (error as { response?: { status?: number; data?: { status?: number } } } | undefined)
    ?.response;
  return response?.status ?? response?.data?.status;
}

/**
 * A token as a Stellar classic asset: its code is the token symbol, its issuer the issuer's vault
 * account; the portal writes it as one alphanumeric id, the code followed by the issuer (G…, 56).
 */
export function stellarAssetId(code: string, issuer: string): string {
  return `${code}${issuer}`;
}
export function stellarAssetOf(assetId: string): Asset {
  const match = /^([A-Za-z0-9]{1,12})(G[A-Z2-7]{55})$/.exec(assetId);
  if (!match) throw new Error(`Not a Stellar asset id: ${assetId}`);
  return new Asset(match[1]!, match[2]!);
}
