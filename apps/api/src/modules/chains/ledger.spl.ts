import { messages } from '@portal/shared/messages';
import {
  SolanaSendRejectedError,
  SolanaTransactionFailedError,
  type SolanaPort,
  type SolanaSigner,
} from '../../providers/solana/solana.js';
import {
  SettlementError,
  type LedgerListing,
  type LedgerToken,
  type Party,
  type SentTransaction,
  type TokenLedger,
} from './ledger.js';

/** The custody vault that signs for a user's SOL address. */
export interface SolanaVaults {
  solanaSigner(userId: string): Promise<SolanaSigner>;
}

/**
 * SPL tokens on Solana through the SolanaPort: the issuer's vault key is the mint authority and
 * holds the supply; each escrow listing has its own escrow owner derived from the platform secret.
 * Every send is keyed, so a re-run after a crash never moves tokens twice.
 *
 * New tokens are Token-2022 mints whose accounts are born frozen (ADR 62): the issuer's treasury
 * is thawed when the token is deployed, a listing's escrow when it is opened, and a buyer's account
 * just before delivery (the API has found the buyer eligible by then).
 */
export class SplLedger implements TokenLedger {
  readonly family = 'solana' as const;

  constructor(
    private readonly solana: SolanaPort,
    private readonly vaults: SolanaVaults,
  ) {}

  async deployToken(token: LedgerToken, issuer: Party, key: string) {
    const authority = await this.signer(issuer);
    return this.settle(async () => {
      const { mint } = await this.solana.createMint({
        key: `${key}:mint`,
        decimals: token.decimals,
        mintAuthority: authority,
      });
      await this.solana.thaw({ key: `${key}:thaw`, mint, owner: issuer.address });
      const minted = await this.solana.mintTo({
        key: `${key}:supply`,
        mint,
        owner: issuer.address,
        amount: token.totalSupply,
        mintAuthority: authority,
      });
      return { contractAddress: mint, hash: minted.signature };
    });
  }

  async openEscrow(token: LedgerToken, listing: LedgerListing, issuer: Party, key: string) {
    const from = await this.signer(issuer);
    return this.settle(async () => {
      const escrowRef = await this.solana.escrowOwner(listing.id);
      await this.solana.thaw({ key: `${key}:thaw`, mint: mint(token), owner: escrowRef });
      const sent = await this.solana.transfer({
        key,
        mint: mint(token),
        from,
        toOwner: escrowRef,
        amount: listing.tokenAmount,
      });
      return { escrowRef, hash: sent.signature };
    });
  }

  async closeEscrow(token: LedgerToken, listing: LedgerListing, issuer: Party, key: string) {
    return this.settle(async () => {
      // A re-run finds the transfer an earlier run sent (the balance it read is gone by now).
      const earlier = await this.solana.sendRecord(key);
      if (earlier) return { hash: earlier.signature };
      const left = await this.solana.balance(mint(token), listing.escrowRef!);
      if (left === 0n) return { hash: null };
      const sent = await this.solana.transfer({
        key,
        mint: mint(token),
        from: { kind: 'escrow', escrowId: listing.id },
        toOwner: issuer.address,
        amount: left,
      });
      return { hash: sent.signature };
    });
  }

  releaseFromEscrow(token: LedgerToken, listing: LedgerListing, buyer: Party, amount: bigint, key: string) {
    return this.settle(async () => {
      await this.solana.thaw({ key: `${key}:thaw`, mint: mint(token), owner: buyer.address });
      const sent = await this.solana.transfer({
        key,
        mint: mint(token),
        from: { kind: 'escrow', escrowId: listing.id },
        toOwner: buyer.address,
        amount,
      });
      return { hash: sent.signature };
    });
  }

  async transferFromTreasury(token: LedgerToken, issuer: Party, buyer: Party, amount: bigint, key: string) {
    const from = await this.signer(issuer);
    return this.settle(async (): Promise<SentTransaction> => {
      await this.solana.thaw({ key: `${key}:thaw`, mint: mint(token), owner: buyer.address });
      const sent = await this.solana.transfer({
        key,
        mint: mint(token),
        from,
        toOwner: buyer.address,
        amount,
      });
      return { hash: sent.signature };
    });
  }

  balanceOf(token: LedgerToken, owner: string): Promise<bigint> {
    return this.solana.balance(mint(token), owner);
  }

  private signer(party: Party): Promise<SolanaSigner> {
    return this.vaults.solanaSigner(party.userId);
  }

  /** A transaction that failed on chain or was refused fails the purchase; the rest is retried. */
  private async settle<T>(send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      if (error instanceof SolanaTransactionFailedError || error instanceof SolanaSendRejectedError) {
        throw new SettlementError('rejected', messages.purchaseSettlementFailed);
      }
      throw error;
    }
  }
}

function mint(token: LedgerToken): string {
  if (!token.contractAddress) throw new Error(`Token ${token.id} is not deployed`);
  return token.contractAddress;
}
