import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, lt, sql, type Placeholder } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  dids,
  idempotencyKeys,
  jobs,
  issuerTokens,
  kycApplicants,
  listings,
  purchases,
  users,
  vaults,
  vaultWallets,
} from '../../db/schema/index.js';
import type { ListingRow, TokenRow } from '../issuer/issuer.repo.js';

export type PurchaseRow = typeof purchases.$inferSelect;
export interface PurchaseView {
  purchase: PurchaseRow;
  token: TokenRow;
  listing: ListingRow;
  issuerEmail: string | null;
}

/**
 * What the buyer's own reads show of a purchase: its fields, the token facts it is shown with, and
 * the issuer's email. Narrow on purpose: each column of a row description costs pg time on every
 * execution, and My Assets is read on every visit of the tab.
 */
export interface OwnedPurchase {
  purchase: Pick<
    PurchaseRow,
    | 'id'
    | 'listingId'
    | 'status'
    | 'amount'
    | 'costWei'
    | 'paymentTxHash'
    | 'deliveryTxHash'
    | 'error'
    | 'vcCid'
    | 'createdAt'
    | 'completedAt'
  >;
  token: Pick<TokenRow, 'id' | 'name' | 'symbol' | 'tokenType' | 'blockchain' | 'decimals' | 'totalSupply'>;
  issuerEmail: string | null;
}

/** What a purchase request checks about its buyer (docs/product.md §4.7): KYC, DID, and the active vault's wallets. */
export interface BuyerFacts {
  kycStatus: string | null;
  did: string | null;
  wallets: Array<{ assetId: string; address: string }>;
}

export interface Offer extends BuyerFacts {
  listing: ListingRow;
  token: TokenRow;
}

/** A purchase as it is first written: PENDING, no transaction, no credential (ids made here). */
export function newPurchase(
  values: Pick<
    PurchaseRow,
    | 'userId'
    | 'listingId'
    | 'tokenId'
    | 'amount'
    | 'costWei'
    | 'investorDid'
    | 'deliveryAddress'
    | 'paymentAddress'
    | 'createdAt'
  >,
): PurchaseRow {
  return {
    id: randomUUID(),
    ...values,
    status: 'PENDING',
    paymentTxHash: null,
    deliveryTxHash: null,
    itemIds: null,
    vcCid: null,
    error: null,
    completedAt: null,
  };
}

/** One buyer's claim on a listing: the purchase row to write if it fits, and its remembered answer. */
export interface Claim {
  purchase: PurchaseRow;
  /** The Idempotency-Key row, written with the purchase (its response is the 202 answer). */
  idempotency?: { userId: string; route: string; key: string; requestHash: string; response: unknown };
  /** The buyer's request: its settlement job logs under the same id (another request may write it). */
  requestId?: string | undefined;
}

export class PurchasesRepo {
  constructor(private readonly db: DbOrTx) {}

  with(tx: DbOrTx): PurchasesRepo {
    return new PurchasesRepo(tx);
  }

  /**
   * A listing with its token and the buyer's facts in one round trip (a purchase request reads
   * nothing else before it reserves). The buyer's columns are subqueries on their owner's id.
   */
  private offer(userId: Placeholder) {
    return this.db
      .select({
        listing: listings,
        token: issuerTokens,
        kycStatus: sql<string | null>`(select ${kycApplicants.status} from ${kycApplicants}
          where ${kycApplicants.userId} = ${userId})`,
        did: sql<string | null>`(select ${dids.did} from ${dids} where ${dids.userId} = ${userId})`,
        wallets: sql<BuyerFacts['wallets']>`(select coalesce(json_agg(json_build_object(
            'assetId', ${vaultWallets.assetId}, 'address', ${vaultWallets.address})), '[]'::json)
          from ${vaultWallets} join ${vaults} on ${vaults.id} = ${vaultWallets.vaultId}
          where ${vaults.userId} = ${userId} and ${vaults.status} = 'active')`,
      })
      .from(listings)
      .innerJoin(issuerTokens, eq(issuerTokens.id, listings.tokenId));
  }

  // Prepared on first use (and, on PostgreSQL, parsed once per connection): the hottest read
  // of a token-sale rush, built and planned once instead of once per request.
  private prepared?: ReturnType<PurchasesRepo['prepareOffers']>;

  private prepareOffers() {
    const userId = sql.placeholder('userId');
    return {
      escrow: this.offer(userId)
        .where(and(eq(listings.id, sql.placeholder('listingId')), eq(listings.kind, 'escrow')))
        .prepare('purchase_escrow_offer'),
      direct: this.offer(userId)
        .where(
          and(
            eq(listings.tokenId, sql.placeholder('tokenId')),
            eq(listings.kind, 'direct'),
            eq(listings.status, 'DEPLOYED'),
          ),
        )
        .orderBy(desc(listings.createdAt))
        .limit(1)
        .prepare('purchase_direct_offer'),
    };
  }

