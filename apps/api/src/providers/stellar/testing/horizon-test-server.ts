import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  Asset,
  Keypair,
  Networks,
  TransactionBuilder,
  xdr,
  type Operation,
  type Transaction,
} from '@stellar/stellar-sdk';
import { stellarAmount, stroopsOf } from '../stellar.js';

/**
 * A local Horizon for tests only (never a default: docs/decisions/0066-xrpl-and-stellar.md). A
 * real HTTP server speaking the resources the adapter uses — GET /, GET /accounts/:id, GET
 * /ledgers?order=desc&limit=1, GET /assets?asset_code&asset_issuer, POST /transactions (form field
 * `tx`), GET /transactions/:hash — with the JSON shapes of developers.stellar.org's Horizon API
 * reference. Every envelope is decoded with stellar-base for the configured network passphrase and
 * its signatures verified against the source account; it keeps balances, sequence numbers,
 * subentries, account flags and trust lines with their flags, and refuses what stellar-core
 * refuses: tx_bad_seq, tx_too_late, tx_bad_auth, tx_insufficient_fee, tx_no_source_account before
 * a ledger; in a ledger (fee and sequence spent, tx_failed) op_no_trust, op_not_authorized,
 * op_src_not_authorized, op_underfunded, op_low_reserve, op_no_destination, op_already_exists,
 * op_cant_revoke, op_not_clawback_enabled, op_auth_revocable_required.
 *
 * Each accepted transaction closes a ledger of its own; the clock is the machine's plus what
 * `advance` adds, and `loseNext` answers 504 (Horizon's timeout) without applying, to test expiry.
 */

const BASE_FEE = 100n;
const BASE_RESERVE = 5_000_000n; // 0.5 XLM, the network's since 2019
const PROTOCOL = 23;

// Account flags (AccountFlags) and trust line flags (TrustLineFlags) of the Stellar XDR.
const AUTH_REQUIRED = 0x1;
const AUTH_REVOCABLE = 0x2;
const AUTH_CLAWBACK_ENABLED = 0x8;
const AUTHORIZED = 0x1;
const AUTHORIZED_TO_MAINTAIN_LIABILITIES = 0x2;
const TRUSTLINE_CLAWBACK_ENABLED = 0x4;

interface Account {
  balance: bigint;
  sequence: bigint;
  subentries: number;
  flags: number;
}

export interface TrustLine {
  balance: bigint;
  limit: bigint;
  flags: number;
}

interface Applied {
  hash: string;
  ledger: number;
  closedAt: Date;
  successful: boolean;
  source: string;
  sequence: string;
  fee: bigint;
  operationCount: number;
  envelopeXdr: string;
  resultXdr: string;
  codes: { transaction: string; operations?: string[] };
}

type Json = Record<string, unknown>;
type Op = Operation;

/** An operation's refusal: its Horizon code and the XDR union arm stellar-core writes. */
class OpFailure {
  constructor(
    readonly code: string,
    readonly arm: string,
  ) {}
}

export class HorizonTestServer {
  readonly accounts = new Map<string, Account>();
  readonly lines = new Map<string, TrustLine>();
  /** Every transaction submitted with valid signatures, decoded (tests read which operations ran). */
  readonly submitted: Transaction[] = [];
  /** The result code of every submission refused before a ledger (tx_bad_seq, tx_too_late, …). */
  readonly refused: string[] = [];
  private readonly applied = new Map<string, Applied>();
  private ledger = 1000;
  private offsetSeconds = 0;
  private lose = 0;

