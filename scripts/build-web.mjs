#!/usr/bin/env node
/**
 * Builds the web app only when its inputs changed (issue 13: a second `npm start` is quick).
 * The inputs' contents are fingerprinted (sources, public files, shared package, configs, the
 * lockfile); the fingerprint of the last build is kept in dist/. Same fingerprint: nothing to do.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const stamp = path.join(web, 'dist/.inputs-sha256');
const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'tsconfig.base.json',
  'package-lock.json',
  'scripts/compress-assets.mjs',
];

function* files(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (!statSync(full).isDirectory()) {
    yield entry;
    return;
  }
  for (const name of readdirSync(full).sort()) yield* files(path.join(entry, name));
}

const hash = createHash('sha256');
for (const input of INPUTS) {
  for (const file of files(input)) {
    // Tests are not part of the bundle.
    if (/\.test\.tsx?$/.test(file)) continue;
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  }
}
const fingerprint = hash.digest('hex');

if (
  existsSync(path.join(web, 'dist/index.html')) &&
  existsSync(stamp) &&
  readFileSync(stamp, 'utf8') === fingerprint
) {
  console.log('web app: up to date');
} else {
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  writeFileSync(stamp, fingerprint);
}
