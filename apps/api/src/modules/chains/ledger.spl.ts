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

/** A holder's token account as the chain has it (reconciliation, My Assets, enforcement). */
export interface HolderState {
  exists: boolean;
  frozen: boolean;
  /** Base units. */
  amount: bigint;
  /**
   * Whether the chain enforces the token: a Token-2022 mint whose freeze authority and permanent
   * delegate is the platform. A classic SPL mint from before is enforced by the API alone (ADR 62).
   */
  enforced: boolean;
}

/**
 * SPL tokens on Solana through the SolanaPort: the issuer's vault key is the mint authority and
 * holds the supply; each escrow listing has its own escrow owner derived from the platform secret.
 * Every send is keyed, so a re-run after a crash never moves tokens twice.
 *
 * New tokens are Token-2022 mints whose accounts are born frozen (ADR 62): the issuer's treasury
 * is thawed when the token is deployed, a listing's escrow when it is opened, and a buyer's account
 * just before delivery (the API has found the buyer eligible by then). The compliance module
 * freezes, thaws and force-moves holders through the methods below.
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

  /**
   * Freezes the holder's whole account (Token-2022 has no partial freeze: the compliance module
   * keeps the frozen amount in its books). Hash null when it was already frozen, or when the mint
   * is a classic one the chain does not enforce.
   */
  async freezeHolder(token: LedgerToken, owner: string, key: string): Promise<{ hash: string | null }> {
    if (!(await this.enforced(token))) return { hash: null };
    return this.settle(
      async () => ({ hash: (await this.solana.freeze({ key, mint: mint(token), owner })).signature }),
      'Solana refused to freeze the holder',
    );
  }

  /** Thaws the holder's account (made if missing). Hash null when nothing had to change. */
  async thawHolder(token: LedgerToken, owner: string, key: string): Promise<{ hash: string | null }> {
    if (!(await this.enforced(token))) return { hash: null };
    return this.settle(
      async () => ({ hash: (await this.solana.thaw({ key, mint: mint(token), owner })).signature }),
      'Solana refused to thaw the holder',
    );
  }

  /**
   * The platform, as permanent delegate, moves `amount` from one holder to another; frozen
   * accounts stay frozen. Hash null when there is nothing to move. A classic mint cannot be moved
   * by force: SettlementError.
   */
  async forcedTransfer(
    token: LedgerToken,
    fromOwner: string,
    toOwner: string,
    amount: bigint,
    key: string,
  ): Promise<{ hash: string | null }> {
    if (amount === 0n) return { hash: null };
    if (!(await this.enforced(token))) {
      throw new SettlementError(
        'rejected',
        `${token.symbol} is a classic SPL token, made before enforcement on chain: the platform cannot move its tokens by force`,
      );
    }
    return this.settle(async () => {
      const sent = await this.solana.forceTransfer({ key, mint: mint(token), fromOwner, toOwner, amount });
      return { hash: sent.signature };
    }, 'Solana refused the forced transfer');
  }

  async holderState(token: LedgerToken, owner: string): Promise<HolderState> {
    const [state, enforced] = await Promise.all([
      this.solana.accountState(mint(token), owner),
      this.enforced(token),
    ]);
    return { ...state, enforced };
  }

  private async enforced(token: LedgerToken): Promise<boolean> {
    const info = await this.solana.mintInfo(mint(token));
    const platform = this.solana.feePayer;
    return info?.freezeAuthority === platform && info.permanentDelegate === platform;
  }

  private signer(party: Party): Promise<SolanaSigner> {
    return this.vaults.solanaSigner(party.userId);
  }

  /**
   * A transaction that failed on chain or was refused is final: a purchase fails with the buyer's
   * message, an enforcement action with `refused` and the chain's reason. The rest is retried.
   */
  private async settle<T>(send: () => Promise<T>, refused?: string): Promise<T> {
    try {
      return await send();
    } catch (error) {
      if (error instanceof SolanaTransactionFailedError || error instanceof SolanaSendRejectedError) {
        const message = refused ? `${refused}: ${error.reason}` : messages.purchaseSettlementFailed;
        throw new SettlementError('rejected', message);
      }
      throw error;
    }
  }
}

function mint(token: LedgerToken): string {
  if (!token.contractAddress) throw new Error(`Token ${token.id} is not deployed`);
  return token.contractAddress;
}
