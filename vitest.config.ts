import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'packages/contracts', 'apps/api', 'apps/web'],
    // Two cores: argon2 and PGlite are CPU-heavy, so keep parallelism bounded.
    maxWorkers: 2,
    reporters: process.env.CI_REPORT
      ? ['default', ['json', { outputFile: process.env.CI_REPORT }]]
      : ['default'],
  },
});
