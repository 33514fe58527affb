import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { MasterKey } from './envelope.js';

/**
 * The key-encryption key never lives in the database: it comes from MASTER_KEY, from
 * MASTER_KEY_FILE, or (embedded setup) from DATA_DIR/master.key, generated with mode 0600 on
 * first start.
 */
export function loadMasterKey(config: Pick<Config, 'masterKey' | 'dataDir'>): {
  key: MasterKey;
  source: string;
} {
  if (config.masterKey.base64) {
    return { key: new MasterKey(Buffer.from(config.masterKey.base64, 'base64')), source: 'MASTER_KEY' };
  }
  const file = config.masterKey.file ?? path.join(config.dataDir, 'master.key');
  if (!existsSync(file)) {
    if (config.masterKey.file) throw new Error(`MASTER_KEY_FILE: ${file} does not exist`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
  }
  // Our own key file is kept private; a MASTER_KEY_FILE is the operator's (often a read-only secret mount).
  if (!config.masterKey.file) chmodSync(file, 0o600);
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`MASTER_KEY_FILE: ${file} must hold 32 bytes, base64-encoded`);
  return { key: new MasterKey(key), source: file };
}