  private constructor(
    private readonly server: Server,
    readonly networkPassphrase: string,
  ) {
    server.on('request', (request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'application/problem+json' });
        response.end(JSON.stringify({ type: 'server_error', status: 500, detail: String(error) }));
      });
    });
  }

  static async start(networkPassphrase: string = Networks.TESTNET): Promise<HorizonTestServer> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return new HorizonTestServer(server, networkPassphrase);
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** Genesis funds (friendbot's job on the testnet). */
  fund(address: string, stroops: bigint): void {
    const account = this.accounts.get(address);
    if (account) account.balance += stroops;
    else this.accounts.set(address, this.newAccount(stroops));
  }

  /** `holder`'s trust line to the asset CODE:issuer. */
  trustLine(code: string, issuer: string, holder: string): TrustLine | undefined {
    return this.lines.get(lineKey(code, issuer, holder));
  }

  /** Moves the clock (and so the close time of the ledgers to come) forward. */
  advance(seconds: number): void {
    this.offsetSeconds += seconds;
  }

  /** The next `count` submissions time out (504) and never apply: a lost broadcast. */
  loseNext(count: number): void {
    this.lose += count;
  }

  /** Submissions still to be lost. */
  get losing(): number {
    return this.lose;
  }

  /** Whether a ledger holds the transaction. */
  holds(hash: string): boolean {
    return this.applied.has(hash);
  }

  private now(): Date {
    return new Date((Math.floor(Date.now() / 1000) + this.offsetSeconds) * 1000);
  }

  private newAccount(balance: bigint): Account {
    // stellar-core starts a new account's sequence at the creating ledger << 32.
    return { balance, sequence: BigInt(this.ledger) << 32n, subentries: 0, flags: 0 };
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.url);
    const send = (status: number, body: Json) => {
      response.writeHead(status, {
        'content-type': status < 400 ? 'application/hal+json' : 'application/problem+json',
      });
      response.end(JSON.stringify(body));
    };
    const parts = url.pathname.split('/').filter(Boolean);
    if (request.method === 'POST' && url.pathname === '/transactions') {
      const form = new URLSearchParams(await readBody(request));
      const [status, body] = this.submit(form.get('tx') ?? '');
      return send(status, body);
    }
    if (request.method !== 'GET') return send(405, problem(405, 'Method Not Allowed', 'Only GET and POST'));
    if (parts.length === 0) return send(200, this.root());
    if (parts[0] === 'accounts' && parts.length === 2) {
      const body = this.accountRecord(parts[1]!);
      return body ? send(200, body) : send(404, notFound());
    }
    if (parts[0] === 'transactions' && parts.length === 2) {
      const applied = this.applied.get(parts[1]!);
      return applied ? send(200, this.transactionRecord(applied)) : send(404, notFound());
    }
    if (url.pathname === '/ledgers') return send(200, page(url, [this.ledgerRecord()]));
    if (url.pathname === '/assets') {
      const record = this.assetRecord(
        url.searchParams.get('asset_code') ?? '',
        url.searchParams.get('asset_issuer') ?? '',
      );
      return send(200, page(url, record ? [record] : []));
    }
    return send(404, notFound());
  }

  private root(): Json {
    return {
      _links: { self: { href: this.url } },
      horizon_version: '23.0.0-test',
      core_version: 'stellar-core 23.0.0 (test)',
      history_latest_ledger: this.ledger,
      history_elder_ledger: 1,
      core_latest_ledger: this.ledger,
      network_passphrase: this.networkPassphrase,
      current_protocol_version: PROTOCOL,
      supported_protocol_version: PROTOCOL,
      core_supported_protocol_version: PROTOCOL,
    };
  }

  private ledgerRecord(): Json {
    const closedAt = this.now();
    return {
      _links: links(`${this.url}/ledgers/${this.ledger}`, [
        'transactions',
        'operations',
        'payments',
        'effects',
      ]),
      id: this.ledger.toString(16).padStart(64, '0'),
      paging_token: (BigInt(this.ledger) << 32n).toString(),
      hash: this.ledger.toString(16).padStart(64, '0'),
      prev_hash: (this.ledger - 1).toString(16).padStart(64, '0'),
      sequence: this.ledger,
      successful_transaction_count: 0,
      failed_transaction_count: 0,
      operation_count: 0,
      tx_set_operation_count: 0,
      closed_at: closedAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      total_coins: '105443902087.3472865',
      fee_pool: '0.0000000',
      base_fee_in_stroops: Number(BASE_FEE),
      base_reserve_in_stroops: Number(BASE_RESERVE),
      max_tx_set_size: 1000,
      protocol_version: PROTOCOL,
      header_xdr: '',
    };
  }

  private accountRecord(address: string): Json | undefined {
    const account = this.accounts.get(address);
    if (!account) return undefined;
    const lines = [...this.lines.entries()]
      .filter(([key]) => key.endsWith(`:${address}`))
      .map(([key, line]) => {
        const [code, issuer] = key.split(':') as [string, string];
        return {
          balance: stellarAmount(line.balance),
          limit: stellarAmount(line.limit),
          buying_liabilities: '0.0000000',
          selling_liabilities: '0.0000000',
          last_modified_ledger: this.ledger,
          is_authorized: (line.flags & AUTHORIZED) !== 0,
          is_authorized_to_maintain_liabilities: (line.flags & AUTHORIZED_TO_MAINTAIN_LIABILITIES) !== 0,
          is_clawback_enabled: (line.flags & TRUSTLINE_CLAWBACK_ENABLED) !== 0,
          asset_type: code.length <= 4 ? 'credit_alphanum4' : 'credit_alphanum12',
          asset_code: code,
          asset_issuer: issuer,
        };
      });
    return {
      _links: {
        ...links(`${this.url}/accounts/${address}`, [
          'transactions',
          'operations',
          'payments',
          'effects',
          'offers',
          'trades',
        ]),
        data: { href: `${this.url}/accounts/${address}/data/{key}`, templated: true },
      },
      id: address,
      account_id: address,
      sequence: account.sequence.toString(),
      sequence_ledger: this.ledger,
      sequence_time: String(Math.floor(this.now().getTime() / 1000)),
      subentry_count: account.subentries,
      last_modified_ledger: this.ledger,
      last_modified_time: this.now().toISOString(),
      thresholds: { low_threshold: 0, med_threshold: 0, high_threshold: 0 },
      flags: {
        auth_required: (account.flags & AUTH_REQUIRED) !== 0,
        auth_revocable: (account.flags & AUTH_REVOCABLE) !== 0,
        auth_immutable: false,
        auth_clawback_enabled: (account.flags & AUTH_CLAWBACK_ENABLED) !== 0,
      },
      balances: [
        ...lines,
        {
          balance: stellarAmount(account.balance),
          buying_liabilities: '0.0000000',
          selling_liabilities: '0.0000000',
          asset_type: 'native',
        },
      ],
      signers: [{ weight: 1, key: address, type: 'ed25519_public_key' }],
      data: {},
      num_sponsoring: 0,
      num_sponsored: 0,
      paging_token: address,
    };
  }

  private assetRecord(code: string, issuer: string): Json | undefined {
    const held = [...this.lines.entries()].filter(([key]) => key.startsWith(`${code}:${issuer}:`));
    const issuing = this.accounts.get(issuer);
    if (held.length === 0 || !issuing) return undefined;
    const sum = (flags: (line: TrustLine) => boolean) => {
      const lines = held.map(([, line]) => line).filter(flags);
      return { count: lines.length, amount: lines.reduce((total, line) => total + line.balance, 0n) };
    };
    const authorized = sum((line) => (line.flags & AUTHORIZED) !== 0);
    const maintain = sum(
      (line) => (line.flags & AUTHORIZED) === 0 && (line.flags & AUTHORIZED_TO_MAINTAIN_LIABILITIES) !== 0,
    );
    const unauthorized = sum(
      (line) => (line.flags & (AUTHORIZED | AUTHORIZED_TO_MAINTAIN_LIABILITIES)) === 0,
    );
    return {
      _links: { toml: { href: '' } },
      asset_type: code.length <= 4 ? 'credit_alphanum4' : 'credit_alphanum12',
      asset_code: code,
      asset_issuer: issuer,
      paging_token: `${code}_${issuer}_${code.length <= 4 ? 'credit_alphanum4' : 'credit_alphanum12'}`,
      contract_id: new Asset(code, issuer).contractId(this.networkPassphrase),
      num_claimable_balances: 0,
      num_liquidity_pools: 0,
      num_contracts: 0,
      accounts: {
        authorized: authorized.count,
        authorized_to_maintain_liabilities: maintain.count,
        unauthorized: unauthorized.count,
      },
      claimable_balances_amount: '0.0000000',
      liquidity_pools_amount: '0.0000000',
      contracts_amount: '0.0000000',
      balances: {
        authorized: stellarAmount(authorized.amount),
        authorized_to_maintain_liabilities: stellarAmount(maintain.amount),
        unauthorized: stellarAmount(unauthorized.amount),
      },
      flags: {
        auth_required: (issuing.flags & AUTH_REQUIRED) !== 0,
        auth_revocable: (issuing.flags & AUTH_REVOCABLE) !== 0,
        auth_immutable: false,
        auth_clawback_enabled: (issuing.flags & AUTH_CLAWBACK_ENABLED) !== 0,
      },
    };
  }

  private transactionRecord(applied: Applied): Json {
    return {
      _links: {
        ...links(`${this.url}/transactions/${applied.hash}`, ['operations', 'effects']),
        account: { href: `${this.url}/accounts/${applied.source}` },
        ledger: { href: `${this.url}/ledgers/${applied.ledger}` },
        precedes: { href: `${this.url}/transactions?order=asc&cursor=${BigInt(applied.ledger) << 32n}` },
        succeeds: { href: `${this.url}/transactions?order=desc&cursor=${BigInt(applied.ledger) << 32n}` },
      },
      id: applied.hash,
      paging_token: (BigInt(applied.ledger) << 32n).toString(),
      successful: applied.successful,
      hash: applied.hash,
      ledger: applied.ledger,
      created_at: applied.closedAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      source_account: applied.source,
      source_account_sequence: applied.sequence,
      fee_account: applied.source,
      fee_charged: applied.fee.toString(),
      max_fee: applied.fee.toString(),
      operation_count: applied.operationCount,
      envelope_xdr: applied.envelopeXdr,
      result_xdr: applied.resultXdr,
      memo_type: 'none',
      signatures: [],
    };
  }

  /** POST /transactions: Horizon's synchronous submission. */
  private submit(envelopeXdr: string): [number, Json] {
    let tx: Transaction;
    try {
      const decoded = TransactionBuilder.fromXDR(envelopeXdr, this.networkPassphrase);
      if (!('source' in decoded) || !('sequence' in decoded))
        throw new Error('fee bumps are not served here');
      tx = decoded as Transaction;
    } catch (error) {
      return [
        400,
        problem(400, 'Transaction Malformed', `Horizon could not decode the transaction: ${String(error)}`),
      ];
    }
    const hash = tx.hash().toString('hex');
    // Horizon answers a transaction already in its history with that history.
    const known = this.applied.get(hash);
    if (known) return known.successful ? [200, this.submitted200(known)] : [400, this.failed400(known)];
    const refuse = (code: string) => [400, this.refused400(envelopeXdr, code)] as [number, Json];
    const account = this.accounts.get(tx.source);
    if (!account) return refuse('tx_no_source_account');
    const signers = new Set([tx.source, ...tx.operations.map((op) => op.source ?? tx.source)]);
    // Signatures are over the network passphrase's hash: another network's never verify.
    for (const signer of signers) {
      const keys = Keypair.fromPublicKey(signer);
      if (!tx.signatures.some((signature) => keys.verify(tx.hash(), signature.signature()))) {
        return refuse('tx_bad_auth');
      }
    }
    this.submitted.push(tx);
    const now = Math.floor(this.now().getTime() / 1000);
    const bounds = tx.timeBounds;
    if (bounds && Number(bounds.maxTime) !== 0 && now > Number(bounds.maxTime)) return refuse('tx_too_late');
    if (bounds && now < Number(bounds.minTime)) return refuse('tx_too_early');
    if (BigInt(tx.sequence) !== account.sequence + 1n) return refuse('tx_bad_seq');
    const fee = BASE_FEE * BigInt(tx.operations.length);
    if (BigInt(tx.fee) < fee) return refuse('tx_insufficient_fee');
    if (account.balance < fee) return refuse('tx_insufficient_balance');
    if (this.lose > 0) {
      this.lose--;
      return [504, problem(504, 'Timeout', 'Your request timed out before completing.')];
    }
    // In a ledger: the fee and the sequence number are spent whatever the operations do.
    account.balance -= fee;
    account.sequence = BigInt(tx.sequence);
    const before = this.snapshot();
    const results: xdr.OperationResult[] = [];
    let failure: OpFailure | undefined;
    for (const op of tx.operations) {
      const outcome = this.apply(op.source ?? tx.source, op);
      const arm = outcome instanceof OpFailure ? outcome.arm : `${op.type}Success`;
      results.push(operationResult(op.type, arm));
      if (outcome instanceof OpFailure) failure ??= outcome;
    }
    if (failure) this.restore(before);
    this.ledger++;
    const applied: Applied = {
      hash,
      ledger: this.ledger,
      closedAt: this.now(),
      successful: !failure,
      source: tx.source,
      sequence: tx.sequence,
      fee,
      operationCount: tx.operations.length,
      envelopeXdr,
      resultXdr: new xdr.TransactionResult({
        feeCharged: xdr.Int64.fromString(fee.toString()),
        result: failure
          ? xdr.TransactionResultResult.txFailed(results)
          : xdr.TransactionResultResult.txSuccess(results),
        ext: new xdr.TransactionResultExt(0),
      }).toXDR('base64'),
      codes: failure
        ? {
            transaction: 'tx_failed',
            operations: tx.operations.map((_, i) => (i === 0 ? failure.code : 'op_success')),
          }
        : { transaction: 'tx_success' },
    };
    this.applied.set(hash, applied);
    return failure ? [400, this.failed400(applied)] : [200, this.submitted200(applied)];
  }

  private submitted200(applied: Applied): Json {
    const record = this.transactionRecord(applied);
    return {
      ...record,
      _links: {
        ...(record._links as Json),
        transaction: { href: `${this.url}/transactions/${applied.hash}` },
      },
      result_meta_xdr: '',
    };
  }

  private failed400(applied: Applied): Json {
    return {
      ...problem(400, 'Transaction Failed', TX_FAILED_DETAIL),
      type: 'https://stellar.org/horizon-errors/transaction_failed',
      extras: {
        envelope_xdr: applied.envelopeXdr,
        result_xdr: applied.resultXdr,
        result_codes: applied.codes,
        hash: applied.hash,
      },
    };
  }

  private refused400(envelopeXdr: string, code: string): Json {
    this.refused.push(code);
    // The XDR arm of each code (tx_bad_seq → txBadSeq); a missing source account is txNoAccount.
    const arm =
      code === 'tx_no_source_account'
        ? 'txNoAccount'
        : code.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    const result = new xdr.TransactionResult({
      feeCharged: xdr.Int64.fromString('0'),
      result: (xdr.TransactionResultResult as unknown as Record<string, () => xdr.TransactionResultResult>)[
        arm
      ]!(),
      ext: new xdr.TransactionResultExt(0),
    });
    return {
      ...problem(400, 'Transaction Failed', TX_FAILED_DETAIL),
      type: 'https://stellar.org/horizon-errors/transaction_failed',
      extras: {
        envelope_xdr: envelopeXdr,
        result_xdr: result.toXDR('base64'),
        result_codes: { transaction: code },
      },
    };
  }

  /** Applies one operation of an accepted transaction; an OpFailure leaves the ledger to be restored. */
  private apply(from: string, op: Op): OpFailure | undefined {
    const source = this.accounts.get(from);
    if (!source) return new OpFailure('op_no_source_account', 'opNoAccount');
    if (op.type === 'createAccount') {
      const amount = stroopsOf(op.startingBalance);
      if (this.accounts.has(op.destination))
        return fail('createAccount', 'op_already_exists', 'AlreadyExist');
      if (amount < 2n * BASE_RESERVE) return fail('createAccount', 'op_low_reserve');
      if (source.balance - amount < this.minimum(source)) return fail('createAccount', 'op_underfunded');
      source.balance -= amount;
      this.accounts.set(op.destination, this.newAccount(amount));
      return undefined;
    }
    if (op.type === 'payment') return this.pay(from, source, op.destination, op.asset, stroopsOf(op.amount));
    if (op.type === 'changeTrust')
      return this.changeTrust(from, source, op.line as Asset, stroopsOf(op.limit));
    if (op.type === 'setOptions') {
      const flags = (source.flags | (op.setFlags ?? 0)) & ~(op.clearFlags ?? 0);
      if (flags & AUTH_CLAWBACK_ENABLED && !(flags & AUTH_REVOCABLE)) {
        return fail('setOptions', 'op_auth_revocable_required');
      }
      source.flags = flags;
      return undefined;
    }
    if (op.type === 'setTrustLineFlags') {
      if (op.asset.getIssuer() !== from) return fail('setTrustLineFlags', 'op_malformed');
      const line = this.lines.get(lineKey(op.asset.getCode(), from, op.trustor));
      if (!line) return fail('setTrustLineFlags', 'op_no_trust_line', 'NoTrustLine');
      let flags = line.flags;
      const set = (bit: number, on: boolean | undefined) => {
        if (on === true) flags |= bit;
        if (on === false) flags &= ~bit;
      };
      set(AUTHORIZED, op.flags.authorized);
      set(AUTHORIZED_TO_MAINTAIN_LIABILITIES, op.flags.authorizedToMaintainLiabilities);
      if (op.flags.clawbackEnabled === true) return fail('setTrustLineFlags', 'op_malformed');
      set(TRUSTLINE_CLAWBACK_ENABLED, op.flags.clawbackEnabled);
      const revoking = (line.flags & AUTHORIZED) !== 0 && (flags & AUTHORIZED) === 0;
      if (revoking && !(source.flags & AUTH_REVOCABLE)) return fail('setTrustLineFlags', 'op_cant_revoke');
      line.flags = flags;
      return undefined;
    }
    if (op.type === 'clawback') {
      if (op.asset.getIssuer() !== from) return fail('clawback', 'op_malformed');
      const line = this.lines.get(lineKey(op.asset.getCode(), from, op.from));
      if (!line) return fail('clawback', 'op_no_trust');
      if (!(line.flags & TRUSTLINE_CLAWBACK_ENABLED)) return fail('clawback', 'op_not_clawback_enabled');
      const amount = stroopsOf(op.amount);
      if (line.balance < amount) return fail('clawback', 'op_underfunded');
      line.balance -= amount;
      return undefined;
    }
    // The operations the portal sends are served; others are not.
    return new OpFailure('op_not_supported', 'opNotSupported');
  }

  /** A payment of lumens, or of a credit asset: from its issuer it is issued, to it burned. */
  private pay(
    from: string,
    source: Account,
    to: string,
    asset: Asset,
    amount: bigint,
  ): OpFailure | undefined {
    const destination = this.accounts.get(to);
    if (!destination) return fail('payment', 'op_no_destination');
    if (amount <= 0n) return fail('payment', 'op_malformed');
    if (asset.isNative()) {
      if (source.balance - amount < this.minimum(source)) return fail('payment', 'op_underfunded');
      source.balance -= amount;
      destination.balance += amount;
      return undefined;
    }
    const issuer = asset.getIssuer();
    if (!this.accounts.has(issuer)) return fail('payment', 'op_no_issuer');
    let sending: TrustLine | undefined;
    if (from !== issuer) {
      sending = this.lines.get(lineKey(asset.getCode(), issuer, from));
      if (!sending) return fail('payment', 'op_src_no_trust');
      if (!(sending.flags & AUTHORIZED)) return fail('payment', 'op_src_not_authorized');
      if (sending.balance < amount) return fail('payment', 'op_underfunded');
    }
    let receiving: TrustLine | undefined;
    if (to !== issuer) {
      receiving = this.lines.get(lineKey(asset.getCode(), issuer, to));
      if (!receiving) return fail('payment', 'op_no_trust');
      if (!(receiving.flags & AUTHORIZED)) return fail('payment', 'op_not_authorized');
      if (receiving.balance + amount > receiving.limit) return fail('payment', 'op_line_full');
    }
    if (sending) sending.balance -= amount;
    if (receiving) receiving.balance += amount;
    return undefined;
  }

  private changeTrust(from: string, source: Account, asset: Asset, limit: bigint): OpFailure | undefined {
    const issuer = this.accounts.get(asset.getIssuer());
    if (!issuer) return fail('changeTrust', 'op_no_issuer');
    if (asset.getIssuer() === from) return fail('changeTrust', 'op_malformed');
    const key = lineKey(asset.getCode(), asset.getIssuer(), from);
    const line = this.lines.get(key);
    if (limit === 0n) {
      if (!line) return fail('changeTrust', 'op_invalid_limit');
      if (line.balance !== 0n) return fail('changeTrust', 'op_invalid_limit');
      this.lines.delete(key);
      source.subentries--;
      return undefined;
    }
    if (line) {
      if (limit < line.balance) return fail('changeTrust', 'op_invalid_limit');
      line.limit = limit;
      return undefined;
    }
    if (source.balance < this.minimum(source, 1)) return fail('changeTrust', 'op_low_reserve');
    // A line to an issuer without AUTH_REQUIRED starts authorised; clawback follows the issuer's flag.
    this.lines.set(key, {
      balance: 0n,
      limit,
      flags:
        (issuer.flags & AUTH_REQUIRED ? 0 : AUTHORIZED) |
        (issuer.flags & AUTH_CLAWBACK_ENABLED ? TRUSTLINE_CLAWBACK_ENABLED : 0),
    });
    source.subentries++;
    return undefined;
  }

  private minimum(account: Account, more = 0): bigint {
    return (2n + BigInt(account.subentries + more)) * BASE_RESERVE;
  }

  private snapshot() {
    return { accounts: structuredClone(this.accounts), lines: structuredClone(this.lines) };
  }

  /** A failed transaction changes nothing but its source's fee and sequence number (spent before). */
  private restore(before: ReturnType<HorizonTestServer['snapshot']>): void {
    this.accounts.clear();
    for (const [address, account] of before.accounts) this.accounts.set(address, account);
    this.lines.clear();
    for (const [key, line] of before.lines) this.lines.set(key, line);
  }
}

