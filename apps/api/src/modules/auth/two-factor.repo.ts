import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { recoveryCodes, signInChallenges, twoFactor } from '../../db/schema/index.js';

export type TwoFactorRow = typeof twoFactor.$inferSelect;

/** TOTP secrets (sealed), recovery codes (hashed) and pending second-factor sign-ins. */
export class TwoFactorRepo {
  constructor(private readonly db: DbOrTx) {}

  with(tx: DbOrTx): TwoFactorRepo {
    return new TwoFactorRepo(tx);
  }

  async isEnabled(userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ userId: twoFactor.userId })
      .from(twoFactor)
      .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.confirmedAt)));
    return !!row;
  }

  async find(userId: string): Promise<TwoFactorRow | undefined> {
    const [row] = await this.db.select().from(twoFactor).where(eq(twoFactor.userId, userId));
    return row;
  }

  /** A new enrolment replaces an unconfirmed one; a confirmed one must be turned off first. */
  async startEnrolment(userId: string, secretSealed: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .insert(twoFactor)
      .values({ userId, secretSealed, createdAt: now })
      .onConflictDoUpdate({
        target: twoFactor.userId,
        set: { secretSealed, createdAt: now, lastStep: null },
        setWhere: isNull(twoFactor.confirmedAt),
      })
      .returning({ userId: twoFactor.userId });
    return rows.length > 0;
  }

  async confirm(userId: string, step: number, now: Date): Promise<void> {
    await this.db
      .update(twoFactor)
      .set({ confirmedAt: now, lastStep: step })
      .where(eq(twoFactor.userId, userId));
  }

  /** Accepts a time step only once and only forward (RFC 6238 §5.2), in one statement. */
  async useStep(userId: string, step: number): Promise<boolean> {
    const rows = await this.db
      .update(twoFactor)
      .set({ lastStep: step })
      .where(and(eq(twoFactor.userId, userId), or(isNull(twoFactor.lastStep), lt(twoFactor.lastStep, step))))
      .returning({ userId: twoFactor.userId });
    return rows.length > 0;
  }

  async disable(userId: string): Promise<void> {
    await this.db.delete(twoFactor).where(eq(twoFactor.userId, userId));
    await this.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  }

  async replaceRecoveryCodes(userId: string, hashes: string[]): Promise<void> {
    await this.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await this.db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
  }

  async spendRecoveryCode(userId: string, codeHash: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, codeHash),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    return rows.length > 0;
  }

  async createChallenge(values: typeof signInChallenges.$inferInsert): Promise<void> {
    await this.db.insert(signInChallenges).values(values);
  }

  async findChallenge(ticketHash: string) {
    const [row] = await this.db
      .select()
      .from(signInChallenges)
      .where(eq(signInChallenges.ticketHash, ticketHash));
    return row;
  }

  async countAttempt(id: string, attempts: number): Promise<void> {
    await this.db.update(signInChallenges).set({ attempts }).where(eq(signInChallenges.id, id));
  }

  /** Spends a ticket once: of two concurrent uses, one wins. */
  async spendChallenge(id: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(signInChallenges)
      .set({ usedAt: now })
      .where(and(eq(signInChallenges.id, id), isNull(signInChallenges.usedAt)))
      .returning({ id: signInChallenges.id });
    return rows.length > 0;
  }
}
