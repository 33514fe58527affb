import { and, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { oidcAttempts, oidcIdentities } from '../../db/schema/index.js';

export type OidcAttemptRow = typeof oidcAttempts.$inferSelect;
export type OidcIdentityRow = typeof oidcIdentities.$inferSelect;

/** Outside sign-ins (ADR 45): round trips in progress (state hashed, verifier sealed) and linked accounts. */
export class OidcRepo {
  constructor(private readonly db: DbOrTx) {}

  with(tx: DbOrTx): OidcRepo {
    return new OidcRepo(tx);
  }

  async insertAttempt(values: typeof oidcAttempts.$inferInsert): Promise<void> {
    await this.db.insert(oidcAttempts).values(values);
  }

  /** Single use: the attempt is deleted by the statement that reads it, so of two uses one wins. */
  async takeAttempt(provider: string, stateHash: string): Promise<OidcAttemptRow | undefined> {
    const [row] = await this.db
      .delete(oidcAttempts)
      .where(and(eq(oidcAttempts.stateHash, stateHash), eq(oidcAttempts.provider, provider)))
      .returning();
    return row;
  }

  /** Housekeeping: attempts nobody came back from. */
  async pruneAttempts(now: Date): Promise<number> {
    const rows = await this.db
      .delete(oidcAttempts)
      .where(lt(oidcAttempts.expiresAt, now))
      .returning({ stateHash: oidcAttempts.stateHash });
    return rows.length;
  }

  async findIdentity(provider: string, subject: string): Promise<OidcIdentityRow | undefined> {
    const [row] = await this.db
      .select()
      .from(oidcIdentities)
      .where(and(eq(oidcIdentities.provider, provider), eq(oidcIdentities.subject, subject)));
    return row;
  }

  /** False when this provider account is already linked (the primary key decides, even under races). */
  async linkIdentity(values: typeof oidcIdentities.$inferInsert): Promise<boolean> {
    const rows = await this.db
      .insert(oidcIdentities)
      .values(values)
      .onConflictDoNothing()
      .returning({ userId: oidcIdentities.userId });
    return rows.length > 0;
  }

  /** Keeps the address the provider last vouched for (shown nowhere yet; kept for support and export). */
  async updateIdentityEmail(provider: string, subject: string, email: string): Promise<void> {
    await this.db
      .update(oidcIdentities)
      .set({ email })
      .where(and(eq(oidcIdentities.provider, provider), eq(oidcIdentities.subject, subject)));
  }
}
