import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface LockEntry {
  os?: string[];
  cpu?: string[];
  optional?: boolean;
  dev?: boolean;
}

describe('the lockfile installs on every platform', () => {
  it('requires no platform-specific package but the EDR binary Node 20 needs', () => {
    const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, LockEntry>;
    };
    const pinned = Object.entries(lock.packages)
      .filter(([, entry]) => (entry.os || entry.cpu) && !entry.optional)
      .map(([name]) => name);
    // EDR 0.22's binaries declare node >= 22; npm skips such an optional package on Node 20
    // (it marks it inert), so the one this project runs on must be required (README).
    expect(pinned).toEqual(['node_modules/@nomicfoundation/edr-linux-x64-gnu']);
  });
});
