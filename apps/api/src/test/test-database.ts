import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migrationsFolder, openDatabase, type Database } from '../db/client.js';

/**
 * A fresh, migrated database per call: in-memory PGlite by default, or a new PostgreSQL
 * database (dropped on close) when TEST_DATABASE_URL is set, so the same suites run on both.
 */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL;

/** A new PostgreSQL database on the TEST_DATABASE_URL server (empty or a template's copy), and how to drop it. */
export async function createPostgresDatabase(
  serverUrl: string,
  /** A database to copy (already migrated), instead of an empty one. */
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
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

/**
 * Migrating a database is most of the cost of a fresh one, and the suites make hundreds, so each
 * backend migrates once per set of migrations and copies the result (ADR 60): PGlite loads a data
 * directory dump cached under node_modules/.cache, PostgreSQL clones a template database.
 */
const migrationsKey = (() => {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    if (!file.endsWith('.sql') && !file.endsWith('.json')) continue;
    hash.update(file).update(readFileSync(path.join(migrationsFolder, file)));
  }
  return hash.digest('hex').slice(0, 12);
})();

const require = createRequire(import.meta.url);
/** A dump is only valid for the PGlite build that wrote it. */
const pgliteVersion = (
  JSON.parse(
    readFileSync(path.join(path.dirname(require.resolve('@electric-sql/pglite')), '../package.json'), 'utf8'),
  ) as { version: string }
).version;

const snapshotFile = path.join(
  fileURLToPath(new URL('../../../../node_modules/.cache/portal-tests/', import.meta.url)),
  `pglite-${pgliteVersion}-${migrationsKey}.tar`,
);

let snapshot: Promise<Blob> | undefined;
/** The migrated PGlite dump: read from the cache, or made and cached (atomically) on a miss. */
function pgliteSnapshot(): Promise<Blob> {
  snapshot ??= (async () => {
    try {
      return new Blob([readFileSync(snapshotFile)]);
    } catch {
      const database = await openDatabase({ inMemory: true });
      try {
        // drizzle exposes the driver it wraps as $client.
        const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
        mkdirSync(path.dirname(snapshotFile), { recursive: true });
        const partial = `${snapshotFile}.${process.pid}.${randomBytes(4).toString('hex')}`;
        writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
        renameSync(partial, snapshotFile);
        return dump;
      } finally {
        await database.close();
      }
    }
  })();
  return snapshot;
}

/**
 * The migrated template database on the TEST_DATABASE_URL server, made once per set of
 * migrations; concurrent workers wait on an advisory lock while one of them makes it.
 */
async function postgresTemplate(serverUrl: string): Promise<string> {
  const name = `portal_template_${migrationsKey}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`select pg_advisory_lock(hashtext('portal_template'))`);
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      const partial = `${name}_partial`;
      await admin.query(`drop database if exists ${partial} with (force)`);
      await admin.query(`create database ${partial}`);
      const url = new URL(serverUrl);
      url.pathname = `/${partial}`;
      // A template must have no open connection when it is copied: close before renaming.
      await (await openDatabase({ databaseUrl: url.toString() })).close();
      await admin.query(`alter database ${partial} rename to ${name}`);
    }
    return name;
  } finally {
    await admin.end();
  }
}

export async function createTestDatabase(): Promise<Database> {
  if (!testDatabaseUrl) return openDatabase({ inMemory: true, loadDataDir: await pgliteSnapshot() });
  const created = await createPostgresDatabase(testDatabaseUrl, await postgresTemplate(testDatabaseUrl));
  const database = await openDatabase({ databaseUrl: created.url });
  return {
    ...database,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}
