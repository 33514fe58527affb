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
