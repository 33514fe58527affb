import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { dids } from '../../db/schema/index.js';
import type { Envelope } from '../../secrets/envelope.js';

export type DidRow = Omit<typeof dids.$inferSelect, 'keyEnvelope'> & { keyEnvelope: Envelope };

/** Users' DIDs. Every query is scoped to one user. */
export class DidRepo {
  constructor(private readonly db: DbOrTx) {}

  with(tx: DbOrTx): DidRepo {
    return new DidRepo(tx);
  }

  async findByUser(userId: string): Promise<DidRow | undefined> {
    const [row] = await this.db.select().from(dids).where(eq(dids.userId, userId));
    return row as DidRow | undefined;
  }

  /** Inserts the user's DID unless they already have one; the first writer wins. */
  async insertIfAbsent(row: {
    userId: string;
    did: string;
    keyEnvelope: Envelope;
    createdAt: Date;
  }): Promise<void> {
    await this.db.insert(dids).values(row).onConflictDoNothing({ target: dids.userId });
  }
}
