import { and, isNull, asc, desc, eq, gt, ne, sql, type SQL } from 'drizzle-orm';
import type { MarketplaceQuery, MarketplaceSort } from '@portal/shared/marketplace';
import type { DbOrTx } from '../../db/client.js';
import { escapeLike } from '../../db/like.js';
import { issuerTokens, listings, users } from '../../db/schema/index.js';

export interface MarketplaceRow {
  listing: typeof listings.$inferSelect;
  token: typeof issuerTokens.$inferSelect;
  issuerEmail: string | null;
}

/** Where a page starts: the sort value and id of the last row of the previous page. */
export interface PageCursor {
  value: string;
  id: string;
}

const sortColumn: Record<MarketplaceSort, SQL> = {
  newest: sql`${listings.createdAt}`,
  oldest: sql`${listings.createdAt}`,
  name: sql`lower(${issuerTokens.name})`,
  symbol: sql`lower(${issuerTokens.symbol})`,
};

/** Sort value as text, to carry it in a cursor. */
const sortValueText: Record<MarketplaceSort, SQL<string>> = {
  newest: sql<string>`to_char(${listings.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
  oldest: sql<string>`to_char(${listings.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
  name: sql<string>`lower(${issuerTokens.name})`,
  symbol: sql<string>`lower(${issuerTokens.symbol})`,
};

/** The listings investors see, filtered, sorted and paged in SQL (keyset pages, docs/product.md §7.1). */
export class MarketplaceRepo {
  constructor(private readonly db: DbOrTx) {}

  /** Open listings: not closed nor suspended, deadline ahead, something left to sell. */
  private open(now: Date): SQL {
    return and(
      ne(listings.status, 'CLOSED'),
      isNull(listings.suspendedAt),
      gt(listings.deadline, now),
      sql`${listings.reserved} < ${listings.tokenAmount}`,
    )!;
  }

  async page(
    query: MarketplaceQuery,
    cursor: PageCursor | undefined,
    now: Date,
  ): Promise<(MarketplaceRow & { sortValue: string })[]> {
    const matching = this.matching(query, now);

    const column = sortColumn[query.sort];
    const descending = query.sort === 'newest';
    const after = cursor
      ? descending
        ? sql`(${column}, ${listings.id}) < (${this.cursorValue(query.sort, cursor.value)}, ${cursor.id})`
        : sql`(${column}, ${listings.id}) > (${this.cursorValue(query.sort, cursor.value)}, ${cursor.id})`
      : undefined;

    return this.db
      .select({
        listing: listings,
        token: issuerTokens,
        issuerEmail: users.email,
        sortValue: sortValueText[query.sort],
      })
      .from(listings)
      .innerJoin(issuerTokens, eq(issuerTokens.id, listings.tokenId))
      .leftJoin(users, eq(users.id, listings.issuerId))
      .where(after ? and(matching, after) : matching)
      .orderBy(...(descending ? [desc(column), desc(listings.id)] : [asc(column), asc(listings.id)]))
      .limit(query.limit + 1);
  }

  private matching(query: MarketplaceQuery, now: Date): SQL {
    const filters: SQL[] = [this.open(now)];
    if (query.search) {
      filters.push(sql`${listings.searchText} like ${`%${escapeLike(query.search.toLowerCase())}%`}`);
    }
    if (query.tokenType) filters.push(eq(issuerTokens.tokenType, query.tokenType));
    if (query.status) filters.push(eq(listings.status, query.status));
    return and(...filters)!;
  }

  /** The four summary cards over the filtered set (docs/product.md §2.8); totalTokens is also the page total. */
  async summary(
    query: MarketplaceQuery,
    now: Date,
  ): Promise<{ totalTokens: number; availableForInvestment: number; activeIssuers: number }> {
    const [row] = await this.db
      .select({
        totalTokens: sql<number>`count(*)::int`,
        availableForInvestment: sql<number>`(count(*) filter (where ${listings.status} = 'DEPLOYED'))::int`,
        activeIssuers: sql<number>`count(distinct ${listings.issuerId})::int`,
      })
      .from(listings)
      .innerJoin(issuerTokens, eq(issuerTokens.id, listings.tokenId))
      .where(this.matching(query, now));
    return row ?? { totalTokens: 0, availableForInvestment: 0, activeIssuers: 0 };
  }

  private cursorValue(sort: MarketplaceSort, value: string): SQL {
    return sort === 'newest' || sort === 'oldest'
      ? sql`${value}::timestamp at time zone 'UTC'`
      : sql`${value}`;
  }
}
