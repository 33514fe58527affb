import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client.js';

/**
 * A fresh, migrated database per call: in-memory PGlite by default, or a new PostgreSQL
 * database (dropped on close) when TEST_DATABASE_URL is set, so the same suites run on both.
 */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL;

/** A new, empty PostgreSQL database on the TEST_DATABASE_URL server, and how to drop it. */
export async function createPostgresDatabase(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export async function createTestDatabase(): Promise<Database> {
  if (!testDatabaseUrl) return openDatabase({ inMemory: true });
  const created = await createPostgresDatabase(testDatabaseUrl);
  const database = await openDatabase({ databaseUrl: created.url });
  return {
    ...database,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}
