import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadMasterKey } from './master-key.js';

const dir = mkdtempSync(path.join(tmpdir(), 'portal-key-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const generated = { base64: undefined, file: undefined };

describe('the master key', () => {
  it('is generated once in DATA_DIR with mode 0600, and read again on the next start', () => {
    const dataDir = path.join(dir, 'data');
    const first = loadMasterKey({ masterKey: generated, dataDir });
    const file = path.join(dataDir, 'master.key');
    expect(first.source).toBe(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadMasterKey({ masterKey: generated, dataDir }).source).toBe(file);
    expect(readFileSync(file, 'utf8').trim()).toHaveLength(44);
  });

  it("reads an operator's MASTER_KEY_FILE without changing it (a read-only secret mount)", () => {
    const file = path.join(dir, 'mounted-key');
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`);
    chmodSync(file, 0o444);
    expect(loadMasterKey({ masterKey: { base64: undefined, file }, dataDir: dir }).source).toBe(file);
    expect(statSync(file).mode & 0o777).toBe(0o444);
  });

  it('refuses a MASTER_KEY_FILE that is missing or not 32 bytes', () => {
    expect(() =>
      loadMasterKey({ masterKey: { base64: undefined, file: path.join(dir, 'none') }, dataDir: dir }),
    ).toThrow('does not exist');
    const short = path.join(dir, 'short');
    writeFileSync(short, 'c2hvcnQ=');
    expect(() => loadMasterKey({ masterKey: { base64: undefined, file: short }, dataDir: dir })).toThrow(
      '32 bytes',
    );
  });
});
