import type { MintState } from './token-programs.js';

/**
 * The Solana cluster the portal writes SPL tokens to. Every transaction is built and signed here
 * (real token program instructions, real ed25519 signatures) and sent as wire bytes, so the
 * embedded VM and a remote RPC node (devnet) run exactly the same code; only the node differs.
 *
 * New tokens are Token-2022 mints the platform enforces (ADR 62): every token account starts
 * frozen, the platform (freeze authority) thaws the accounts of eligible holders, and as permanent
 * delegate it can move tokens out of any account. Mints made earlier by the classic SPL Token
 * program keep working for reads and transfers, without on-chain enforcement.
 *
 * The platform pays every fee. Custodial vault keys sign for their owners; per-listing escrow
 * keys are derived from a platform secret. Every send carries a caller-chosen idempotency `key`
 * (e.g. `purchase:<id>:deliver`): the signed transaction is stored before it is sent, and a
 * re-run with the same key never produces a second transaction that could land.
 */
export interface SolanaPort {
  readonly kind: 'embedded' | 'rpc';
  /** The platform account that pays fees and rent. */
  readonly feePayer: string;

  explorerTxUrl(signature: string): string;
  explorerAddressUrl(address: string): string;

  /** The account that owns a listing's escrow tokens (derived from the platform secret). */
  escrowOwner(escrowId: string): Promise<string>;
  /** The associated token account of `owner` for `mint` (under the mint's token program). */
  tokenAccount(mint: string, owner: string): Promise<string>;

  /**
   * A new Token-2022 mint (its address derived from `key`): accounts start frozen
   * (DefaultAccountState), the platform is its freeze authority and permanent delegate.
   */
  createMint(input: { key: string; decimals: number; mintAuthority: SolanaSigner }): Promise<SolanaMinted>;
  /** Mints to the owner's associated token account, creating it if missing (it must be thawed). */
  mintTo(input: {
    key: string;
    mint: string;
    owner: string;
    amount: bigint;
    mintAuthority: SolanaSigner;
  }): Promise<SolanaSent>;
  /** The platform (fee payer) sends `amount` lamports to `to`: the test faucet's SOL (ADR 70). */
  transferLamports(input: { key: string; to: string; amount: bigint }): Promise<SolanaSent>;
  /**
   * Moves tokens from the signer's associated token account to `toOwner`'s, creating it if
   * missing. Escrow: deposit = from the issuer's vault to `escrowOwner(id)`; release and return
   * = from `{ kind: 'escrow', escrowId }` to the buyer or the issuer. Both accounts must be
   * thawed: a transfer out of or into a frozen account fails on chain.
   */
  transfer(input: {
    key: string;
    mint: string;
    from: SolanaSigner;
    toOwner: string;
    amount: bigint;
  }): Promise<SolanaSent>;
  /**
   * Thaws the owner's token account, creating it first if missing. Nothing is sent (signature
   * null) when it already exists thawed; a classic SPL mint's accounts are never frozen.
   */
  thaw(input: { key: string; mint: string; owner: string }): Promise<SolanaStateChange>;
  /**
   * Freezes the owner's token account, creating it if missing (it is then born frozen). Nothing
   * is sent (signature null) when it already exists frozen. SolanaInputError when the platform is
   * not the mint's freeze authority (a classic SPL mint).
   */
  freeze(input: { key: string; mint: string; owner: string }): Promise<SolanaStateChange>;
  /**
   * The platform, as permanent delegate, moves `amount` from `fromOwner`'s account to
   * `toOwner`'s (created if missing). Neither account's frozen state changes: a frozen one is
   * thawed, used and frozen again within the same transaction. SolanaInputError when the platform
   * is not the mint's permanent delegate (a classic SPL mint) or `fromOwner` holds no account.
   */
  forceTransfer(input: {
    key: string;
    mint: string;
    fromOwner: string;
    toOwner: string;
    amount: bigint;
  }): Promise<SolanaSent>;

  /** Token balance (base units) of the owner's associated token account; 0 when it does not exist. */
  balance(mint: string, owner: string): Promise<bigint>;
  /** The owner's token account: whether it exists, is frozen, and what it holds (0 when missing). */
  accountState(mint: string, owner: string): Promise<SolanaAccountState>;
  /** Lamports held by an account. */
  lamports(address: string): Promise<bigint>;
  /** An account's raw state (the explorer decodes it); undefined when nothing lives there. */
  account(address: string): Promise<SolanaAccount | undefined>;
  /** A mint's program, supply, decimals, authorities and extensions; undefined when there is no such mint. */
  mintInfo(mint: string): Promise<MintState | undefined>;
  /** Whether a signature landed: confirmed, failed (with the error), or not found. */
  signatureStatus(signature: string): Promise<SignatureStatus>;
  /** What was sent under a key, if anything. */
  sendRecord(key: string): Promise<SolanaSendRecord | undefined>;

  /** Waits for sends in flight, then releases the node. */
  close(): Promise<void>;
}

/** Who signs for tokens: the platform itself, a listing's escrow, or a custodial vault's SOL key. */
export type SolanaSigner =
  | { kind: 'platform' }
  | { kind: 'escrow'; escrowId: string }
  /** `address` is the vault's stored SOL address; custody refuses when its key does not match. */
  | { kind: 'vault'; vaultId: string; address: string };

export interface SolanaAccount {
  lamports: bigint;
  /** The program that owns the account (System for a wallet, a token program for mints and token accounts). */
  owner: string;
  data: Uint8Array;
}

export interface SolanaSent {
  key: string;
  signature: string;
}

export interface SolanaMinted extends SolanaSent {
  mint: string;
}

/** A freeze or thaw: the transaction sent under the key, or null when nothing needed to change. */
export interface SolanaStateChange {
  key: string;
  signature: string | null;
}

export interface SolanaAccountState {
  exists: boolean;
  frozen: boolean;
  /** Base units. */
  amount: bigint;
}

export type { MintState };

export type SignatureStatus =
  { state: 'confirmed' } | { state: 'failed'; error: string } | { state: 'not-found' };

export interface SolanaSendRecord {
  key: string;
  signature: string;
  status: 'pending' | 'confirmed' | 'failed';
  error: string | null;
}

/** The boot-time replay of the embedded VM did not rebuild the state that was journaled. */
export class SolanaReplayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SolanaReplayError';
  }
}

/** The transaction landed and failed on chain (fee paid, no effect); the same key fails again. */
export class SolanaTransactionFailedError extends Error {
  constructor(
    readonly key: string,
    readonly signature: string,
    readonly reason: string,
  ) {
    super(`Solana transaction ${signature} (${key}) failed: ${reason}`);
    this.name = 'SolanaTransactionFailedError';
  }
}

/** The node refused the transaction before running it (nothing happened on chain). */
export class SolanaSendRejectedError extends Error {
  constructor(
    readonly key: string,
    readonly reason: string,
  ) {
    super(`Solana transaction for ${key} was refused: ${reason}`);
    this.name = 'SolanaSendRejectedError';
  }
}

/** Bad input to the port (an address, an amount, a mint that does not exist). */
export class SolanaInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SolanaInputError';
  }
}
