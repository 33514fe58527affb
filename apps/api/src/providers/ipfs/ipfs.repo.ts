import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { ipfsBlocks } from '../../db/schema/index.js';

export type IpfsBlockRow = typeof ipfsBlocks.$inferSelect;

export class IpfsRepo {
  constructor(private readonly db: DbOrTx) {}

  /** Same bytes, same CID: a second add of a document is a no-op. */
  async insert(block: Omit<IpfsBlockRow, 'createdAt'>): Promise<void> {
    await this.db.insert(ipfsBlocks).values(block).onConflictDoNothing();
  }

  async find(cid: string): Promise<IpfsBlockRow | undefined> {
    const [row] = await this.db.select().from(ipfsBlocks).where(eq(ipfsBlocks.cid, cid));
    return row;
  }
}
