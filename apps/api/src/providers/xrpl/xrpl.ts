import { createHash } from 'node:crypto';
import { Client, RippledError, Wallet, type SubmittableTransaction, type Transaction } from 'xrpl';
import type { DbOrTx } from '../../db/client.js';
import { xrplSends } from '../../db/schema/index.js';
import { AccountQueues, SendJournal, sendOnce } from '../ledger-journal/send-journal.js';

type XrplSendRow = typeof xrplSends.$inferSelect;

/**
 * The XRP Ledger through a node's WebSocket API (docs/decisions/0066-xrpl-and-stellar.md): every
 * transaction is filled (Sequence, Fee, LastLedgerSequence), signed here or by the custody vault,
 * journaled under its key, submitted, and counted only once a validated ledger holds it.
 */

/** An account the portal signs for: the platform, an escrow, or a user's custody vault. */
export interface XrplSigner {
  readonly address: string;
  sign(transaction: Transaction): Promise<{ blob: string; hash: string }>;
}

/** A transaction as the ledger code writes it: the port fills Account, Sequence, Fee, LastLedgerSequence. */
export type XrplTransactionFields = Omit<
  SubmittableTransaction,
  'Account' | 'Sequence' | 'Fee' | 'LastLedgerSequence' | 'SigningPubKey' | 'TxnSignature'
>;

export interface XrplSent {
  hash: string;
  /** The Sequence the validated transaction used (an MPT issuance id is made of it). */
  sequence: number;
}

export interface XrplServerState {
  validatedLedger: number;
  /** Drops. */
  fee: bigint;
  reserveBase: bigint;
  reserveIncrement: bigint;
}

export interface XrplAccount {
  /** Drops. */
  balance: bigint;
  sequence: number;
  ownerCount: number;
}

export interface XrplHolding {
  amount: bigint;
  locked: boolean;
  authorized: boolean;
}

export interface XrplIssuance {
  issuer: string;
  outstanding: bigint;
  maximum: bigint | null;
  locked: boolean;
}

/** A validated transaction that failed (tec…): final, its fee spent. */
export class XrplTransactionFailedError extends Error {
  constructor(
    readonly hash: string,
    readonly result: string,
  ) {
    super(`XRPL transaction ${hash} failed: ${result}`);
    this.name = 'XrplTransactionFailedError';
  }
}

/** The node refused the transaction for good (malformed, or a rule no retry can meet). */
export class XrplSendRejectedError extends Error {
  constructor(readonly result: string) {
    super(`XRPL node refused the transaction: ${result}`);
    this.name = 'XrplSendRejectedError';
  }
}

/** MPToken ledger entry flags (XLS-33). */
const LSF_MPT_LOCKED = 0x01;
const LSF_MPT_AUTHORIZED = 0x02;

/** Results after which the same signed bytes may still apply later (rippled's ter… class). */
const RETRY = /^ter/;
/** A Sequence already used: by these bytes (then the tx lookup finds them) or by another transaction. */
const PAST_SEQUENCE = new Set(['tefPAST_SEQ', 'tefMAX_LEDGER', 'tefALREADY']);

export interface XrplNodeOptions {
  url: string;
  platformSeed: string;
  db: DbOrTx;
  /** Ledgers a transaction may wait for before it expires (LastLedgerSequence); xrpl.js uses 20. */
  ledgerWindow?: number;
  /** How often the validated ledger is read while waiting. */
  pollMs?: number;
}

export class XrplNode {
  private readonly client: Client;
  private readonly repo: SendJournal<typeof xrplSends>;
  private readonly platformWallet: Wallet;
  private readonly ledgerWindow: number;
  private readonly pollMs: number;
  /** One send at a time per account in this process; other processes meet tefPAST_SEQ instead. */
  private readonly queues = new AccountQueues();
  private connecting: Promise<void> | undefined;

  constructor(private readonly options: XrplNodeOptions) {
    this.client = new Client(options.url, { timeout: 20_000 });
    this.repo = new SendJournal(options.db, xrplSends);
    this.platformWallet = Wallet.fromSeed(options.platformSeed);
    this.ledgerWindow = options.ledgerWindow ?? 20;
    this.pollMs = options.pollMs ?? 1000;
  }

  /** The funded platform account: pays reserves and fees, and runs the escrows. */
  get platform(): XrplSigner {
    return walletSigner(this.platformWallet);
  }

