import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface LockEntry {
  version?: string;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optional?: boolean;
  integrity?: string;
  engines?: { node?: string };
}

const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};
const entries = Object.entries(lock.packages);
const find = (name: string) => entries.filter(([key]) => key.endsWith(`node_modules/${name}`));

/** The platforms the README promises (ADR 37): npm ci must find a native binary for each. */
const PLATFORMS = [
  { os: 'linux', cpu: 'x64', libc: 'glibc', suffix: 'linux-x64-gnu' },
  { os: 'linux', cpu: 'x64', libc: 'musl', suffix: 'linux-x64-musl' },
  { os: 'linux', cpu: 'arm64', libc: 'glibc', suffix: 'linux-arm64-gnu' },
  { os: 'linux', cpu: 'arm64', libc: 'musl', suffix: 'linux-arm64-musl' },
  { os: 'darwin', cpu: 'x64', libc: undefined, suffix: 'darwin-x64' },
  { os: 'darwin', cpu: 'arm64', libc: undefined, suffix: 'darwin-arm64' },
];

const installsOn = (entry: LockEntry, platform: (typeof PLATFORMS)[number]) =>
  (!entry.os || entry.os.includes(platform.os)) &&
  (!entry.cpu || entry.cpu.includes(platform.cpu)) &&
  (!entry.libc || !platform.libc || entry.libc.includes(platform.libc));

describe('the lockfile installs on every platform', () => {
  it('requires no platform-specific package (a wrong platform would fail npm ci)', () => {
    const pinned = entries
      .filter(([, entry]) => (entry.os || entry.cpu) && !entry.optional)
      .map(([key]) => key);
    expect(pinned).toEqual([]);
  });

  it.each(PLATFORMS)(
    'holds the EDR and LiteSVM binaries for $suffix, published and runnable on Node 20',
    (platform) => {
      for (const name of [`@nomicfoundation/edr-${platform.suffix}`, `litesvm-${platform.suffix}`]) {
        const found = find(name);
        expect(found, name).toHaveLength(1);
        const [, entry] = found[0]!;
        expect(entry.integrity, `${name} is published`).toMatch(/^sha512-/);
        expect(installsOn(entry, platform), `${name} installs on ${platform.suffix}`).toBe(true);
        // An engines range above Node 20 makes npm skip an optional binary there (ADR 37).
        expect(entry.engines?.node ?? '>= 20', name).toMatch(/^>=\s*(1\d|20)\b/);
      }
    },
  );
});

describe('the lockfile installs on the Node the README promises', () => {
  // semver is what npm itself uses to print EBADENGINE; typed here for the one call.
  const semver = createRequire(import.meta.url)('semver') as {
    satisfies(version: string, range: string): boolean;
  };
  const minimum = (
    JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      engines: { node: string };
    }
  ).engines.node.replace(/^>=\s*/, '');

  it('holds no package whose engines range excludes that Node (npm ci would warn EBADENGINE)', () => {
    expect(minimum).toBe('20.19.0');
    const refused = entries
      .filter(([, entry]) => entry.engines?.node && !semver.satisfies(minimum, entry.engines.node))
      .map(([key, entry]) => `${key}@${entry.version} (node ${entry.engines!.node})`);
    expect(refused).toEqual([]);
  });
});
