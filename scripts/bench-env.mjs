import { randomBytes } from 'node:crypto';
import path from 'node:path';

/** The portal's environment in the benchmarks: production mode, quiet, no demo, no throttling. */
export function benchEnv(dataDir, databaseUrl) {
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

/**
 * The benches' JSON caller on `app` (in process): `call(method, url, token, payload, headers)`
 * answers the parsed body and throws on any 4xx or 5xx.
 */
export function jsonCaller(app) {
  return async (method, url, token, payload, headers = {}) => {
    const response = await app.inject({
      method,
      url,
      payload,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
    if (response.statusCode >= 400)
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  };
}