const TX_FAILED_DETAIL =
  'The transaction failed when submitted to the stellar network. The `extras.result_codes` field on this response contains further details.  Descriptions of each code can be found at: https://developers.stellar.org/docs/data/horizon/api-reference/errors/result-codes/transactions';

const lineKey = (code: string, issuer: string, holder: string) => `${code}:${issuer}:${holder}`;

/** An operation's failure: its Horizon code, and its XDR arm (payment + op_no_trust → paymentNoTrust). */
function fail(type: string, code: string, arm?: string): OpFailure {
  const name =
    arm ?? code.replace(/^op_/, '').replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase());
  return new OpFailure(code, `${type}${name}`);
}

/** OperationResult.opInner(OperationResultTr.<type>(<Type>Result.<arm>())), as stellar-core writes it. */
function operationResult(type: string, arm: string): xdr.OperationResult {
  if (arm === 'opNotSupported' || arm === 'opNoAccount') {
    return (xdr.OperationResult as unknown as Record<string, () => xdr.OperationResult>)[arm]!();
  }
  const resultType = `${type[0]!.toUpperCase()}${type.slice(1)}Result`;
  const results = xdr as unknown as Record<string, Record<string, () => unknown>>;
  const tr = xdr.OperationResultTr as unknown as Record<string, (value: unknown) => xdr.OperationResultTr>;
  return xdr.OperationResult.opInner(tr[type]!(results[resultType]![arm]!()));
}

function problem(status: number, title: string, detail: string): Json {
  return {
    type: `https://stellar.org/horizon-errors/${title.toLowerCase().replace(/ /g, '_')}`,
    title,
    status,
    detail,
  };
}

function notFound(): Json {
  return {
    ...problem(
      404,
      'Resource Missing',
      'The resource at the url requested was not found.  This usually occurs for one of two reasons:  The url requested is not valid, or no data in our database could be found with the parameters provided.',
    ),
    type: 'https://stellar.org/horizon-errors/not_found',
  };
}

/** A record's HAL links: itself and its templated sub-collections (the SDK makes each a call). */
function links(self: string, collections: string[]): Json {
  return Object.fromEntries([
    ['self', { href: self }],
    ...collections.map((name) => [name, { href: `${self}/${name}{?cursor,limit,order}`, templated: true }]),
  ]);
}

/** A HAL collection page (the SDK follows _links.next and _links.prev). */
function page(url: URL, records: Json[]): Json {
  const href = url.toString();
  return {
    _links: { self: { href }, next: { href }, prev: { href } },
    _embedded: { records },
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
