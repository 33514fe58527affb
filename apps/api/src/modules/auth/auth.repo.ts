import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { adminAudit, passwordResets, refreshTokens, sessions, users } from '../../db/schema/index.js';

export type SessionRow = typeof sessions.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/** Sessions (refresh-token families), refresh tokens and password-reset tokens. Hashes only. */
export class AuthRepo {
  constructor(private readonly db: DbOrTx) {}

  with(tx: DbOrTx): AuthRepo {
    return new AuthRepo(tx);
  }

  /**
   * A security event the portal itself noticed, in the admin audit log beside what admins did;
   * no admin acted, so the actor reads 'system'.
   */
  async auditSecurity(action: string, userId: string, detail: Record<string, unknown>): Promise<void> {
    await this.db
      .insert(adminAudit)
      .values({ adminId: null, adminEmail: 'system', action, targetType: 'user', targetId: userId, detail });
  }

  async createSession(values: typeof sessions.$inferInsert): Promise<SessionRow> {
    const [row] = await this.db.insert(sessions).values(values).returning();
    return row!;
  }

  /** The session behind an access token, if it is still live; with the user's current role. */
  async findLiveSession(sessionId: string, now: Date) {
    const [row] = await this.db
      .select({
        sessionId: sessions.id,
        userId: sessions.userId,
        mode: sessions.mode,
        absoluteExpiresAt: sessions.absoluteExpiresAt,
        lastUsedAt: sessions.lastUsedAt,
        role: users.role,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.absoluteExpiresAt, now)),
      );
    return row;
  }

  async insertRefreshToken(values: typeof refreshTokens.$inferInsert): Promise<RefreshTokenRow> {
    const [row] = await this.db.insert(refreshTokens).values(values).returning();
    return row!;
  }

  /**
   * Marks a current token as superseded in one statement, so that of N concurrent refreshes of
   * the same token exactly one gets a row back.
   */
  async supersede(tokenHash: string, now: Date): Promise<RefreshTokenRow | undefined> {
    const [row] = await this.db
      .update(refreshTokens)
      .set({ supersededAt: now })
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.supersededAt),
          gt(refreshTokens.expiresAt, now),
        ),
      )
      .returning();
    return row;
  }

  async setSuccessor(tokenId: string, sealed: string): Promise<void> {
    await this.db.update(refreshTokens).set({ successorSealed: sealed }).where(eq(refreshTokens.id, tokenId));
  }

  async findRefreshToken(tokenHash: string): Promise<RefreshTokenRow | undefined> {
    const [row] = await this.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
    return row;
  }

  async findChild(parentId: string): Promise<RefreshTokenRow | undefined> {
    const [row] = await this.db.select().from(refreshTokens).where(eq(refreshTokens.parentId, parentId));
    return row;
  }

  async revokeSession(sessionId: string, reason: string, now: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  /** The user's signed-in sessions, most recently used first. */
  async listLiveSessions(userId: string, now: Date): Promise<SessionRow[]> {
    return this.db
      .select()
      .from(sessions)
      .where(
        and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.absoluteExpiresAt, now)),
      )
      .orderBy(desc(sessions.lastUsedAt));
  }

  async listAllSessions(userId: string): Promise<SessionRow[]> {
    return this.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.createdAt));
  }

  /** Revokes one of the user's own sessions; false when there is no such live session. */
  async revokeOwnSession(userId: string, sessionId: string, reason: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.length > 0;
  }

  async touchSession(sessionId: string, now: Date): Promise<void> {
    await this.db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, sessionId));
  }

  /** Whether the user signed in before from this browser (same user agent), other than `exceptId`. */
  async hasSignedInFrom(userId: string, userAgent: string | null, exceptId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          ne(sessions.id, exceptId),
          userAgent === null ? isNull(sessions.userAgent) : eq(sessions.userAgent, userAgent),
        ),
      )
      .limit(1);
    return !!row;
  }

  async hasOtherSessions(userId: string, exceptId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.id, exceptId)))
      .limit(1);
    return !!row;
  }

  async revokeUserSessions(
    userId: string,
    reason: string,
    now: Date,
    exceptSessionId?: string,
  ): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
        ),
      );
  }

  async insertPasswordReset(values: typeof passwordResets.$inferInsert): Promise<void> {
    await this.db.insert(passwordResets).values(values);
  }

  /** Single use: the token is spent in the same statement that reads it. */
  async consumePasswordReset(tokenHash: string, now: Date): Promise<string | undefined> {
    const [row] = await this.db
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.tokenHash, tokenHash),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResets.userId });
    return row?.userId;
  }

  async spendOutstandingResets(userId: string, now: Date): Promise<void> {
    await this.db
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  }
}
