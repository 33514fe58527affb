import { isNull } from 'drizzle-orm';
import { portalDatabase, stopE2eServer } from './server';

/**
 * Nothing personal is public (ADR 12): after the whole run, no document the public gateway
 * serves (one without an owner) holds the e-mail of any account the run registered.
 */
async function assertNoPersonalDataPublic(dataDir: string): Promise<void> {
  const database = await portalDatabase(dataDir);
  const { users, ipfsBlocks } = database.schema;
  try {
    const emails: Array<{ email: string }> = await database.db.select({ email: users.email }).from(users);
    const blocks: Array<{ cid: string; bytes: Uint8Array }> = await database.db
      .select({ cid: ipfsBlocks.cid, bytes: ipfsBlocks.bytes })
      .from(ipfsBlocks)
      .where(isNull(ipfsBlocks.ownerUserId));
    const leaks = blocks.flatMap(({ cid, bytes }) => {
      const text = Buffer.from(bytes).toString('utf8').toLowerCase();
      return emails.filter(({ email }) => text.includes(email)).map(({ email }) => `${cid} holds ${email}`);
    });
    if (leaks.length) throw new Error(`Public documents hold personal data:\n${leaks.join('\n')}`);
  } finally {
    await database.close();
  }
}

/** Stops the server the global setup started (by its pid) and removes its DATA_DIR. */
export default async function globalTeardown(): Promise<void> {
  await stopE2eServer(
    Number(process.env.PORTAL_E2E_SERVER_PID),
    process.env.PORTAL_E2E_DATA_DIR,
    assertNoPersonalDataPublic,
  );
}
