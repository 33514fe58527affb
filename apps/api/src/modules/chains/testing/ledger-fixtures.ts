import type { TokenType } from '@portal/shared/chain-families';
import type { LedgerHolders } from '../ledger.accounts.js';
import type { LedgerListing, LedgerToken, Party } from '../ledger.js';

/** What the account-ledger tests (XRP Ledger, Stellar) share: a token, a listing, and its users. */

export const sampleToken = (tokenType: TokenType): LedgerToken => ({
  id: 'token-1',
  tokenType,
  name: 'Harbour Bond',
  symbol: 'HBD',
  decimals: 2,
  totalSupply: 100_000n,
  contractAddress: null,
});

export const sampleListing = (id = 'listing-1'): LedgerListing => ({
  id,
  tokenAmount: 5_000n,
  priceWei: 1n,
  deadline: new Date(Date.now() + 86_400_000),
  escrowRef: null,
  firstItem: null,
});

/**
 * Users whose vault keys the test holds (the custody port's part): `party` makes one whose
 * account does not exist on the ledger yet, verified by KYC unless told otherwise.
 */
export class TestParties<K, S> {
  private readonly keys = new Map<string, K>();
  private readonly verified = new Set<string>();
  readonly holders: LedgerHolders<S>;

  constructor(
    private readonly generate: () => K,
    private readonly addressOf: (key: K) => string,
    readonly signer: (key: K) => S,
  ) {
    this.holders = {
      signer: (address) => Promise.resolve(this.signer(this.key(address))),
      eligible: (userId) => Promise.resolve(this.verified.has(userId)),
    };
  }

  party(eligible = true): Party {
    const key = this.generate();
    this.add(key);
    const userId = `user-${this.keys.size}`;
    if (eligible) this.verified.add(userId);
    return { userId, address: this.addressOf(key) };
  }

  /** Lets the test's own key sign as a holder too. */
  add(key: K): void {
    this.keys.set(this.addressOf(key), key);
  }

  key(address: string): K {
    const key = this.keys.get(address);
    if (!key) throw new Error(`No test key for ${address}`);
    return key;
  }
}

/** Resolves once `done()` holds (what a test waits for before it moves the ledger on). */
export async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
}
