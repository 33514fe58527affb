import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { decode, decodeAccountID, deriveAddress, hashes, verifySignature } from 'xrpl';
import { mptIssuanceId } from '../xrpl.js';

/**
 * A local XRP Ledger node for tests only (never a default: docs/decisions/0066-xrpl-and-stellar.md).
 * It speaks the WebSocket API the adapter uses — server_info, account_info, submit, tx,
 * ledger_entry — with the answer shapes of the API v2 reference pages
 * (https://xrpl.org/docs/references/http-websocket-apis/public-api-methods/ : server_info,
 * account_info, submit, tx, ledger_entry). Every submitted blob is decoded and its signature
 * verified against the Account (ripple-binary-codec and ripple-keypairs, through xrpl.js); it
 * keeps XRP balances, sequences, owner counts, MPT issuances and holdings, and refuses what
 * rippled refuses: a wrong Sequence (tefPAST_SEQ / terPRE_SEQ), an expired LastLedgerSequence
 * (tefMAX_LEDGER), a bad signature (invalid, as rippled's "Invalid signature."), an unauthorised
 * or locked holder (tecNO_AUTH / tecLOCKED), a missing holding (tecNO_AUTH), a short balance
 * (tecPATH_PARTIAL / tecINSUFFICIENT_RESERVE / tecUNFUNDED_PAYMENT).
 *
 * Each accepted transaction closes a ledger of its own (as `ledger_accept` does in stand-alone
 * mode); `closeLedgers` closes empty ones, and `loseNext` swallows submissions to test expiry.
 */

const BASE_FEE = 10n;
const RESERVE_BASE = 1_000_000n; // 1 XRP, the testnet's since December 2024
const RESERVE_INC = 200_000n; // 0.2 XRP

// MPTokenIssuanceCreate transaction flags = MPTokenIssuance ledger flags (XLS-33).
const CAN_LOCK = 0x02;
const REQUIRE_AUTH = 0x04;
const CAN_TRANSFER = 0x20;
const CAN_CLAWBACK = 0x40;
const LOCKED = 0x01; // lsfMPTLocked, on issuances and holdings
const AUTHORIZED = 0x02; // lsfMPTAuthorized, on holdings
const TF_UNAUTHORIZE = 0x01; // MPTokenAuthorize
const TF_LOCK = 0x01; // MPTokenIssuanceSet
const TF_UNLOCK = 0x02;
const MAX_MPT = 0x7fff_ffff_ffff_ffffn;

interface Account {
  balance: bigint;
  sequence: number;
  ownerCount: number;
}

interface Issuance {
  issuer: string;
  sequence: number;
  flags: number;
  assetScale: number;
  maximum: bigint;
  outstanding: bigint;
  metadata?: string;
}

interface Holding {
  amount: bigint;
  flags: number;
}

interface Applied {
  tx: Record<string, unknown>;
  hash: string;
  result: string;
  ledgerIndex: number;
  index: number;
}

type Json = Record<string, unknown>;
type MptAmount = { mpt_issuance_id: string; value: string };

export class XrplTestServer {
  readonly accounts = new Map<string, Account>();
  readonly issuances = new Map<string, Issuance>();
  readonly holdings = new Map<string, Holding>();
  private readonly applied = new Map<string, Applied>();
  private ledgerIndex = 1000;
  private lose = 0;
  /** Every submitted transaction, decoded (tests read which types were used). */
  readonly submitted: Json[] = [];

  private constructor(private readonly wss: WebSocketServer) {
    wss.on('connection', (socket) => socket.on('message', (data) => this.answer(socket, String(data))));
  }

