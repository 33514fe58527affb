import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const directory = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'reports', 'evidence');

/**
 * Keeps a benchmark's figures for `npm run scorecard` (reports/evidence/bench-<name>.json).
 * JavaScript, not TypeScript: `npm run bench:web` runs it with plain node.
 * @param {string} name
 * @param {object} figures
 */
export function saveFigures(name, figures) {
  mkdirSync(directory, { recursive: true });
  writeFileSync(path.join(directory, `bench-${name}.json`), `${JSON.stringify(figures, null, 2)}\n`);
}
