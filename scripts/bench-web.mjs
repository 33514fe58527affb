#!/usr/bin/env node
/**
 * npm run bench:web [-- --no-build] [-- --runs N]
 *
 * Reports, for the built web app:
 *  1. the gzip size of the JavaScript each route needs (from Vite's manifest), against the budget
 *     "initial JavaScript for /login ≤ 200 KB gzip";
 *  2. the largest contentful paint of /login and /dashboard, measured in Debian's Chromium against
 *     the built portal (API + web on one origin, fresh DATA_DIR), next to a blank static page
 *     measured in the same run, so the numbers can be read on any machine.
 * A report, not a timed test: it fails (exit 1) only when the size budget is exceeded.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const LOGIN_BUDGET_KB = 200;
// Debian's Chromium and its flags, shared with the browser suite.
const CHROMIUM = JSON.parse(readFileSync(path.join(root, 'apps/web/e2e/chromium.json'), 'utf8'));

const { values: options } = parseArgs({
  options: { 'no-build': { type: 'boolean', default: false }, runs: { type: 'string', default: '5' } },
});
const runs = Math.max(1, Number(options.runs) || 5);

// Each route and the modules it loads before it can render (the entry holds the sign-in page).
const page = (name) => `src/features/${name}.tsx`;
const ROUTES = {
  '/login': [],
  '/register': [page('auth/components/RegisterPage')],
  '/forgot-password': [page('auth/components/ForgotPasswordPage')],
  '/reset-password': [page('auth/components/ResetPasswordPage')],
  '/dashboard': ['src/features/dashboard/routes.ts', page('dashboard/components/OverviewTab')],
  '/account-settings': [
    'src/features/dashboard/routes.ts',
    page('account-settings/components/AccountSettingsPage'),
  ],
};

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function chunkSizes() {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const gzipped = new Map();
  const gz = (file) => {
    if (!gzipped.has(file))
      gzipped.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
    return gzipped.get(file);
  };
  // The first page loads what index.html names (scripts and module preloads), and their imports.
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const named = [
    ...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g),
  ].map((match) => match[1]);
  const closure = (files, keys) => {
    const seen = new Set();
    const visit = (file) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const key of byFile.get(file)?.imports ?? []) visit(manifest[key].file);
    };
    files.forEach(visit);
    for (const key of keys) {
      if (!manifest[key])
        throw new Error(`${key} is not in the Vite manifest; update ROUTES in bench-web.mjs`);
      visit(manifest[key].file);
    }
    return [...seen].filter((file) => file.endsWith('.js'));
  };
  const initial = closure(named, []);
  const rows = Object.entries(ROUTES).map(([route, modules]) => {
    const files = closure(named, modules);
    const own = files.filter((file) => !initial.includes(file));
    const total = files.reduce((sum, file) => sum + gz(file), 0);
    return { route, files: files.length, own: own.reduce((sum, file) => sum + gz(file), 0), total };
  });
  return { rows, initialTotal: rows[0].total };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilReady(url) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the portal did not start at ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The baseline: a static page with one heading, served from this process. */
async function startBlankPage() {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Blank</title></head>' +
    '<body><h1>Blank static page</h1></body></html>';
  const server = createHttpServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(resolve)) };
}

async function startPortal() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawn('node', ['apps/api/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(url);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

/** The latest largest-contentful-paint candidate of the page, in ms from navigation start. */
function readLcp(page) {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? null)).observe({
          type: 'largest-contentful-paint',
          buffered: true,
        });
        setTimeout(() => resolve(null), 5000);
      }),
  );
}

async function measure(browser, url, { storageState, ready } = {}) {
  const samples = [];
  for (let i = 0; i < runs; i += 1) {
    // A fresh context per run: cold HTTP cache, as on a first visit.
    const context = await browser.newContext({ storageState, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    if (ready) await page.waitForSelector(ready);
    await page.waitForLoadState('networkidle');
    samples.push(await readLcp(page));
    await context.close();
  }
  const sorted = samples.filter((value) => typeof value === 'number').sort((a, b) => a - b);
  if (!sorted.length) throw new Error(`no largest-contentful-paint entry for ${url}`);
  return { median: sorted[Math.floor(sorted.length / 2)], min: sorted[0], max: sorted.at(-1) };
}

/** A signed-in browser state for /dashboard: a cookie session, as the web app itself opens. */
async function investorSession(browser, url) {
  const context = await browser.newContext();
  const response = await context.request.post(`${url}/api/auth/register`, {
    headers: { 'x-portal-csrf': '1', origin: url },
    data: {
      name: 'Bench Investor',
      email: `bench.${Date.now()}@portal.test`,
      password: 'bench-password-1',
      role: 'investor',
      session: 'cookie',
    },
  });
  if (!response.ok()) throw new Error(`registration for the benchmark failed: ${response.status()}`);
  const { cookies } = await context.storageState();
  await context.close();
  return {
    cookies,
    origins: [{ origin: url, localStorage: [{ name: 'authToken', value: 'cookie_session' }] }],
  };
}

async function main() {
  if (!options['no-build']) {
    console.log('Building the API and the web app…');
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  }

  const { rows, initialTotal } = chunkSizes();
  console.log('\nJavaScript per route (gzip -9), from apps/web/dist/.vite/manifest.json');
  console.log('route               JS files   on top of /login   total to render');
  for (const row of rows) {
    console.log(
      `${row.route.padEnd(20)}${String(row.files).padStart(8)}   ${kb(row.own).padStart(16)}   ${kb(row.total).padStart(15)}`,
    );
  }
  const withinBudget = initialTotal <= LOGIN_BUDGET_KB * 1024;
  console.log(
    `\nBudget: initial JavaScript for /login ${kb(initialTotal)} ≤ ${LOGIN_BUDGET_KB} KB: ${withinBudget ? 'OK' : 'EXCEEDED'}`,
  );

  const blank = await startBlankPage();
  const portal = await startPortal();
  const browser = await chromium.launch(CHROMIUM);
  try {
    const session = await investorSession(browser, portal.url);
    const results = [
      ['blank static page', await measure(browser, blank.url)],
      ['/login', await measure(browser, `${portal.url}/login`, { ready: 'form' })],
      [
        '/dashboard',
        await measure(browser, `${portal.url}/dashboard`, {
          storageState: session,
          ready: '[data-testid="overview-stats"]',
        }),
      ],
    ];
    const baseline = results[0][1].median;
    console.log(`\nLargest contentful paint, Chromium, cold cache, ${runs} runs each (median [min–max])`);
    for (const [name, { median, min, max }] of results) {
      const ratio = name === 'blank static page' ? '' : `  ×${(median / baseline).toFixed(1)} blank`;
      console.log(
        `${name.padEnd(20)}${median.toFixed(0).padStart(6)} ms  [${min.toFixed(0)}–${max.toFixed(0)}]${ratio}`,
      );
    }
  } finally {
    await browser.close();
    await portal.stop();
    await blank.close();
  }
  if (!withinBudget) process.exitCode = 1;
}

await main();
