import { messages } from '@portal/shared/messages';
import {
  SettlementError,
  type LedgerListing,
  type LedgerToken,
  type Party,
  type SentTransaction,
} from './ledger.js';

/** The custody vaults as a ledger's signers, and who may hold a token. */
export interface LedgerHolders<S> {
  signer(address: string): Promise<S>;
  eligible(userId: string): Promise<boolean>;
}

/**
 * What the XRP Ledger and Stellar engines share (docs/decisions/0066-xrpl-and-stellar.md): the
 * issuer's vault account issues, each listing's escrow is an account keyed from the platform's
 * secret, and a holder receives only once its own account opted in and the issuer authorised it
 * — only when the holder is eligible. Every send is keyed through the ledger's journal, so a
 * re-run never moves tokens twice; a final refusal is a SettlementError.
 */
export abstract class AccountLedger<S extends { readonly address: string }> {
  constructor(protected readonly holders: LedgerHolders<S>) {}

  /** The escrow account of a listing. */
  protected abstract escrowOf(listingId: string): S;
  /** Makes `holder` able to receive the token (opt-in and authorisation, skipping what is done). */
  protected abstract authorise(token: LedgerToken, holder: S, key: string): Promise<void>;
  /** Pays `amount` base units of the token from `from` (the issuer issues) to `to`. */
  protected abstract pay(
    token: LedgerToken,
    from: S,
    to: string,
    amount: bigint,
    key: string,
  ): Promise<SentTransaction>;
  /** What a holder (not the issuer) has of the token, in base units. */
  protected abstract held(token: LedgerToken, holder: string): Promise<bigint>;
  /** The send journaled under `key`, if any. */
  protected abstract sendRecord(key: string): Promise<{ hash: string } | undefined>;
  /** The ledger's result code when `error` is final (failed in a ledger, or refused for good). */
  protected abstract finalResult(error: unknown): string | undefined;

  async openEscrow(token: LedgerToken, listing: LedgerListing, issuer: Party, key: string) {
    return this.settle(async () => {
      const escrow = this.escrowOf(listing.id);
      await this.authorise(token, escrow, `${key}:authorise`);
      const sent = await this.pay(
        token,
        await this.holders.signer(issuer.address),
        escrow.address,
        listing.tokenAmount,
        key,
      );
      return { escrowRef: escrow.address, hash: sent.hash };
    });
  }

  async closeEscrow(token: LedgerToken, listing: LedgerListing, issuer: Party, key: string) {
    return this.settle(async () => {
      // A re-run finds the payment an earlier run sent (the balance it read is gone by now).
      const earlier = await this.sendRecord(key);
      if (earlier) return { hash: earlier.hash };
      const escrow = this.escrowOf(listing.id);
      const left = await this.held(token, escrow.address);
      if (left === 0n) return { hash: null };
      // Paid back to the issuer, the tokens return to its unissued supply.
      return { hash: (await this.pay(token, escrow, issuer.address, left, key)).hash };
    });
  }

  releaseFromEscrow(
    token: LedgerToken,
    listing: LedgerListing,
    buyer: Party,
    amount: bigint,
    key: string,
  ): Promise<SentTransaction> {
    return this.deliver(token, () => Promise.resolve(this.escrowOf(listing.id)), buyer, amount, key);
  }

  transferFromTreasury(
    token: LedgerToken,
    issuer: Party,
    buyer: Party,
    amount: bigint,
    key: string,
  ): Promise<SentTransaction> {
    return this.deliver(token, () => this.holders.signer(issuer.address), buyer, amount, key);
  }

  /** An eligible buyer is authorised as a holder, then paid from `from` (escrow or issuer). */
  private async deliver(
    token: LedgerToken,
    from: () => Promise<S>,
    buyer: Party,
    amount: bigint,
    key: string,
  ): Promise<SentTransaction> {
    if (!(await this.holders.eligible(buyer.userId))) {
      throw new SettlementError('rejected', messages.purchaseKycRequired);
    }
    return this.settle(async () => {
      await this.authorise(token, await this.holders.signer(buyer.address), `${key}:authorise`);
      return { hash: (await this.pay(token, await from(), buyer.address, amount, key)).hash };
    });
  }

  /**
   * A transaction that failed in a ledger or was refused for good is final: a purchase fails with
   * the buyer's message, an enforcement action with the ledger's result. The rest is retried.
   */
  protected async settle<T>(send: () => Promise<T>, refused?: string): Promise<T> {
    try {
      return await send();
    } catch (error) {
      const result = this.finalResult(error);
      if (result === undefined) throw error;
      throw new SettlementError(
        'rejected',
        refused ? `${refused}: ${result}` : messages.purchaseSettlementFailed,
      );
    }
  }
}