  /**
   * The escrow account of one listing: its key is derived from the platform seed and the listing
   * id, so it needs no storage and only the platform can move what it holds.
   */
  escrow(listingId: string): XrplSigner {
    const entropy = createHash('sha256')
      .update(`${this.options.platformSeed}\0escrow\0${listingId}`)
      .digest()
      .subarray(0, 16);
    return walletSigner(Wallet.fromEntropy(entropy));
  }

  async close(): Promise<void> {
    if (this.client.isConnected()) await this.client.disconnect();
  }

  async serverState(): Promise<XrplServerState> {
    const { info } = (await this.request({ command: 'server_info' })) as {
      info: {
        load_factor?: number;
        validated_ledger?: {
          seq: number;
          base_fee_xrp: number;
          reserve_base_xrp: number;
          reserve_inc_xrp: number;
        };
      };
    };
    const ledger = info.validated_ledger;
    if (!ledger) throw new Error('The XRPL node has no validated ledger yet');
    return {
      validatedLedger: ledger.seq,
      fee: BigInt(Math.ceil(ledger.base_fee_xrp * 1e6 * (info.load_factor ?? 1))),
      reserveBase: BigInt(Math.round(ledger.reserve_base_xrp * 1e6)),
      reserveIncrement: BigInt(Math.round(ledger.reserve_inc_xrp * 1e6)),
    };
  }

  /** The account in the validated ledger ('current': with the transactions the node has applied). */
  async account(
    address: string,
    ledger: 'validated' | 'current' = 'validated',
  ): Promise<XrplAccount | undefined> {
    const data = await this.entry<{ Balance: string; Sequence: number; OwnerCount: number }>(
      { command: 'account_info', account: address, ledger_index: ledger },
      'account_data',
    );
    return data && { balance: BigInt(data.Balance), sequence: data.Sequence, ownerCount: data.OwnerCount };
  }

  async issuance(issuanceId: string): Promise<XrplIssuance | undefined> {
    const node = await this.entry<{
      Issuer: string;
      OutstandingAmount?: string;
      MaximumAmount?: string;
      Flags: number;
    }>({ command: 'ledger_entry', mpt_issuance: issuanceId, ledger_index: 'validated' }, 'node');
    return (
      node && {
        issuer: node.Issuer,
        outstanding: BigInt(node.OutstandingAmount ?? '0'),
        maximum: node.MaximumAmount === undefined ? null : BigInt(node.MaximumAmount),
        locked: (node.Flags & LSF_MPT_LOCKED) !== 0,
      }
    );
  }

  /** A holder's MPToken entry; undefined when the holder never opted in. */
  async holding(issuanceId: string, holder: string): Promise<XrplHolding | undefined> {
    const node = await this.entry<{ MPTAmount?: string; Flags: number }>(
      {
        command: 'ledger_entry',
        mptoken: { mpt_issuance_id: issuanceId, account: holder },
        ledger_index: 'validated',
      },
      'node',
    );
    return (
      node && {
        amount: BigInt(node.MPTAmount ?? '0'),
        locked: (node.Flags & LSF_MPT_LOCKED) !== 0,
        authorized: (node.Flags & LSF_MPT_AUTHORIZED) !== 0,
      }
    );
  }

  /** Whether `key` was sent already, and its hash (a re-run reads what an earlier one did). */
  async sendRecord(key: string): Promise<XrplSendRow | undefined> {
    return this.repo.find(key);
  }

  /**
   * Sends `fields` from `signer` once per `key`: a re-run with the same key finds the journaled
   * transaction and waits for it, re-submitting the same bytes; only when those provably cannot
   * land any more is a replacement signed. Resolves once a validated ledger holds it with
   * tesSUCCESS; XrplTransactionFailedError for a tec… result.
   */
  send(key: string, signer: XrplSigner, fields: XrplTransactionFields): Promise<XrplSent> {
    return this.queues.run(signer.address, async () => {
      const row = await sendOnce(this.repo, key, {
        sign: async () => ({ key, ...(await this.sign(signer, fields)) }),
        drive: async (pending) => {
          const result = await this.drive(pending);
          return result === undefined
            ? undefined
            : { status: result === 'tesSUCCESS' ? 'validated' : 'failed', result };
        },
      });
      return this.outcome(row.hash, row.sequence, row.result!);
    });
  }

