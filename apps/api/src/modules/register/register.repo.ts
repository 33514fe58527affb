import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  REGISTER_ACQUISITIONS_MAX,
  REGISTER_HOLDERS_MAX,
  REGISTER_TOKENS_MAX,
} from '@portal/shared/register';
import type { DbOrTx } from '../../db/client.js';
import { tokenColumns, type TokenFactsRow } from '../../db/token-columns.js';
import {
  accountSettings,
  identityRegistrations,
  issuerTokens,
  purchases,
  tokenHoldings,
  users,
} from '../../db/schema/index.js';

export type RegisterTokenRow = TokenFactsRow;

/** One holder of the register: the books summed over their addresses, with their purchases. */
export interface RegisterHolderRow {
  user_id: string;
  name: string;
  consent: boolean;
  identity_key: string | null;
  verified: boolean;
  balance: string;
  frozen: string;
  locked_until: string | null;
  first_at: string | null;
  last_at: string | null;
  acquisitions: string;
  /** JSON: [{ id, amount, at, hash }], newest first. */
  recent: { id: string; amount: string; at: string; hash: string | null }[] | null;
}

export class RegisterRepo {
  constructor(private readonly db: DbOrTx) {}

  /** The token, when the issuer named owns it (any issuer's for an admin: `issuerId` undefined). */
  async token(tokenId: string, issuerId?: string): Promise<RegisterTokenRow | undefined> {
    const owned = issuerId === undefined ? undefined : eq(issuerTokens.issuerId, issuerId);
    const [row] = await this.db
      .select(tokenColumns)
      .from(issuerTokens)
      .where(and(eq(issuerTokens.id, tokenId), owned));
    return row;
  }

  /** Every token with its holder count, newest first (the admin picks a register from them). */
  async tokens() {
    const holders = this.db
      .select({
        tokenId: tokenHoldings.tokenId,
        count: sql<number>`count(distinct ${tokenHoldings.userId})::int`.as('count'),
      })
      .from(tokenHoldings)
      .where(sql`${tokenHoldings.balance} > 0`)
      .groupBy(tokenHoldings.tokenId)
      .as('holders');
    return this.db
      .select({
        id: issuerTokens.id,
        name: issuerTokens.name,
        symbol: issuerTokens.symbol,
        blockchain: issuerTokens.blockchain,
        issuerName: users.name,
        holderCount: sql<number>`coalesce(${holders.count}, 0)`,
      })
      .from(issuerTokens)
      .innerJoin(users, eq(users.id, issuerTokens.issuerId))
      .leftJoin(holders, eq(holders.tokenId, issuerTokens.id))
      .orderBy(desc(issuerTokens.createdAt), issuerTokens.id)
      .limit(REGISTER_TOKENS_MAX);
  }

  /**
   * The register in one query: the books per holder (summed over their addresses), their name and
   * consent, their identity, and their completed purchases of the token (count, first, last and
   * the newest few).
   */
  async holders(tokenId: string, now: Date): Promise<RegisterHolderRow[]> {
    return this.rows<RegisterHolderRow>(sql`
      with held as (
        select ${tokenHoldings.userId} as user_id, sum(${tokenHoldings.balance}) as balance,
               sum(${tokenHoldings.frozen}) as frozen, max(${tokenHoldings.lockedUntil}) as locked_until
          from ${tokenHoldings}
         where ${tokenHoldings.tokenId} = ${tokenId}
         group by ${tokenHoldings.userId}
        having sum(${tokenHoldings.balance}) > 0
      ),
      bought as (
        select ${purchases.userId} as user_id, ${purchases.id} as id, ${purchases.amount} as amount,
               coalesce(${purchases.completedAt}, ${purchases.createdAt}) as at,
               coalesce(${purchases.deliveryTxHash}, ${purchases.paymentTxHash}) as hash,
               row_number() over (partition by ${purchases.userId}
                 order by coalesce(${purchases.completedAt}, ${purchases.createdAt}) desc, ${purchases.id}) as n
          from ${purchases}
         where ${purchases.tokenId} = ${tokenId} and ${purchases.status} = 'COMPLETED'
           and ${purchases.userId} in (select user_id from held)
      ),
      made as (
        select user_id, count(*)::text as acquisitions, min(at)::text as first_at, max(at)::text as last_at,
               json_agg(json_build_object('id', id, 'amount', amount::text, 'at', at, 'hash', hash)
                        order by n) filter (where n <= ${REGISTER_ACQUISITIONS_MAX}) as recent
          from bought group by user_id
      )
      select held.user_id, ${users.name} as name,
             coalesce(${accountSettings.showNameToIssuers}, false) as consent,
             ${identityRegistrations.identityKey} as identity_key,
             coalesce(${identityRegistrations.validUntil} > ${now.toISOString()}::timestamptz
                      and ${identityRegistrations.revokedAt} is null, false) as verified,
             held.balance::text as balance, held.frozen::text as frozen, held.locked_until::text as locked_until,
             made.first_at, made.last_at, coalesce(made.acquisitions, '0') as acquisitions, made.recent
        from held
        join ${users} on ${users.id} = held.user_id
        left join ${accountSettings} on ${accountSettings.userId} = held.user_id
        left join ${identityRegistrations} on ${identityRegistrations.userId} = held.user_id
        left join made on made.user_id = held.user_id
       order by held.balance desc, ${identityRegistrations.identityKey}, held.user_id
       limit ${REGISTER_HOLDERS_MAX}`);
  }

  private async rows<T>(query: SQL): Promise<T[]> {
    return ((await this.db.execute(query)) as unknown as { rows: T[] }).rows;
  }
}
