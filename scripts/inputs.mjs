/**
 * Builds skipped when nothing changed (ADR 43: a second `npm start` is quick). A build's
 * inputs are fingerprinted by content (not modification times, so a checkout or a copy does not
 * force a rebuild, and a changed file always does); the fingerprint of the last build is kept
 * beside its output.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function* files(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (!statSync(full).isDirectory()) {
    yield entry;
    return;
  }
  for (const name of readdirSync(full).sort()) yield* files(path.join(entry, name));
}

/**
 * Runs `build` unless the inputs' fingerprint equals the one stored at `stamp` and `output`
 * exists. Tests are never inputs. Returns whether it built.
 */
export function buildIfChanged({ name, inputs, output, stamp, build }) {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of files(input)) {
      if (/\.test\.tsx?$/.test(file)) continue;
      hash
        .update(`${file}\0`)
        .update(readFileSync(path.join(root, file)))
        .update('\0');
    }
  }
  const fingerprint = hash.digest('hex');
  const stampFile = path.join(root, stamp);
  if (
    existsSync(path.join(root, output)) &&
    existsSync(stampFile) &&
    readFileSync(stampFile, 'utf8') === fingerprint
  ) {
    console.log(`${name}: up to date`);
    return false;
  }
  build();
  writeFileSync(stampFile, fingerprint);
  return true;
}
