#!/usr/bin/env node
/**
 * node scripts/ci-summary.mjs [--steps FILE] [--slowest N] REPORT.json…
 *
 * Reads Vitest and Playwright JSON reports and prints, per report, its counts and its slowest
 * test files (where CI's time goes, docs/decisions/0060-ci-budget.md); then, with --steps, the
 * duration of each CI step (lines "name<TAB>seconds<TAB>exit" written by .ci/run); and ends with
 * one plain line, "N passed, N failed" (CI does not read the suites' own summaries).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values: options, positionals: reports } = parseArgs({
  allowPositionals: true,
  options: { steps: { type: 'string' }, slowest: { type: 'string', default: '10' } },
});
const slowest = Number(options.slowest);

const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`;
const relative = (file) => path.relative(process.cwd(), path.resolve(process.cwd(), file));

/** Per-file wall time of a Vitest report: each file's first start to its end. */
function vitestFiles(report) {
  return report.testResults.map((result) => ({
    file: relative(result.name),
    ms: Math.max(0, (result.endTime ?? 0) - (result.startTime ?? 0)),
  }));
}

/** Per-file time of a Playwright report: the sum of its tests' attempts (one worker runs a file). */
function playwrightFiles(report) {
  const totals = new Map();
  const walk = (suite, file) => {
    const own = suite.file ?? file;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        for (const result of test.results ?? [])
          totals.set(own, (totals.get(own) ?? 0) + (result.duration ?? 0));
    for (const child of suite.suites ?? []) walk(child, own);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file);
  return [...totals].map(([file, ms]) => ({ file, ms }));
}

function printSlowest(files) {
  const total = files.reduce((sum, entry) => sum + entry.ms, 0);
  if (!total) return;
  console.log(`  ${files.length} files, ${seconds(total)} of file time; slowest:`);
  for (const { file, ms } of [...files].sort((a, b) => b.ms - a.ms).slice(0, slowest))
    console.log(`  ${seconds(ms).padStart(8)} ${((ms / total) * 100).toFixed(0).padStart(3)}%  ${file}`);
}

let passed = 0;
let failed = 0;
for (const file of reports) {
  if (!existsSync(file)) {
    console.log(`${file}: missing (that suite did not run to completion)`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (report.stats) {
    // Playwright
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    console.log(
      `${file}: ${report.stats.expected} passed, ${report.stats.unexpected} failed, ${report.stats.flaky} flaky in ${seconds(report.stats.duration)}`,
    );
    printSlowest(playwrightFiles(report));
  } else {
    // Vitest
    // A file that fails before any test runs (import error, hook failure) counts as one failure.
    const brokenFiles = report.testResults.filter(
      (result) => result.status === 'failed' && !result.assertionResults.some((a) => a.status === 'failed'),
    ).length;
    passed += report.numPassedTests;
    failed += report.numFailedTests + brokenFiles;
    console.log(`${file}: ${report.numPassedTests} passed, ${report.numFailedTests + brokenFiles} failed`);
    printSlowest(vitestFiles(report));
  }
}

if (options.steps && existsSync(options.steps)) {
  const steps = readFileSync(options.steps, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [name, secs, exit] = line.split('\t');
      return { name, secs: Number(secs), exit };
    });
  const total = steps.reduce((sum, step) => sum + step.secs, 0);
  const width = Math.max(...steps.map((step) => step.name.length), 5);
  console.log('\nCI steps:');
  for (const step of steps)
    console.log(
      `  ${step.name.padEnd(width)} ${`${step.secs}s`.padStart(7)}${step.exit === '0' ? '' : `  (exit ${step.exit})`}`,
    );
  console.log(`  ${'total'.padEnd(width)} ${`${total}s`.padStart(7)}  (${(total / 60).toFixed(1)} min)`);
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
