import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';

const chromium = JSON.parse(readFileSync(new URL('./e2e/chromium.json', import.meta.url), 'utf8')) as {
  executablePath: string;
  args: string[];
};

/**
 * Browser tests against the built portal (API + web app on one origin), started by the global
 * setup on a free port with a fresh DATA_DIR. Debian's Chromium: never download a browser.
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: '../../test-results/web-e2e',
  globalSetup: './e2e/global-setup.ts',
  globalTeardown: './e2e/global-teardown.ts',
  // One browser per two cores: each test also loads the one server (argon2, PGlite), so on CI's
  // two cores one browser runs at a time (ADR 60).
  workers: Math.max(1, Math.floor(availableParallelism() / 2)),
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: process.env.PORTAL_E2E_URL,
    // Debian's Chromium and its flags, shared with scripts/bench-web.mjs.
    launchOptions: chromium,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
});
