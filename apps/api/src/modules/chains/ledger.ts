import type { ChainFamily } from '@portal/shared/chain-families';
import type { TokenType } from '@portal/shared/chain-families';

/**
 * What the issuer and purchase services need from a chain, whatever the chain. Every call that
 * sends a transaction takes a `key`: calling again with the same key (a job re-run after a crash)
 * never sends a second transaction, it returns the first one's result.
 */

/** A party the portal signs for: the user's custodial vault and their address on the chain. */
export interface Party {
  userId: string;
  address: string;
}

export interface LedgerToken {
  id: string;
  tokenType: TokenType;
  name: string;
  symbol: string;
  decimals: number;
  /** Base units. */
  totalSupply: bigint;
  contractAddress: string | null;
}

export interface LedgerListing {
  id: string;
  /** Base units. */
  tokenAmount: bigint;
  priceWei: bigint;
  deadline: Date;
  escrowRef: string | null;
  /** ERC-721: the first item id of the run this listing holds. */
  firstItem: bigint | null;
}

export interface SentTransaction {
  hash: string;
}

/** Expected failures a job turns into a user message and a released reservation. */
export class SettlementError extends Error {
  constructor(
    readonly reason: 'insufficient-funds' | 'expired' | 'rejected',
    message: string,
  ) {
    super(message);
    this.name = 'SettlementError';
  }
}

export interface TokenLedger {
  readonly family: ChainFamily;
  /** Deploys the token with its whole supply in the issuer's treasury. */
  deployToken(
    token: LedgerToken,
    issuer: Party,
    key: string,
  ): Promise<{ contractAddress: string; hash: string }>;
  /** Moves the listed amount from the issuer's treasury into escrow. */
  openEscrow(
    token: LedgerToken,
    listing: LedgerListing,
    issuer: Party,
    key: string,
  ): Promise<{ escrowRef: string; hash: string }>;
  /** Gives what is left in escrow back to the issuer (hash null when nothing was left). */
  closeEscrow(
    token: LedgerToken,
    listing: LedgerListing,
    issuer: Party,
    key: string,
  ): Promise<{ hash: string | null }>;
  /** Escrow tokens to the buyer (after the payment was recorded on Ethereum). */
  releaseFromEscrow(
    token: LedgerToken,
    listing: LedgerListing,
    buyer: Party,
    amount: bigint,
    key: string,
  ): Promise<SentTransaction & { itemIds?: string[] }>;
  /** Direct sale: the issuer's treasury sends to the buyer. */
  transferFromTreasury(
    token: LedgerToken,
    issuer: Party,
    buyer: Party,
    amount: bigint,
    key: string,
  ): Promise<SentTransaction & { itemIds?: string[] }>;
  /** On-chain balance of `owner` (base units), for reconciliation. */
  balanceOf(token: LedgerToken, owner: string): Promise<bigint>;
}

/** ETH payments (always on Ethereum, the price currency of every listing). */
export interface PaymentLedger {
  /**
   * EVM escrow listings: one transaction pays the issuer and delivers the tokens to the buyer.
   */
  buyFromEscrow(
    token: LedgerToken,
    listing: LedgerListing,
    buyer: Party,
    amount: bigint,
    value: bigint,
    key: string,
  ): Promise<SentTransaction & { itemIds?: string[] }>;
  /** Pays `value` wei from the buyer's vault to the issuer, recorded under `ref` (once per ref). */
  pay(ref: string, buyer: Party, payee: string, value: bigint, key: string): Promise<SentTransaction>;
  /** Whether `ref` was paid (crash recovery and reconciliation). */
  paid(ref: string): Promise<boolean>;
}
