import type { ChainFamily } from '@portal/shared/chain-families';
import type { MarketplaceListing, MarketplaceQuery, MarketplaceResponse } from '@portal/shared/marketplace';
import { messages } from '@portal/shared/messages';
import { formatUnits } from '@portal/shared/money';
import type { Clock } from '../../clock.js';
import { DomainError } from '../../errors.js';
import type { Networks } from '../chains/networks.js';
import type { MarketplaceRepo, MarketplaceRow, PageCursor } from './marketplace.repo.js';

const encodeCursor = (cursor: PageCursor) =>
  Buffer.from(JSON.stringify([cursor.value, cursor.id])).toString('base64url');

interface Page {
  until: number;
  data: Promise<MarketplaceResponse['data']>;
  refreshing: boolean;
}

/** Investors browse open listings (docs/product.md §2.8): filters, sorts and pages run in SQL. */
export class MarketplaceService {
  private readonly cache = new Map<string, Page>();

  constructor(
    private readonly repo: MarketplaceRepo,
    private readonly networks: Networks,
    private readonly clock: Clock,
    /** Pages are kept this long; a change made by this process clears them at once (ADR 19). */
    private readonly cacheMs = 0,
  ) {}

  /** Listings changed here (created, opened, reserved, closed): nothing cached is served again. */
  changed(): void {
    this.cache.clear();
  }

  browse(query: MarketplaceQuery): Promise<MarketplaceResponse['data']> {
    if (this.cacheMs <= 0) return this.read(query);
    const key = JSON.stringify(query);
    const hit = this.cache.get(key);
    if (hit) {
      // An old page is still served while one refresh runs, so readers never queue on the query.
      if (hit.until <= Date.now() && !hit.refreshing) this.refresh(key, query, hit);
      return hit.data;
    }
    if (this.cache.size > 1000) this.cache.clear();
    const page: Page = { until: Date.now() + this.cacheMs, data: this.read(query), refreshing: false };
    this.cache.set(key, page);
    page.data.catch(() => this.cache.get(key) === page && this.cache.delete(key));
    return page.data;
  }

  private refresh(key: string, query: MarketplaceQuery, stale: Page): void {
    stale.refreshing = true;
    this.read(query).then(
      (data) => {
        // Not after `changed()`: the page may have been read before the change.
        if (this.cache.get(key) === stale)
          this.cache.set(key, {
            until: Date.now() + this.cacheMs,
            data: Promise.resolve(data),
            refreshing: false,
          });
      },
      () => {
        stale.refreshing = false;
      },
    );
  }

  private async read(query: MarketplaceQuery): Promise<MarketplaceResponse['data']> {
    const now = this.clock.now();
    const [rows, summary] = await Promise.all([
      this.repo.page(query, this.decodeCursor(query), now),
      this.repo.summary(query, now),
    ]);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      listings: page.map((row) => this.toListing(row, now)),
      total: summary.totalTokens,
      summary: { ...summary, totalValue: '$0' },
      nextCursor:
        rows.length > query.limit && last
          ? encodeCursor({ value: last.sortValue, id: last.listing.id })
          : null,
    };
  }

  toListing({ listing, token, issuerEmail }: MarketplaceRow, now: Date): MarketplaceListing {
    const family = token.blockchain as ChainFamily;
    const remaining = BigInt(listing.tokenAmount) - BigInt(listing.reserved);
    const open = listing.status !== 'CLOSED' && listing.deadline > now && remaining > 0n;
    return {
      escrowId: listing.kind === 'escrow' ? listing.id : null,
      listingId: listing.id,
      kind: listing.kind,
      token: {
        id: token.id,
        name: token.name,
        symbol: token.symbol,
        description: token.description,
        tokenType: token.tokenType,
        assetCategory: token.assetCategory,
        contractAddress: token.contractAddress,
        totalSupply: formatUnits(BigInt(token.totalSupply), token.decimals),
        decimals: token.decimals,
        metadata: token.metadata,
        blockchain: token.blockchain,
      },
      blockchain: token.blockchain,
      ...this.networks.info(family),
      tokenAmount: formatUnits(remaining, token.decimals),
      priceETH: formatUnits(BigInt(listing.priceWei), 18),
      deadline: listing.deadline.toISOString(),
      issuer: { email: issuerEmail },
      userId: listing.issuerId,
      status: listing.status,
      available: open && listing.status === 'DEPLOYED',
      explorerUrl: this.networks.explorerAddressUrl(family, token.contractAddress),
      createdAt: listing.createdAt.toISOString(),
      eligibility: null,
    };
  }

  private decodeCursor({ cursor, sort }: MarketplaceQuery): PageCursor | undefined {
    if (cursor === undefined) return undefined;
    const byDate = sort === 'newest' || sort === 'oldest';
    try {
      const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
      if (
        Array.isArray(parsed) &&
        parsed.length === 2 &&
        typeof parsed[0] === 'string' &&
        typeof parsed[1] === 'string' &&
        /^[0-9a-f-]{36}$/.test(parsed[1]) &&
        (!byDate || /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/.test(parsed[0])) &&
        encodeCursor({ value: parsed[0], id: parsed[1] }) === cursor
      ) {
        return { value: parsed[0], id: parsed[1] };
      }
    } catch {
      // falls through to the validation error
    }
    throw new DomainError('VALIDATION_ERROR', messages.validationFailed, {
      fields: { cursor: messages.validationFailed },
    });
  }
}
