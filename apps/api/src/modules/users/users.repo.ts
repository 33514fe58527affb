import { and, eq, sql } from 'drizzle-orm';
import type { Wallet } from '@portal/shared/vault';
import type { Role } from '@portal/shared/roles';
import type { DbOrTx } from '../../db/client.js';
import {
  accountSettings,
  avatars,
  dids,
  kycApplicants,
  users,
  vaults,
  vaultWallets,
} from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;

/** Everything the profile shows, read in one query; each module turns its part into fields. */
export interface ProfileRow {
  /** What the profile shows of the account (not its password hash: it never leaves the database). */
  user: ProfileUser;
  theme: (typeof accountSettings.$inferSelect)['theme'];
  language: (typeof accountSettings.$inferSelect)['language'];
  avatarAt: Date | null;
  /** The active vault's wallets (none without one). */
  wallets: Wallet[];
  kyc: {
    status: (typeof kycApplicants.$inferSelect)['status'];
    applicantId: string;
    verifiedDataSealed: string | null;
  } | null;
  did: string | null;
}

export type ProfileUser = Pick<UserRow, 'id' | 'name' | 'email' | 'role' | 'createdAt'>;

export class UsersRepo {
  constructor(private readonly db: DbOrTx) {}

  with(tx: DbOrTx): UsersRepo {
    return new UsersRepo(tx);
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email.toLowerCase()));
    return row;
  }

  // Prepared on first use: the profile is read on every page load of the web app.
  private preparedProfile?: ReturnType<UsersRepo['prepareProfile']>;

  private prepareProfile() {
    const wallets = sql<Wallet[]>`coalesce((
      select json_agg(json_build_object('assetId', ${vaultWallets.assetId}, 'address', ${vaultWallets.address}))
      from ${vaultWallets} join ${vaults} on ${vaults.id} = ${vaultWallets.vaultId}
      where ${vaults.userId} = ${users.id} and ${vaults.status} = 'active'), '[]'::json)`;
    return this.db
      .select({
        user: {
          id: users.id,
          name: users.name,
          email: users.email,
          role: users.role,
          createdAt: users.createdAt,
        },
        theme: accountSettings.theme,
        language: accountSettings.language,
        avatarAt: avatars.updatedAt,
        wallets,
        kycStatus: kycApplicants.status,
        kycApplicantId: kycApplicants.applicantId,
        kycVerifiedData: kycApplicants.verifiedDataSealed,
        did: dids.did,
      })
      .from(users)
      .leftJoin(accountSettings, eq(accountSettings.userId, users.id))
      .leftJoin(avatars, eq(avatars.userId, users.id))
      .leftJoin(kycApplicants, eq(kycApplicants.userId, users.id))
      .leftJoin(dids, eq(dids.userId, users.id))
      .where(and(eq(users.id, sql.placeholder('userId'))))
      .prepare('users_profile');
  }

  /** The user and every part of their profile, in one round trip. */
  async profile(userId: string): Promise<ProfileRow | undefined> {
    this.preparedProfile ??= this.prepareProfile();
    const [row] = await this.preparedProfile.execute({ userId });
    if (!row) return undefined;
    const { kycStatus, kycApplicantId, kycVerifiedData, ...rest } = row;
    return {
      ...rest,
      kyc:
        kycStatus && kycApplicantId
          ? { status: kycStatus, applicantId: kycApplicantId, verifiedDataSealed: kycVerifiedData }
          : null,
    };
  }

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  /** Returns undefined when the email is taken (the unique index decides, even under races). */
  async insert(values: {
    email: string;
    name: string;
    passwordHash: string;
    role: Role;
  }): Promise<UserRow | undefined> {
    const [row] = await this.db
      .insert(users)
      .values({ ...values, email: values.email.toLowerCase() })
      .onConflictDoNothing({ target: users.email })
      .returning();
    return row;
  }

  async updatePasswordHash(id: string, passwordHash: string, now: Date): Promise<void> {
    await this.db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, id));
  }

  async updateName(id: string, name: string, now: Date): Promise<void> {
    await this.db.update(users).set({ name, updatedAt: now }).where(eq(users.id, id));
  }

  async deactivate(id: string, now: Date): Promise<void> {
    await this.db.update(users).set({ deactivatedAt: now, updatedAt: now }).where(eq(users.id, id));
  }
}
