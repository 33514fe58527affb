import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { App } from '../apps/api/src/app.js';
import type { Env } from '../apps/api/src/config.js';

/** The portal's environment in the benchmarks: production mode, quiet, no demo, no throttling. */
export function benchEnv(dataDir: string, databaseUrl?: string): Env {
  return {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    MASTER_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    KYC_SANDBOX_AUTO_APPROVE: 'true',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    RATE_LIMIT_API_PER_MINUTE: '100000000',
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The benches' JSON caller: answers the parsed body as `T` (the route's response type). */
export type Call = <T>(
  method: Method,
  url: string,
  token?: string,
  payload?: object,
  headers?: Record<string, string>,
) => Promise<T>;

/** The JSON caller on `app` (in process), throwing on any 4xx or 5xx. */
export function jsonCaller(app: App): Call {
  return async <T>(
    method: Method,
    url: string,
    token?: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => {
    const response = await app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload }),
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
    if (response.statusCode >= 400)
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json<T>();
  };
}

/** The port a server listens on (after `listen({ port: 0 })`). */
export const portOf = (server: { address(): AddressInfo | string | null }): number =>
  (server.address() as AddressInfo).port;

/** The rows of a raw `db.execute(sql…)` (the same shape on PGlite and PostgreSQL). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
