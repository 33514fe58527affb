import { eq } from 'drizzle-orm';
import type { Role } from '@portal/shared/roles';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;

export class UsersRepo {
  constructor(private readonly db: DbOrTx) {}

  with(tx: DbOrTx): UsersRepo {
    return new UsersRepo(tx);
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email.toLowerCase()));
    return row;
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
