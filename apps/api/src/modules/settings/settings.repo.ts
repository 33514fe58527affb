import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { accountSettings, avatars } from '../../db/schema/index.js';

export type AccountSettingsRow = typeof accountSettings.$inferSelect;
type SettingsChanges = Partial<Omit<typeof accountSettings.$inferInsert, 'userId'>>;

export class SettingsRepo {
  constructor(private readonly db: DbOrTx) {}

  with(tx: DbOrTx): SettingsRepo {
    return new SettingsRepo(tx);
  }

  async find(userId: string): Promise<AccountSettingsRow | undefined> {
    const [row] = await this.db.select().from(accountSettings).where(eq(accountSettings.userId, userId));
    return row;
  }

  /** Creates the row with the defaults on first change; later changes touch only what is given. */
  async upsert(userId: string, changes: SettingsChanges, now: Date): Promise<void> {
    await this.db
      .insert(accountSettings)
      .values({ ...changes, userId, updatedAt: now })
      .onConflictDoUpdate({ target: accountSettings.userId, set: { ...changes, updatedAt: now } });
  }

  async avatarVersion(userId: string): Promise<Date | undefined> {
    const [row] = await this.db
      .select({ updatedAt: avatars.updatedAt })
      .from(avatars)
      .where(eq(avatars.userId, userId));
    return row?.updatedAt;
  }

  async findAvatar(userId: string) {
    const [row] = await this.db.select().from(avatars).where(eq(avatars.userId, userId));
    return row;
  }

  async saveAvatar(userId: string, contentType: string, bytes: Buffer, now: Date): Promise<void> {
    const values = { contentType, size: bytes.length, bytes, updatedAt: now };
    await this.db
      .insert(avatars)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: avatars.userId, set: values });
  }
}
