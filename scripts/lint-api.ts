/**
 * `npm run lint:api`: the OWASP API Security lint (Spectral with the OWASP ruleset, .spectral.yaml)
 * of the document the portal serves at /api/docs/json, built by a throwaway embedded portal.
 * Exits non-zero when the lint reports any error or warning.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-lint-api-'));
let status: number;
try {
  const config = loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    MASTER_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  });
  const app = await buildApp(config, { logger: pino({ level: 'silent' }) });
  await app.ready();
  const answer = await app.inject({ method: 'GET', url: '/api/docs/json' });
  await app.close();
  if (answer.statusCode !== 200) throw new Error(`/api/docs/json answered ${answer.statusCode}`);
  const document = path.join(dataDir, 'openapi.json');
  writeFileSync(document, answer.body);
  const lint = spawnSync(
    'npx',
    [
      'spectral',
      'lint',
      '--ruleset',
      path.join(root, '.spectral.yaml'),
      '--fail-severity',
      'warn',
      ...process.argv.slice(2),
      document,
    ],
    { cwd: root, stdio: 'inherit' },
  );
  status = lint.status ?? 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
