import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client.js';

/**
 * A fresh, migrated database per call: in-memory PGlite by default, or a new PostgreSQL
 * database (dropped on close) when TEST_DATABASE_URL is set, so the same suites run on both.
 */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL;

export async function createTestDatabase(): Promise<Database> {
  if (!testDatabaseUrl) return openDatabase({ inMemory: true });
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: testDatabaseUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
