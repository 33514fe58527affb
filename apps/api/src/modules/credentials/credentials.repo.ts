import { and, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { credentials, credentialShares } from '../../db/schema/index.js';

export type CredentialRow = typeof credentials.$inferSelect;
export type ShareRow = typeof credentialShares.$inferSelect;

/** Issued credentials, their status-list entries and share links; ownership is in every WHERE. */
export class CredentialsRepo {
  constructor(private readonly db: DbOrTx) {}

  with(tx: DbOrTx): CredentialsRepo {
    return new CredentialsRepo(tx);
  }

  /** Undefined when the status position is taken (the caller draws another). */
  async insert(values: {
    userId: string;
    type: string;
    statusList: number;
    statusIndex: number;
  }): Promise<CredentialRow | undefined> {
    const [row] = await this.db
      .insert(credentials)
      .values(values)
      .onConflictDoNothing({ target: [credentials.statusList, credentials.statusIndex] })
      .returning();
    return row;
  }

  async setCid(id: string, cid: string): Promise<void> {
    await this.db.update(credentials).set({ cid }).where(eq(credentials.id, id));
  }

  /** A holder's stored credentials, oldest first. */
  async listOwned(userId: string): Promise<CredentialRow[]> {
    return this.db
      .select()
      .from(credentials)
      .where(and(eq(credentials.userId, userId), isNotNull(credentials.cid)))
      .orderBy(credentials.createdAt);
  }

  async findOwnedByCid(userId: string, cid: string): Promise<CredentialRow | undefined> {
    const [row] = await this.db
      .select()
      .from(credentials)
      .where(and(eq(credentials.cid, cid), eq(credentials.userId, userId)));
    return row;
  }

  /** Revokes every credential of the user not revoked yet; answers how many. */
  async revokeAllOf(userId: string, reason: string, at: Date): Promise<number> {
    const rows = await this.db
      .update(credentials)
      .set({ revokedAt: at, revocationReason: reason })
      .where(and(eq(credentials.userId, userId), isNull(credentials.revokedAt)))
      .returning({ id: credentials.id });
    return rows.length;
  }

  /** Revokes the user's credentials among `ids` that are still live; returns the ids it revoked. */
  async revokeOwned(userId: string, ids: readonly string[], reason: string, at: Date): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .update(credentials)
      .set({ revokedAt: at, revocationReason: reason })
      .where(
        and(eq(credentials.userId, userId), inArray(credentials.id, [...ids]), isNull(credentials.revokedAt)),
      )
      .returning({ id: credentials.id });
    return rows.map((row) => row.id);
  }

  async revokedIndexes(statusList: number): Promise<number[]> {
    const rows = await this.db
      .select({ index: credentials.statusIndex })
      .from(credentials)
      .where(and(eq(credentials.statusList, statusList), isNotNull(credentials.revokedAt)));
    return rows.map((row) => row.index);
  }

  async insertShare(values: {
    credentialId: string;
    userId: string;
    tokenHash: string;
    expiresAt: Date;
  }): Promise<ShareRow> {
    const [row] = await this.db.insert(credentialShares).values(values).returning();
    return row!;
  }

  async listShares(userId: string, credentialId: string, now: Date): Promise<ShareRow[]> {
    return this.db
      .select()
      .from(credentialShares)
      .where(
        and(
          eq(credentialShares.userId, userId),
          eq(credentialShares.credentialId, credentialId),
          isNull(credentialShares.revokedAt),
          gt(credentialShares.expiresAt, now),
        ),
      )
      .orderBy(credentialShares.createdAt);
  }

  async revokeShare(userId: string, shareId: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(credentialShares)
      .set({ revokedAt: sql`coalesce(${credentialShares.revokedAt}, ${at.toISOString()}::timestamptz)` })
      .where(and(eq(credentialShares.id, shareId), eq(credentialShares.userId, userId)))
      .returning({ id: credentialShares.id });
    return rows.length > 0;
  }

  /** The credential behind a live share link. */
  async findShared(tokenHash: string, now: Date): Promise<CredentialRow | undefined> {
    const [row] = await this.db
      .select({ credential: credentials })
      .from(credentialShares)
      .innerJoin(credentials, eq(credentials.id, credentialShares.credentialId))
      .where(
        and(
          eq(credentialShares.tokenHash, tokenHash),
          isNull(credentialShares.revokedAt),
          gt(credentialShares.expiresAt, now),
        ),
      );
    return row?.credential;
  }
}
