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
  it('holds no platform-specific package as a required one (npm ci would stop with EBADPLATFORM elsewhere)', () => {
    const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, LockEntry>;
    };
    const pinned = Object.entries(lock.packages)
      .filter(([, entry]) => (entry.os || entry.cpu) && !entry.optional)
      .map(([name]) => name);
    expect(pinned).toEqual([]);
  });
});
