import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Figures an evidence suite reports to `npm run scorecard` (ADR 48). Each suite merges its
 * figures into `reports/evidence/<suite>.<backend>.json`; the scorecard reads them back. The
 * suites assert their own invariants: a figure is what a reviewer reads, never the test itself.
 */
export type Figures = Record<string, number | string | boolean>;

export const backend: 'postgres' | 'pglite' = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

const directory =
  process.env.EVIDENCE_DIR ??
  join(fileURLToPath(new URL('../../../../', import.meta.url)), 'reports', 'evidence');

export function recordEvidence(suite: string, figures: Figures): void {
  mkdirSync(directory, { recursive: true });
  const file = join(directory, `${suite}.${backend}.json`);
  let previous: Figures = {};
  try {
    previous = JSON.parse(readFileSync(file, 'utf8')) as Figures;
  } catch {
    // First figures of this suite in this run.
  }
  writeFileSync(file, `${JSON.stringify({ ...previous, ...figures }, null, 2)}\n`);
}
