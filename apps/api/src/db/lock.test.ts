import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { DataDirLockedError } from './lock.js';

const run = promisify(execFile);
const script = path.join(path.dirname(fileURLToPath(import.meta.url)), '../test/open-data-dir.ts');
const node = (args: string[]) => ['--conditions=source', '--import', 'tsx', script, ...args];
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-lock-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('one process per embedded data directory', () => {
  it('a second process on the same DATA_DIR exits with a clear message', async () => {
    const dir = tempDir();
    const holder = spawn(process.execPath, node([dir, 'hold']), { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve) =>
      holder.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('opened') && resolve()),
    );
    try {
      const second = await run(process.execPath, node([dir])).then(
        () => 'opened',
        (error: { stderr: string }) => error.stderr,
      );
      expect(second).toContain(`is in use by another portal process (pid ${holder.pid})`);
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirLockedError);
    } finally {
      holder.kill('SIGKILL');
      await new Promise((resolve) => holder.once('exit', resolve));
    }
    // The holder died without cleaning up: its stale lock is taken over, and the data survived.
    const { stdout } = await run(process.execPath, node([dir]));
    expect(stdout).toContain('opened');
  });

  it('takes over a lock file left by a process that no longer exists', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'portal.lock'), '999999');
    const database = await openDatabase({ dataDir: dir });
    await database.close();
  });
});