  async escrowOffer(listingId: string, userId: string): Promise<Offer | undefined> {
    this.prepared ??= this.prepareOffers();
    const [row] = await this.prepared.escrow.execute({ listingId, userId });
    return row;
  }

  /** The latest open direct-sale listing of a token (POST /api/token-purchases names the token). */
  async directOffer(tokenId: string, userId: string): Promise<Offer | undefined> {
    this.prepared ??= this.prepareOffers();
    const [row] = await this.prepared.direct.execute({ tokenId, userId });
    return row;
  }

  /** Locks a listing's row for the rest of the transaction (reservations, ADR 41). */
  async lockListing(listingId: string) {
    const [row] = await this.db
      .select({
        tokenAmount: listings.tokenAmount,
        reserved: listings.reserved,
        status: listings.status,
        suspendedAt: listings.suspendedAt,
        deadline: listings.deadline,
      })
      .from(listings)
      .where(eq(listings.id, listingId))
      .for('update');
    return row;
  }

  /**
   * Writes the claims a batch served, in one statement (ADR 41): their Idempotency-Key rows (a key
   * another request wrote first is skipped, and so is its claim), the purchases, their settlement
   * jobs, and the total added to the listing's `reserved` by the guarded update, which refuses to
   * pass the listing's amount. The caller holds the listing's lock. Returns the purchases written.
   */
  async writeClaims(
    listingId: string,
    claims: Claim[],
    job: { queue: string; maxAttempts: number; runAt: Date },
  ): Promise<Set<string>> {
    const rows = claims.map(({ purchase, idempotency, requestId }) => ({
      id: purchase.id,
      user_id: purchase.userId,
      token_id: purchase.tokenId,
      amount: purchase.amount,
      cost_wei: purchase.costWei,
      investor_did: purchase.investorDid,
      delivery_address: purchase.deliveryAddress,
      payment_address: purchase.paymentAddress,
      created_at: purchase.createdAt.toISOString(),
      key_route: idempotency?.route ?? null,
      key: idempotency?.key ?? null,
      request_hash: idempotency?.requestHash ?? null,
      response: idempotency?.response ?? null,
      request_id: requestId ?? null,
    }));
    const result = (await this.db.execute(sql`
      with claims as (
        select * from json_to_recordset(${JSON.stringify(rows)}::json) as c(
          id uuid, user_id uuid, token_id uuid, amount numeric, cost_wei numeric, investor_did text,
          delivery_address text, payment_address text, created_at timestamptz,
          key_route text, key text, request_hash text, response jsonb, request_id text)
      ),
      keyed as (
        insert into ${idempotencyKeys} (user_id, route, key, request_hash, response)
        select user_id, key_route, key, request_hash, response from claims where key is not null
        on conflict do nothing
        returning user_id, route, key
      ),
      bought as (
        insert into ${purchases} (id, user_id, listing_id, token_id, amount, cost_wei, investor_did,
          delivery_address, payment_address, status, created_at)
        select c.id, c.user_id, ${listingId}, c.token_id, c.amount, c.cost_wei, c.investor_did,
          c.delivery_address, c.payment_address, 'PENDING', c.created_at
        from claims c
        where c.key is null
          or exists (select 1 from keyed k where k.user_id = c.user_id and k.route = c.key_route and k.key = c.key)
        returning id, amount
      ),
      requested as (select b.id, c.request_id from bought b join claims c on c.id = b.id),
      queued as (
        insert into ${jobs} (queue, payload, run_at, max_attempts, dedupe_key, request_id)
        select ${job.queue}, json_build_object('purchaseId', id), ${job.runAt.toISOString()}::timestamptz,
          ${job.maxAttempts}, id::text, request_id
        from requested
        on conflict do nothing
      ),
      reserved as (
        update ${listings} set reserved = reserved + (select coalesce(sum(amount), 0) from bought)
        where id = ${listingId} and reserved + (select coalesce(sum(amount), 0) from bought) <= token_amount
        returning id
      )
      select (select json_agg(id) from bought) as bought, (select count(*) from reserved)::int as reserved`)) as {
      rows: Array<{ bought: string[] | null; reserved: number }>;
    };
    const [row] = result.rows;
    if (row?.reserved !== 1) throw new Error(`Listing ${listingId} cannot reserve what its claims add up to`);
    return new Set(row.bought ?? []);
  }

