import type { TransactionSerializable } from 'viem';
import type { CustodyProvider, Wallet } from '@portal/shared/vault';
import type { Transaction as XrplTransaction } from 'xrpl';

/** A vault account at the custody provider, with the deposit address of each asset wallet. */
export interface CustodyVault {
  id: string;
  name: string;
  autoFuel: boolean;
  wallets: Wallet[];
}

export interface CreateCustodyVault {
  /** Our reference for the owner (the user id): a retried create returns the same vault. */
  customerRefId: string;
  name: string;
  autoFuel: boolean;
}

/**
 * The custody port: vault accounts and their wallets live at the provider, which also holds the
 * keys. Signing happens inside the provider; a private key never crosses this interface.
 */
export interface CustodyPort {
  readonly name: CustodyProvider;
  /** Idempotent per customerRefId. */
  createVault(input: CreateCustodyVault): Promise<CustodyVault>;
  /** The vault as the provider sees it now; undefined when the provider does not know it. */
  getVault(vaultId: string): Promise<CustodyVault | undefined>;
  /** The connection test: how many vault accounts the provider holds for this workspace. */
  countVaults(): Promise<number>;
  /** Signs an EVM transaction with the vault's ETH key; returns the signed serialized transaction. */
  signEvmTransaction(vaultId: string, transaction: TransactionSerializable): Promise<`0x${string}`>;
  /**
   * Signs `message` (a Solana transaction message) with the vault's SOL key; `address` is the
   * vault's stored SOL address and the provider refuses when its key does not control it.
   * Returns the 64-byte ed25519 signature, verified against `address`.
   */
  signEd25519(vaultId: string, input: { address: string; message: Uint8Array }): Promise<Uint8Array>;
  /**
   * Signs an XRP Ledger transaction (its JSON, every field filled) with the vault's XRP key;
   * `address` is the vault's stored XRP address and must be the transaction's Account. Returns
   * the signed blob (hex) and its hash.
   */
  signXrplTransaction(
    vaultId: string,
    input: { address: string; transaction: XrplTransaction },
  ): Promise<{ blob: string; hash: string }>;
  /**
   * Signs a Stellar transaction (its envelope XDR, base64, unsigned or partly signed) with the
   * vault's XLM key for `networkPassphrase`; `address` is the vault's stored XLM address and must
   * be the transaction's source. Returns the signed envelope and the transaction hash (hex).
   */
  signStellarTransaction(
    vaultId: string,
    input: { address: string; networkPassphrase: string; envelopeXdr: string },
  ): Promise<{ envelopeXdr: string; hash: string }>;
}

/** A provider failure, worded for the log (never for the user: it may name provider internals). */
export class CustodyError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'CustodyError';
  }
}
