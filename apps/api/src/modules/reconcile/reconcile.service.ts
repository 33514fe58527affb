import { getAddress, zeroAddress } from 'viem';
import type { SoulBoundTokens } from '../chains/soul-bound-token.js';
import type { ComplianceService } from '../compliance/compliance.service.js';
import type { DistributionsService } from '../distributions/distributions.service.js';
import type { FaucetService } from '../faucet/faucet.service.js';
import type { RedemptionsService } from '../redemptions/redemptions.service.js';
import type { SecondaryMarketService } from '../secondary-market/secondary-market.service.js';
import type { TransfersService } from '../transfers/transfers.service.js';
import type { ReconcileRepo } from './reconcile.repo.js';

export interface ReconcileReport {
  listings: number;
  holdings: number;
  identities: number;
  sbts: number;
  /** Test-faucet grants checked against their transactions (ADR 70). */
  faucetGrants: number;
  /** Redemption requests checked against the hold and their transactions (ADR 72). */
  redemptions: number;
  /** Distribution batches checked against their BatchPayer transactions (ADR 71). */
  distributionBatches: number;
  /** Secondary market orders and fills checked against the escrow and their transactions (ADR 75). */
  secondaryOrders: number;
  secondaryFills: number;
  /** Transfers checked against their transactions (ADR 76). */
  transfers: number;
  problems: string[];
}

/**
 * `npm run reconcile`: proves the books equal the chains. For every listing, sold = the sum of
 * its completed purchases and reserved = sold + purchases in flight; every holding in the books
 * equals its purchases and enforcement actions and the chain (balance, freeze), the identity
 * registry and each token's rules equal the books (ComplianceService.reconcile); every SBT token was
 * minted once, to its SBT's holder, and burnt once if (and only if) the SBT was revoked, each by
 * the transaction the SBT records.
 */
export class ReconcileService {
  constructor(
    private readonly repo: ReconcileRepo,
    private readonly soulBound: Pick<SoulBoundTokens, 'transfers'>,
    private readonly compliance: Pick<ComplianceService, 'reconcile'>,
    private readonly faucet?: Pick<FaucetService, 'reconcile'>,
    private readonly redemptions?: Pick<RedemptionsService, 'reconcile'>,
    private readonly distributions?: Pick<DistributionsService, 'reconcile'>,
    private readonly transfers?: Pick<TransfersService, 'reconcile'>,
    private readonly secondaryMarket?: Pick<SecondaryMarketService, 'reconcile'>,
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
    const compliance = await this.compliance.reconcile();
    problems.push(...compliance.problems);
    const sbts = await this.sbtProblems(problems);
    const faucet = (await this.faucet?.reconcile()) ?? { grants: 0, problems: [] };
    problems.push(...faucet.problems);
    const redemptions = (await this.redemptions?.reconcile()) ?? { requests: 0, problems: [] };
    problems.push(...redemptions.problems);
    const distributions = (await this.distributions?.reconcile()) ?? { batches: 0, problems: [] };
    problems.push(...distributions.problems);
    const transfers = (await this.transfers?.reconcile()) ?? { transfers: 0, problems: [] };
    problems.push(...transfers.problems);
    const secondary = (await this.secondaryMarket?.reconcile()) ?? { orders: 0, fills: 0, problems: [] };
    problems.push(...secondary.problems);
    return {
      listings: books.length,
      holdings: compliance.holdings,
      identities: compliance.identities,
      sbts,
      faucetGrants: faucet.grants,
      redemptions: redemptions.requests,
      distributionBatches: distributions.batches,
      secondaryOrders: secondary.orders,
      secondaryFills: secondary.fills,
      transfers: transfers.transfers,
      problems,
    };
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