  /** A failed purchase gives its tokens back to the listing. */
  async release(listingId: string, amount: bigint): Promise<void> {
    await this.db
      .update(listings)
      .set({ reserved: sql`${listings.reserved} - ${amount.toString()}::numeric` })
      .where(eq(listings.id, listingId));
  }

  async markSold(listingId: string, amount: bigint): Promise<void> {
    await this.db
      .update(listings)
      .set({ sold: sql`${listings.sold} + ${amount.toString()}::numeric` })
      .where(eq(listings.id, listingId));
  }

  async update(id: string, values: Partial<typeof purchases.$inferInsert>): Promise<void> {
    await this.db.update(purchases).set(values).where(eq(purchases.id, id));
  }

  /** Moves a purchase from one status to another; false when another run already moved it. */
  async transition(
    id: string,
    from: PurchaseRow['status'],
    values: Partial<typeof purchases.$inferInsert>,
  ): Promise<boolean> {
    const rows = await this.db
      .update(purchases)
      .set(values)
      .where(and(eq(purchases.id, id), eq(purchases.status, from)))
      .returning({ id: purchases.id });
    return rows.length === 1;
  }

  private view() {
    return this.db
      .select({ purchase: purchases, token: issuerTokens, listing: listings, issuerEmail: users.email })
      .from(purchases)
      .innerJoin(issuerTokens, eq(issuerTokens.id, purchases.tokenId))
      .innerJoin(listings, eq(listings.id, purchases.listingId))
      .leftJoin(users, eq(users.id, issuerTokens.issuerId));
  }

  async find(id: string): Promise<PurchaseView | undefined> {
    const [row] = await this.view().where(eq(purchases.id, id));
    return row;
  }

  private ownedView() {
    return this.db
      .select({
        purchase: {
          id: purchases.id,
          listingId: purchases.listingId,
          status: purchases.status,
          amount: purchases.amount,
          costWei: purchases.costWei,
          paymentTxHash: purchases.paymentTxHash,
          deliveryTxHash: purchases.deliveryTxHash,
          error: purchases.error,
          vcCid: purchases.vcCid,
          createdAt: purchases.createdAt,
          completedAt: purchases.completedAt,
        },
        token: {
          id: issuerTokens.id,
          name: issuerTokens.name,
          symbol: issuerTokens.symbol,
          tokenType: issuerTokens.tokenType,
          blockchain: issuerTokens.blockchain,
          decimals: issuerTokens.decimals,
          totalSupply: issuerTokens.totalSupply,
        },
        issuerEmail: users.email,
      })
      .from(purchases)
      .innerJoin(issuerTokens, eq(issuerTokens.id, purchases.tokenId))
      .leftJoin(users, eq(users.id, issuerTokens.issuerId));
  }

  async findOwned(userId: string, id: string): Promise<OwnedPurchase | undefined> {
    const [row] = await this.ownedView().where(and(eq(purchases.id, id), eq(purchases.userId, userId)));
    return row;
  }

  // Prepared on first use: My Assets is read on every visit of the tab and after each purchase.
  private preparedOwned?: ReturnType<PurchasesRepo['prepareOwned']>;

  private prepareOwned() {
    return this.ownedView()
      .where(eq(purchases.userId, sql.placeholder('userId')))
      .orderBy(desc(purchases.createdAt))
      .prepare('purchases_owned');
  }

  async owned(userId: string): Promise<OwnedPurchase[]> {
    this.preparedOwned ??= this.prepareOwned();
    return this.preparedOwned.execute({ userId });
  }

  /** The buyer's purchases completed in [from, to), oldest first, with their token (statements, ADR 74). */
  async completedIn(userId: string, from: Date, to: Date) {
    return this.db
      .select({
        id: purchases.id,
        amount: purchases.amount,
        costWei: purchases.costWei,
        deliveryTxHash: purchases.deliveryTxHash,
        vcCid: purchases.vcCid,
        completedAt: purchases.completedAt,
        token: {
          tokenId: issuerTokens.id,
          name: issuerTokens.name,
          symbol: issuerTokens.symbol,
          decimals: issuerTokens.decimals,
          blockchain: issuerTokens.blockchain,
        },
      })
      .from(purchases)
      .innerJoin(issuerTokens, eq(issuerTokens.id, purchases.tokenId))
      .where(
        and(
          eq(purchases.userId, userId),
          eq(purchases.status, 'COMPLETED'),
          gte(purchases.completedAt, from),
          lt(purchases.completedAt, to),
        ),
      )
      .orderBy(asc(purchases.completedAt), asc(purchases.id));
  }

  async findIdempotent(userId: string, route: string, key: string) {
    const [row] = await this.db
      .select()
      .from(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.userId, userId),
          eq(idempotencyKeys.route, route),
          eq(idempotencyKeys.key, key),
        ),
      );
    return row;
  }
}
