import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.js';
import { listenPostgres, type Listener } from './listen.js';
import { acquireDataDirLock } from './lock.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Repositories accept either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Receives NOTIFY messages of `channel` (sent by any process); see `Listener`. */
  listen(channel: string, listener: Listener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../src/db/migrations',
);

export interface DatabaseOptions {
  /** postgres://… selects PostgreSQL; otherwise PGlite persisted under dataDir (or in memory). */
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  inMemory?: boolean;
  /** An in-memory database starts as a copy of this data directory dump (tests' migrated snapshot). */
  loadDataDir?: Blob;
  migrate?: boolean;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPglite(options);
  if (options.migrate !== false) {
    try {
      await migrate(database);
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  return database;
}

async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client dropped by the server (restart, failover, admin termination) is discarded by
  // the pool and replaced on the next query; without a listener the event would crash the process.
  pool.on('error', () => {});
  // Fail at boot, not on the first request, when the server is unreachable.
  await pool.query('select 1');
  const listeners = new Set<() => Promise<void>>();
  return {
    db: drizzle(pool, { schema }) as unknown as Db,
    kind: 'postgres',
    async listen(channel, listener) {
      const stop = await listenPostgres(url, channel, listener);
      listeners.add(stop);
      return async () => {
        listeners.delete(stop);
        await stop();
      };
    },
    async close() {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (options.inMemory) {
    const client = await PGlite.create(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
    return {
      db: drizzle(client, { schema }) as unknown as Db,
      kind: 'pglite',
      listen: (channel, listener) => listenPglite(client, channel, listener),
      close: () => client.close(),
    };
  }
  if (!options.dataDir) throw new Error('dataDir is required for an embedded database');
  mkdirSync(options.dataDir, { recursive: true });
  // PGlite is single-process: a second process on the same directory silently loses writes.
  const lock = acquireDataDirLock(options.dataDir);
  try {
    const dir = path.join(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    const client = await PGlite.create(dir);
    return {
      db: drizzle(client, { schema }) as unknown as Db,
      kind: 'pglite',
      listen: (channel, listener) => listenPglite(client, channel, listener),
      close: async () => {
        try {
          await client.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** PGlite is one process: its notifications cannot be lost, so the subscription is live at once. */
async function listenPglite(
  client: PGlite,
  channel: string,
  listener: Listener,
): Promise<() => Promise<void>> {
  const unsubscribe = await client.listen(channel, (payload) => listener.message(payload));
  listener.live(true);
  return async () => {
    listener.live(false);
    await unsubscribe();
  };
}

export async function migrate(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
    await run(database.db as never, { migrationsFolder });
  } else {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    await run(database.db as never, { migrationsFolder });
  }
}
