import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { tokenColumns } from '../../db/token-columns.js';
import { credentials, holdingCredentials, issuerTokens, tokenHoldings } from '../../db/schema/index.js';

/** Holding credentials' queries (ADR 74). Every query names the holder in its WHERE clause. */
export class HoldingCredentialsRepo {
  constructor(private readonly db: DbOrTx) {}

  with(tx: DbOrTx): HoldingCredentialsRepo {
    return new HoldingCredentialsRepo(tx);
  }

  async token(tokenId: string) {
    const [row] = await this.db.select(tokenColumns).from(issuerTokens).where(eq(issuerTokens.id, tokenId));
    return row;
  }

  /**
   * The holder's balance of the token in the books, over all their addresses. `lock` holds the
   * rows until the transaction ends, so a concurrent decrease waits and then sees what we wrote.
   */
  async balance(userId: string, tokenId: string, lock = false): Promise<bigint> {
    const query = this.db
      .select({ balance: tokenHoldings.balance })
      .from(tokenHoldings)
      .where(and(eq(tokenHoldings.userId, userId), eq(tokenHoldings.tokenId, tokenId)))
      .orderBy(asc(tokenHoldings.address));
    const rows = lock ? await query.for('update') : await query;
    return rows.reduce((sum, row) => sum + BigInt(row.balance), 0n);
  }

  async insert(values: typeof holdingCredentials.$inferInsert) {
    const [row] = await this.db.insert(holdingCredentials).values(values).returning();
    return row!;
  }

  private select() {
    return this.db
      .select({
        id: holdingCredentials.id,
        credentialId: holdingCredentials.credentialId,
        threshold: holdingCredentials.threshold,
        discloseDid: holdingCredentials.discloseDid,
        createdAt: holdingCredentials.createdAt,
        cid: credentials.cid,
        revokedAt: credentials.revokedAt,
        revocationReason: credentials.revocationReason,
        token: {
          id: issuerTokens.id,
          name: issuerTokens.name,
          symbol: issuerTokens.symbol,
          decimals: issuerTokens.decimals,
          blockchain: issuerTokens.blockchain,
        },
      })
      .from(holdingCredentials)
      .innerJoin(credentials, eq(credentials.id, holdingCredentials.credentialId))
      .innerJoin(issuerTokens, eq(issuerTokens.id, holdingCredentials.tokenId));
  }

  async listOwned(userId: string) {
    return this.select()
      .where(eq(holdingCredentials.userId, userId))
      .orderBy(desc(holdingCredentials.createdAt), desc(holdingCredentials.id));
  }

  async findOwned(userId: string, id: string) {
    const [row] = await this.select().where(
      and(eq(holdingCredentials.userId, userId), eq(holdingCredentials.id, id)),
    );
    return row;
  }

  /** The live credentials of the holder for the token that promise more than `balance`. */
  async brokenBy(userId: string, tokenId: string, balance: bigint): Promise<string[]> {
    const rows = await this.db
      .select({ credentialId: holdingCredentials.credentialId })
      .from(holdingCredentials)
      .innerJoin(credentials, eq(credentials.id, holdingCredentials.credentialId))
      .where(
        and(
          eq(holdingCredentials.userId, userId),
          eq(holdingCredentials.tokenId, tokenId),
          gt(holdingCredentials.threshold, sql`${balance.toString()}::numeric`),
          isNull(credentials.revokedAt),
        ),
      );
    return rows.map((row) => row.credentialId);
  }
}
