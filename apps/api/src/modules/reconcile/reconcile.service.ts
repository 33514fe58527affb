import { getAddress, zeroAddress } from 'viem';
import type { ChainFamily } from '@portal/shared/chain-families';
import type { SoulBoundTokens } from '../chains/soul-bound-token.js';
import { ledgerToken } from '../issuer/issuer.module.js';
import type { TokenLedger } from '../chains/ledger.js';
import type { ReconcileRepo } from './reconcile.repo.js';

export interface ReconcileReport {
  listings: number;
  holdings: number;
  sbts: number;
  problems: string[];
}

/**
 * `npm run reconcile`: proves the books equal the chains. For every listing, sold = the sum of
 * its completed purchases and reserved = sold + purchases in flight; for every buyer of every
 * token, the on-chain balance = what the portal delivered to that address; every SBT token was
 * minted once, to its SBT's holder, and burnt once if (and only if) the SBT was revoked, each by
 * the transaction the SBT records.
 */
export class ReconcileService {
  constructor(
    private readonly repo: ReconcileRepo,
    private readonly ledgers: Map<ChainFamily, TokenLedger>,
    private readonly soulBound: Pick<SoulBoundTokens, 'transfers'>,
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
    const sbts = await this.sbtProblems(problems);
    return { listings: books.length, holdings: holdings.length, sbts, problems };
  }

  private async sbtProblems(problems: string[]): Promise<number> {
    const rows = await this.repo.sbts();
    const transfers = await this.soulBound.transfers();
    const mints = transfers.filter((t) => t.from === zeroAddress);
    const burns = transfers.filter((t) => t.to === zeroAddress);
    for (const row of rows) {
      if (row.tokenId === null) continue;
      const tokenId = BigInt(row.tokenId);
      const minted = mints.filter((t) => t.tokenId === tokenId);
      if (minted.length !== 1 || minted[0]!.to !== getAddress(row.holder)) {
        problems.push(
          `SBT ${row.id}: token ${tokenId} minted ${minted.length} times, not once to ${row.holder}`,
        );
      } else if (minted[0]!.hash !== row.mintTx) {
        problems.push(`SBT ${row.id}: mint recorded as ${row.mintTx}, made by ${minted[0]!.hash}`);
      }
      const burnt = burns.filter((t) => t.tokenId === tokenId);
      if (burnt.length !== (row.status === 'revoked' ? 1 : 0))
        problems.push(`SBT ${row.id} (${row.status}): token ${tokenId} burnt ${burnt.length} times`);
      else if (burnt.length && burnt[0]!.hash !== row.revokeTx)
        problems.push(`SBT ${row.id}: burn recorded as ${row.revokeTx}, made by ${burnt[0]!.hash}`);
    }
    const recorded = new Set(rows.map((row) => row.tokenId));
    // A mint still being recorded belongs to an SBT in 'minting'; any other is a mint too many.
    const minting = new Set(
      rows.filter((row) => row.status === 'minting').map((row) => getAddress(row.holder)),
    );
    for (const mint of mints) {
      if (!recorded.has(mint.tokenId.toString()) && !minting.has(mint.to))
        problems.push(`SBT token ${mint.tokenId} minted to ${mint.to}, recorded by no SBT`);
    }
    return rows.length;
  }
}
