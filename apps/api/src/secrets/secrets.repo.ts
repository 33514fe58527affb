import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { secrets } from '../db/schema/index.js';
import type { Envelope, MasterKey } from './envelope.js';

/**
 * Named application secrets (signing keys, seeds). Created once, race-free across processes:
 * the first insert wins and every process then uses the stored value.
 */
export class SecretStore {
  constructor(
    private readonly db: DbOrTx,
    private readonly masterKey: MasterKey,
  ) {}

  async getOrCreate(name: string, generate: () => Buffer | Promise<Buffer>): Promise<Buffer> {
    const existing = await this.read(name);
    if (existing) return existing;
    const value = await generate();
    await this.db
      .insert(secrets)
      .values({ name, envelope: this.masterKey.seal(value, `secret|${name}`) })
      .onConflictDoNothing();
    const stored = await this.read(name);
    if (!stored) throw new Error(`Secret ${name} could not be stored`);
    return stored;
  }

  private async read(name: string): Promise<Buffer | undefined> {
    const [row] = await this.db.select().from(secrets).where(eq(secrets.name, name));
    return row ? this.masterKey.open(row.envelope as Envelope, `secret|${name}`) : undefined;
  }
}
