import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by another portal process (pid ${pid}). ` +
        'The embedded database allows one process at a time: stop that process, or use another DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const heldHere = new Set<string>();

/** Holds DATA_DIR/portal.lock (our pid) for as long as the embedded database is open. */
export function acquireDataDirLock(dataDir: string): { release(): void } {
  const file = path.join(dataDir, 'portal.lock');
  if (heldHere.has(file)) throw new DataDirLockedError(dataDir, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldHere.add(file);
      return {
        release() {
          if (!heldHere.delete(file)) return;
          rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(dataDir, pid);
      }
      // Left behind by a process that died without cleaning up (a container restart may even reuse
      // our pid): take it over.
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not acquire ${file}`);
}