  private outcome(hash: string, sequence: number, result: string): XrplSent {
    if (result !== 'tesSUCCESS') throw new XrplTransactionFailedError(hash, result);
    return { hash, sequence };
  }

  /**
   * Submits the journaled bytes and waits: the validated result, or undefined once the
   * validated ledger is past their LastLedgerSequence (or their Sequence went to another
   * transaction) without them.
   */
  private async drive(row: XrplSendRow): Promise<string | undefined> {
    const submitted = (await this.request({ command: 'submit', tx_blob: row.txBlob })) as {
      engine_result: string;
    };
    const early = submitted.engine_result;
    if (
      !early.startsWith('tes') &&
      !early.startsWith('tec') &&
      !RETRY.test(early) &&
      !PAST_SEQUENCE.has(early)
    ) {
      // tem… (malformed) and tel…/tef… refusals: these bytes will never be accepted.
      const known = await this.lookup(row.hash);
      if (!known) throw new XrplSendRejectedError(early);
    }
    for (;;) {
      const { validatedLedger } = await this.serverState();
      const found = await this.lookup(row.hash);
      if (found?.validated) return found.result;
      if (!found && (validatedLedger > row.lastLedgerSequence || PAST_SEQUENCE.has(early))) {
        return undefined;
      }
      await new Promise((resolve) => setTimeout(resolve, this.pollMs));
    }
  }

  private async lookup(hash: string): Promise<{ validated: boolean; result: string } | undefined> {
    try {
      const found = (await this.request({ command: 'tx', transaction: hash })) as {
        validated?: boolean;
        meta?: { TransactionResult: string };
      };
      return { validated: found.validated === true, result: found.meta?.TransactionResult ?? 'unknown' };
    } catch (error) {
      if (error instanceof RippledError && rippledCode(error) === 'txnNotFound') return undefined;
      throw error;
    }
  }

  /** Fills Sequence (the node's current view), Fee and LastLedgerSequence, then signs. */
  private async sign(signer: XrplSigner, fields: XrplTransactionFields) {
    const [state, account] = await Promise.all([this.serverState(), this.account(signer.address, 'current')]);
    if (!account) throw new XrplSendRejectedError(`account ${signer.address} does not exist (terNO_ACCOUNT)`);
    const transaction = {
      ...fields,
      Account: signer.address,
      Sequence: account.sequence,
      Fee: state.fee.toString(),
      LastLedgerSequence: state.validatedLedger + this.ledgerWindow,
    } as Transaction;
    const signed = await signer.sign(transaction);
    return {
      hash: signed.hash,
      account: signer.address,
      sequence: account.sequence,
      txBlob: signed.blob,
      lastLedgerSequence: transaction.LastLedgerSequence!,
    };
  }

  private async entry<T>(request: Record<string, unknown>, field: string): Promise<T | undefined> {
    try {
      return ((await this.request(request)) as Record<string, T>)[field];
    } catch (error) {
      const code = error instanceof RippledError ? rippledCode(error) : undefined;
      if (code === 'actNotFound' || code === 'entryNotFound') return undefined;
      throw error;
    }
  }

  private async request(request: Record<string, unknown>): Promise<unknown> {
    if (!this.client.isConnected()) {
      this.connecting ??= this.client.connect().finally(() => (this.connecting = undefined));
      await this.connecting;
    }
    // The request shapes are the node's documented methods; xrpl.js types each one separately.
    const response = await this.client.request(request as never);
    return (response as { result: unknown }).result;
  }
}

function rippledCode(error: RippledError): string | undefined {
  return (error.data as { error?: string } | undefined)?.error;
}

function walletSigner(wallet: Wallet): XrplSigner {
  return {
    address: wallet.classicAddress,
    sign: (transaction) => {
      const signed = wallet.sign(transaction);
      return Promise.resolve({ blob: signed.tx_blob, hash: signed.hash });
    },
  };
}

/** XLS-33: an issuance id is the creating transaction's Sequence (4 bytes) and the issuer's account id. */
export function mptIssuanceId(sequence: number, issuerAccountId: Uint8Array): string {
  return (
    sequence.toString(16).padStart(8, '0') + Buffer.from(issuerAccountId).toString('hex')
  ).toUpperCase();
}
