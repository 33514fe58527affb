import type { ChainFamily } from '@portal/shared/chain-families';
import { ledgerToken } from '../issuer/issuer.service.js';
import type { TokenLedger } from '../ledger/ledger.js';
import type { ReconcileRepo } from './reconcile.repo.js';

export interface ReconcileReport {
  listings: number;
  holdings: number;
  problems: string[];
}

/**
 * `npm run reconcile`: proves the books equal the chains. For every listing, sold = the sum of
 * its completed purchases and reserved = sold + purchases in flight; for every buyer of every
 * token, the on-chain balance = what the portal delivered to that address.
 */
export class ReconcileService {
  constructor(
    private readonly repo: ReconcileRepo,
    private readonly ledgers: Map<ChainFamily, TokenLedger>,
  ) {}

  async run(): Promise<ReconcileReport> {
    const problems: string[] = [];
    const books = await this.repo.listingBooks();
    for (const book of books) {
      const sold = BigInt(book.sold);
      const completed = BigInt(book.completed);
      if (sold !== completed)
        problems.push(`listing ${book.id}: sold ${sold} but completed purchases add up to ${completed}`);
      const expected = completed + BigInt(book.inFlight);
      if (BigInt(book.reserved) !== expected) {
        problems.push(`listing ${book.id}: reserved ${book.reserved} but purchases hold ${expected}`);
      }
    }
    const holdings = await this.repo.holdings();
    for (const holding of holdings) {
      const ledger = this.ledgers.get(holding.token.blockchain);
      if (!ledger || holding.address === holding.token.treasuryAddress) continue;
      const onChain = await ledger.balanceOf(ledgerToken(holding.token), holding.address);
      if (onChain !== BigInt(holding.amount)) {
        problems.push(
          `token ${holding.token.symbol} (${holding.token.id}) at ${holding.address}: chain holds ${onChain}, purchases delivered ${holding.amount}`,
        );
      }
    }
    return { listings: books.length, holdings: holdings.length, problems };
  }
}
