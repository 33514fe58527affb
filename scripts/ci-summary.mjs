// Prints "N passed, N failed" from Vitest and Playwright JSON reports (CI does not read their summaries).
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
for (const file of process.argv.slice(2)) {
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
      `${file}: ${report.stats.expected} passed, ${report.stats.unexpected} failed, ${report.stats.flaky} flaky`,
    );
  } else {
    // Vitest
    // A file that fails before any test runs (import error, hook failure) counts as one failure.
    const brokenFiles = report.testResults.filter(
      (result) => result.status === 'failed' && !result.assertionResults.some((a) => a.status === 'failed'),
    ).length;
    passed += report.numPassedTests;
    failed += report.numFailedTests + brokenFiles;
    console.log(`${file}: ${report.numPassedTests} passed, ${report.numFailedTests + brokenFiles} failed`);
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