  static async start(): Promise<XrplTestServer> {
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => wss.once('listening', resolve));
    return new XrplTestServer(wss);
  }

  get url(): string {
    return `ws://127.0.0.1:${(this.wss.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    for (const client of this.wss.clients) client.terminate();
    await new Promise((resolve) => this.wss.close(resolve));
  }

  /** Genesis funds (the testnet faucet's job). */
  fund(address: string, drops: bigint): void {
    const account = this.accounts.get(address);
    if (account) account.balance += drops;
    else this.accounts.set(address, { balance: drops, sequence: this.ledgerIndex, ownerCount: 0 });
  }

  closeLedgers(count: number): void {
    this.ledgerIndex += count;
  }

  /** The next `count` submissions are answered as queued but never applied (a lost broadcast). */
  loseNext(count: number): void {
    this.lose += count;
  }

  /** Submissions still to be lost. */
  get losing(): number {
    return this.lose;
  }

  holding(issuanceId: string, holder: string): Holding | undefined {
    return this.holdings.get(`${issuanceId}:${holder}`);
  }

  private answer(socket: WebSocket, text: string): void {
    const request = JSON.parse(text) as Json & { id: unknown; command: string };
    let reply: Json;
    try {
      reply = { result: this.handle(request), status: 'success', type: 'response' };
    } catch (error) {
      if (!(error instanceof NodeError)) throw error;
      reply = {
        error: error.code,
        error_code: error.numeric,
        error_message: error.message,
        request,
        status: 'error',
        type: 'response',
      };
    }
    socket.send(JSON.stringify({ id: request.id, api_version: 2, ...reply }));
  }

  private handle(request: Json & { command: string }): Json {
    switch (request.command) {
      case 'server_info':
        return this.serverInfo();
      case 'account_info':
        return this.accountInfo(String(request.account));
      case 'submit':
        return this.submit(String(request.tx_blob));
      case 'tx':
        return this.txInfo(String(request.transaction));
      case 'ledger_entry':
        return this.ledgerEntry(request);
      default:
        throw new NodeError('unknownCmd', 32, 'Unknown method.');
    }
  }

  private serverInfo(): Json {
    return {
      info: {
        build_version: '2.4.0',
        complete_ledgers: `1000-${this.ledgerIndex}`,
        load_factor: 1,
        network_id: 1,
        server_state: 'full',
        validated_ledger: {
          age: 1,
          base_fee_xrp: Number(BASE_FEE) / 1e6,
          hash: this.ledgerIndex.toString(16).toUpperCase().padStart(64, '0'),
          reserve_base_xrp: Number(RESERVE_BASE) / 1e6,
          reserve_inc_xrp: Number(RESERVE_INC) / 1e6,
          seq: this.ledgerIndex,
        },
      },
    };
  }

  private accountInfo(address: string): Json {
    const account = this.accounts.get(address);
    if (!account) throw new NodeError('actNotFound', 19, 'Account not found.');
    return {
      account_data: {
        Account: address,
        Balance: account.balance.toString(),
        Flags: 0,
        LedgerEntryType: 'AccountRoot',
        OwnerCount: account.ownerCount,
        Sequence: account.sequence,
      },
      ledger_index: this.ledgerIndex,
      validated: true,
    };
  }

  private txInfo(hash: string): Json {
    const applied = this.applied.get(hash);
    if (!applied) throw new NodeError('txnNotFound', 29, 'Transaction not found.');
    return {
      hash,
      ledger_index: applied.ledgerIndex,
      meta: { TransactionIndex: applied.index, TransactionResult: applied.result },
      tx_json: applied.tx,
      validated: true,
    };
  }

  private ledgerEntry(request: Json): Json {
    const node = (): Json | undefined => {
      if (typeof request.mpt_issuance === 'string') {
        const issuance = this.issuances.get(request.mpt_issuance);
        return (
          issuance && {
            LedgerEntryType: 'MPTokenIssuance',
            Issuer: issuance.issuer,
            Sequence: issuance.sequence,
            Flags: issuance.flags,
            AssetScale: issuance.assetScale,
            MaximumAmount: issuance.maximum.toString(),
            OutstandingAmount: issuance.outstanding.toString(),
            // Every owned entry sits on a page of its owner's directory; one page here.
            OwnerNode: '0',
            ...(issuance.metadata ? { MPTokenMetadata: issuance.metadata } : {}),
          }
        );
      }
      const mptoken = request.mptoken as { mpt_issuance_id: string; account: string } | undefined;
      if (mptoken) {
        const holding = this.holding(mptoken.mpt_issuance_id, mptoken.account);
        return (
          holding && {
            LedgerEntryType: 'MPToken',
            Account: mptoken.account,
            MPTokenIssuanceID: mptoken.mpt_issuance_id,
            MPTAmount: holding.amount.toString(),
            Flags: holding.flags,
            OwnerNode: '0',
          }
        );
      }
      return undefined;
    };
    const found = node();
    if (!found) throw new NodeError('entryNotFound', 21, 'Entry not found.');
    return { index: '0'.repeat(64), ledger_index: this.ledgerIndex, node: found, validated: true };
  }

  private submit(blob: string): Json {
    const tx = decode(blob) as Json;
    const hash = hashes.hashSignedTx(blob);
    const engine = (result: string, message: string): Json => ({
      accepted: result.startsWith('tes') || result.startsWith('tec'),
      engine_result: result,
      engine_result_message: message,
      tx_blob: blob,
      tx_json: { ...tx, hash },
    });
    if (this.applied.has(hash))
      return engine('tefALREADY', 'The exact transaction was already in this ledger.');
    if (
      typeof tx.SigningPubKey !== 'string' ||
      deriveAddress(tx.SigningPubKey) !== tx.Account ||
      !verifySignature(blob)
    ) {
      throw new NodeError('invalidTransaction', 92, 'fails local checks: Invalid signature.');
    }
    this.submitted.push(tx);
    const account = this.accounts.get(String(tx.Account));
    if (!account) return engine('terNO_ACCOUNT', 'The source account does not exist.');
    const fee = BigInt(String(tx.Fee));
    if (fee < BASE_FEE) return engine('telINSUF_FEE_P', 'Fee insufficient.');
    if (typeof tx.LastLedgerSequence === 'number' && tx.LastLedgerSequence <= this.ledgerIndex) {
      return engine('tefMAX_LEDGER', 'Ledger sequence too high.');
    }
    if (Number(tx.Sequence) < account.sequence)
      return engine('tefPAST_SEQ', 'This sequence number has already passed.');
    if (Number(tx.Sequence) > account.sequence)
      return engine('terPRE_SEQ', 'Missing/inapplicable prior transaction.');
    if (account.balance < fee) return engine('terINSUF_FEE_B', "Account balance can't pay fee.");
    if (this.lose > 0) {
      this.lose--;
      return engine('terQUEUED', 'Held until escalated fee drops.');
    }
    account.balance -= fee;
    account.sequence++;
    const result = this.apply(tx, account);
    this.ledgerIndex++;
    this.applied.set(hash, { tx: { ...tx, hash }, hash, result, ledgerIndex: this.ledgerIndex, index: 0 });
    return engine(result, result === 'tesSUCCESS' ? 'The transaction was applied.' : 'Claimed fee only.');
  }

  /** Applies a transaction whose fee and sequence are taken; its result code. */
  private apply(tx: Json, account: Account): string {
    const from = String(tx.Account);
    switch (tx.TransactionType) {
      case 'Payment':
        return typeof tx.Amount === 'string'
          ? this.payXrp(account, String(tx.Destination), BigInt(tx.Amount))
          : this.payMpt(from, String(tx.Destination), tx.Amount as MptAmount);
      case 'MPTokenIssuanceCreate': {
        if (account.balance < this.reserve(account.ownerCount + 1)) return 'tecINSUFFICIENT_RESERVE';
        const maximum = tx.MaximumAmount === undefined ? MAX_MPT : BigInt(String(tx.MaximumAmount));
        if (maximum > MAX_MPT || maximum <= 0n) return 'temMALFORMED';
        const id = mptIssuanceId(Number(tx.Sequence), decodeAccountID(from));
        this.issuances.set(id, {
          issuer: from,
          sequence: Number(tx.Sequence),
          flags: Number(tx.Flags ?? 0) & ~0x80000000,
          assetScale: Number(tx.AssetScale ?? 0),
          maximum,
          outstanding: 0n,
          metadata: tx.MPTokenMetadata as string | undefined,
        });
        account.ownerCount++;
        return 'tesSUCCESS';
      }
      case 'MPTokenAuthorize':
        return this.authorize(from, account, tx);
      case 'MPTokenIssuanceSet':
        return this.issuanceSet(from, tx);
      case 'Clawback':
        return this.clawback(from, tx);
      default:
        return 'temUNKNOWN';
    }
  }

  private payXrp(account: Account, destination: string, drops: bigint): string {
    if (account.balance - drops < this.reserve(account.ownerCount)) return 'tecUNFUNDED_PAYMENT';
    const target = this.accounts.get(destination);
    if (!target) {
      if (drops < RESERVE_BASE) return 'tecNO_DST_INSUF_XRP';
      this.accounts.set(destination, { balance: 0n, sequence: this.ledgerIndex + 1, ownerCount: 0 });
    }
    account.balance -= drops;
    this.accounts.get(destination)!.balance += drops;
    return 'tesSUCCESS';
  }

  /** XLS-33 payments: the issuer mints, a holder sends (CanTransfer) or returns to the issuer (burn). */
  private payMpt(from: string, to: string, amount: MptAmount): string {
    const issuance = this.issuances.get(amount.mpt_issuance_id);
    if (!issuance) return 'tecOBJECT_NOT_FOUND';
    const value = BigInt(amount.value);
    if (value <= 0n) return 'temBAD_AMOUNT';
    if (!this.accounts.has(to)) return 'tecNO_DST';
    const receiving = to === issuance.issuer ? undefined : this.holding(amount.mpt_issuance_id, to);
    const refusedTo = to === issuance.issuer ? undefined : this.refusal(issuance, receiving);
    if (refusedTo) return refusedTo;
    if (from === issuance.issuer) {
      if (issuance.outstanding + value > issuance.maximum) return 'tecPATH_PARTIAL';
      issuance.outstanding += value;
    } else {
      const sending = this.holding(amount.mpt_issuance_id, from);
      const refusedFrom = this.refusal(issuance, sending);
      if (refusedFrom || !sending) return refusedFrom ?? 'tecNO_AUTH';
      if (to !== issuance.issuer && (issuance.flags & CAN_TRANSFER) === 0) return 'tecNO_AUTH';
      if (sending.amount < value) return 'tecPATH_PARTIAL';
      sending.amount -= value;
      if (to === issuance.issuer) issuance.outstanding -= value;
    }
    if (receiving) receiving.amount += value;
    return 'tesSUCCESS';
  }

  /** Why a holding cannot send or receive: none, not authorised, or locked (itself or the issuance). */
  private refusal(issuance: Issuance, holding: Holding | undefined): string | undefined {
    if (!holding) return 'tecNO_AUTH';
    if ((issuance.flags & REQUIRE_AUTH) !== 0 && (holding.flags & AUTHORIZED) === 0) return 'tecNO_AUTH';
    if ((issuance.flags & LOCKED) !== 0 || (holding.flags & LOCKED) !== 0) return 'tecLOCKED';
    return undefined;
  }

  /** A holder opts in (or out, empty); the issuer of a RequireAuth issuance (un)authorises a holder. */
  private authorize(from: string, account: Account, tx: Json): string {
    const id = String(tx.MPTokenIssuanceID);
    const issuance = this.issuances.get(id);
    if (!issuance) return 'tecOBJECT_NOT_FOUND';
    const unauthorize = (Number(tx.Flags ?? 0) & TF_UNAUTHORIZE) !== 0;
    if (typeof tx.Holder === 'string') {
      if (from !== issuance.issuer) return 'tecNO_PERMISSION';
      if ((issuance.flags & REQUIRE_AUTH) === 0) return 'tecNO_AUTH';
      const holding = this.holding(id, tx.Holder);
      if (!holding) return 'tecOBJECT_NOT_FOUND';
      holding.flags = unauthorize ? holding.flags & ~AUTHORIZED : holding.flags | AUTHORIZED;
      return 'tesSUCCESS';
    }
    if (from === issuance.issuer) return 'temMALFORMED';
    const key = `${id}:${from}`;
    if (unauthorize) {
      const holding = this.holdings.get(key);
      if (!holding) return 'tecOBJECT_NOT_FOUND';
      if (holding.amount !== 0n) return 'tecHAS_OBLIGATIONS';
      this.holdings.delete(key);
      account.ownerCount--;
      return 'tesSUCCESS';
    }
    if (this.holdings.has(key)) return 'tecDUPLICATE';
    if (account.balance < this.reserve(account.ownerCount + 1)) return 'tecINSUFFICIENT_RESERVE';
    this.holdings.set(key, { amount: 0n, flags: 0 });
    account.ownerCount++;
    return 'tesSUCCESS';
  }

  private issuanceSet(from: string, tx: Json): string {
    const issuance = this.issuances.get(String(tx.MPTokenIssuanceID));
    if (!issuance) return 'tecOBJECT_NOT_FOUND';
    if (from !== issuance.issuer) return 'tecNO_PERMISSION';
    if ((issuance.flags & CAN_LOCK) === 0) return 'tecNO_PERMISSION';
    const flags = Number(tx.Flags ?? 0);
    const target =
      typeof tx.Holder === 'string' ? this.holding(String(tx.MPTokenIssuanceID), tx.Holder) : issuance;
    if (!target) return 'tecOBJECT_NOT_FOUND';
    if (flags & TF_LOCK) target.flags |= LOCKED;
    if (flags & TF_UNLOCK) target.flags &= ~LOCKED;
    return 'tesSUCCESS';
  }

  private clawback(from: string, tx: Json): string {
    const amount = tx.Amount as MptAmount;
    const issuance = this.issuances.get(amount.mpt_issuance_id);
    if (!issuance) return 'tecOBJECT_NOT_FOUND';
    if (from !== issuance.issuer || (issuance.flags & CAN_CLAWBACK) === 0) return 'tecNO_PERMISSION';
    const holding = this.holding(amount.mpt_issuance_id, String(tx.Holder));
    if (!holding) return 'tecOBJECT_NOT_FOUND';
    // Clawback takes what the holder has, up to the amount (locked or not).
    const taken = holding.amount < BigInt(amount.value) ? holding.amount : BigInt(amount.value);
    holding.amount -= taken;
    issuance.outstanding -= taken;
    return 'tesSUCCESS';
  }

  private reserve(ownerCount: number): bigint {
    return RESERVE_BASE + RESERVE_INC * BigInt(ownerCount);
  }
}

class NodeError extends Error {
  constructor(
    readonly code: string,
    readonly numeric: number,
    message: string,
  ) {
    super(message);
  }
}
