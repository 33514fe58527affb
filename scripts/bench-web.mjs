#!/usr/bin/env node
/**
 * npm run bench:web [-- --no-build] [-- --runs N]
 *
 * Reports, for the built web app (API + web on one origin, fresh DATA_DIR), in Debian's Chromium:
 *  1. every JavaScript file the browser downloads for /login (and /dashboard) from navigation
 *     until the network is idle, gzip -9 of each body, against the budget
 *     "JavaScript for /login until network idle ≤ 150 KB gzip" (ADR 47);
 *  2. any render-blocking resource (Chromium's `renderBlockingStatus`, and stylesheets linked in
 *     the document head);
 *  3. Lighthouse-style mobile figures (phone viewport, CPU ×4 slower, slow 4G): largest
 *     contentful paint and total blocking time of /login, /dashboard (signed in) and a blank
 *     static page measured in the same run, so the numbers can be read on any machine;
 *  4. for the signed-in pages a visitor opens first (/dashboard, the marketplace), loaded cold at
 *     desktop size without throttling (this machine's own speed): every request from navigation
 *     until the network is idle, by kind, and the time until the page shows its content;
 *  and, for reference, the JavaScript per route from Vite's manifest.
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
import { saveFigures } from './bench-report.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const LOGIN_BUDGET_KB = 150;
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
  '/account-settings': ['src/features/dashboard/routes.ts', page('settings/components/AccountSettingsPage')],
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
  return { rows };
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

// A mid-range phone, as Lighthouse's mobile preset: 390×844 viewport, CPU slowed ×4, and a slow
// 4G link (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up) applied by Chromium itself.
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
};
const CPU_SLOWDOWN = 4;
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6e6 / 8) * 0.9,
  uploadThroughput: 750e3 / 8,
};

/**
 * Registered before the page's first script: the long tasks, LCP candidates and first
 * contentful paint, kept on `window` for `readFigures`.
 */
function observePerformance() {
  const record = { longTasks: [], lcp: null };
  Object.defineProperty(globalThis, '__benchPerf', { value: record });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      record.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    record.lcp = list.getEntries().at(-1)?.startTime ?? record.lcp;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

/**
 * Registered before the page's first script: the time (from navigation start) at which `selector`
 * first matches an element with text, kept on `window` for `coldLoad`.
 */
function observeContent(selector) {
  const found = () =>
    [...globalThis.document.querySelectorAll(selector)].some((node) => node.textContent.trim());
  const record = () => {
    if (globalThis.__benchContent === undefined && found()) {
      globalThis.__benchContent = performance.now();
      observer.disconnect();
    }
  };
  const observer = new globalThis.MutationObserver(record);
  observer.observe(globalThis.document, { childList: true, subtree: true, characterData: true });
}

/**
 * Opens `url` once in a fresh desktop context (cold cache, no throttling): the requests it makes
 * from navigation until the network is idle, by resource type, and the time until `content` shows.
 */
async function coldLoad(browser, url, { storageState, content }) {
  const context = await browser.newContext({ storageState, viewport: { width: 1366, height: 768 } });
  await context.addInitScript(observeContent, content);
  const page = await context.newPage();
  const requests = [];
  page.on('request', (request) => requests.push(request));
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => globalThis.__benchContent !== undefined, undefined, { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const contentMs = await page.evaluate(() => globalThis.__benchContent);
  await context.close();
  const byType = {};
  for (const request of requests) byType[request.resourceType()] = (byType[request.resourceType()] ?? 0) + 1;
  const api = requests
    .filter((request) => new URL(request.url()).pathname.startsWith('/api/'))
    .map((request) => `${request.method()} ${new URL(request.url()).pathname}`);
  return { requests: requests.length, byType, api, contentMs };
}

/** LCP, FCP, TBT (long tasks' time over 50 ms, from FCP until now) and render-blocking styles. */
function readFigures(page) {
  return page.evaluate(() => {
    const record = globalThis.__benchPerf;
    const now = performance.now();
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    let tbt = 0;
    for (const { start, duration } of record.longTasks) {
      if (fcp === null) break;
      // Only the part of a task after FCP counts (as Lighthouse does).
      const from = Math.max(start, fcp);
      const blocking = Math.min(start + duration, now) - from - 50;
      if (start + duration > fcp && blocking > 0) tbt += blocking;
    }
    const blockingResources = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.renderBlockingStatus === 'blocking')
      .map((entry) => new URL(entry.name).pathname);
    const headStylesheets = [...globalThis.document.head.querySelectorAll('link[rel~="stylesheet"]')]
      .filter((link) => !link.media || link.media === 'all' || globalThis.matchMedia(link.media).matches)
      .map((link) => new URL(link.href).pathname);
    return { lcp: record.lcp, fcp, tbt, blockingResources, headStylesheets };
  });
}

/**
 * Loads `url` once in a fresh context (cold cache) as a phone; returns the figures and every
 * JavaScript response from navigation until the network is idle, with its gzip -9 size.
 */
async function loadOnce(browser, url, { storageState, ready }) {
  const context = await browser.newContext({ storageState, ...PHONE });
  await context.addInitScript(observePerformance);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  // Every script requested from navigation until network idle; sized afterwards from the server
  // (the same bytes; Chromium may have dropped a body from its buffers by then).
  const scripts = new Set();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(request.url());
  });
  await page.goto(url, { waitUntil: 'load' });
  if (ready) await page.waitForSelector(ready);
  await page.waitForLoadState('networkidle');
  const figures = await readFigures(page);
  await context.close();
  const js = await Promise.all(
    [...scripts].map(async (address) => {
      const body = Buffer.from(await (await fetch(address)).arrayBuffer());
      return { path: new URL(address).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
    }),
  );
  return { ...figures, js };
}

const median = (values) => {
  const sorted = values.filter((value) => typeof value === 'number').sort((a, b) => a - b);
  return sorted.length
    ? { median: sorted[Math.floor(sorted.length / 2)], min: sorted[0], max: sorted.at(-1) }
    : null;
};

async function measure(browser, url, options = {}) {
  const samples = [];
  for (let i = 0; i < runs; i += 1) samples.push(await loadOnce(browser, url, options));
  const lcp = median(samples.map((sample) => sample.lcp));
  if (!lcp) throw new Error(`no largest-contentful-paint entry for ${url}`);
  return {
    lcp,
    tbt: median(samples.map((sample) => sample.tbt)),
    // The first run's downloads (every run starts cold; the files are the same).
    js: samples[0].js,
    blocking: [...new Set(samples.flatMap((s) => [...s.blockingResources, ...s.headStylesheets]))],
  };
}

/** The signed-in pages opened cold, and what shows that each has its content. */
const SIGNED_IN_PAGES = [
  ['/dashboard', '/dashboard', '[data-testid="overview-stats"]'],
  ['marketplace', '/dashboard?tab=marketplace', '[data-testid="listing-row"]'],
];
const REQUEST_BUDGET = 25;
const CONTENT_BUDGET_MS = 1000;

async function measureSignedIn(browser, url, session) {
  const rows = [];
  for (const [name, path, content] of SIGNED_IN_PAGES) {
    const samples = [];
    for (let i = 0; i < runs; i += 1)
      samples.push(await coldLoad(browser, `${url}${path}`, { storageState: session, content }));
    rows.push({
      name,
      requests: median(samples.map((sample) => sample.requests)),
      contentMs: median(samples.map((sample) => sample.contentMs)),
      byType: samples[0].byType,
      api: samples[0].api,
    });
  }
  return rows;
}

/** The demo issuer's listings appear shortly after a fresh start: the marketplace waits for them. */
async function waitForListings(url, session) {
  const cookie = session.cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
  const deadline = Date.now() + 120_000;
  for (;;) {
    const response = await fetch(`${url}/api/escrow/marketplace`, { headers: { cookie } });
    if (response.ok && ((await response.json()).data?.listings?.length ?? 0) > 0) return;
    if (Date.now() > deadline) throw new Error('no marketplace listing two minutes after the start');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
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

  const { rows } = chunkSizes();
  console.log('\nJavaScript per route (gzip -9), from apps/web/dist/.vite/manifest.json');
  console.log('route               JS files   on top of /login   total to render');
  for (const row of rows) {
    console.log(
      `${row.route.padEnd(20)}${String(row.files).padStart(8)}   ${kb(row.own).padStart(16)}   ${kb(row.total).padStart(15)}`,
    );
  }

  const blank = await startBlankPage();
  const portal = await startPortal();
  let browser;
  let withinBudget = false;
  try {
    // Inside the try: a browser that fails to start must not leave the portal running.
    browser = await chromium.launch(CHROMIUM);
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

    await waitForListings(portal.url, session);
    const signedIn = await measureSignedIn(browser, portal.url, session);

    for (const [name, { js }] of results.slice(1)) {
      const gzip = js.reduce((sum, file) => sum + file.gzip, 0);
      console.log(`\nJavaScript loaded by ${name} until network idle (Chromium, gzip -9 of each body)`);
      for (const file of [...js].sort((a, b) => b.gzip - a.gzip))
        console.log(`  ${kb(file.gzip).padStart(10)}  ${file.path}`);
      console.log(`  ${kb(gzip).padStart(10)}  in ${js.length} files`);
      if (name === '/login') {
        withinBudget = gzip <= LOGIN_BUDGET_KB * 1024;
        console.log(
          `Budget: JavaScript for /login until network idle ${kb(gzip)} ≤ ${LOGIN_BUDGET_KB} KB gzip: ${withinBudget ? 'OK' : 'EXCEEDED'}`,
        );
      }
    }
    for (const [name, { blocking }] of results.slice(1)) {
      console.log(`Render-blocking resources of ${name}: ${blocking.length ? blocking.join(', ') : 'none'}`);
    }

    const base = results[0][1];
    console.log(
      `\nMobile figures: ${PHONE.viewport.width}×${PHONE.viewport.height}, CPU ×${CPU_SLOWDOWN} slower, ` +
        `${NETWORK.latency} ms RTT, ${((NETWORK.downloadThroughput * 8) / 1e6).toFixed(2)} Mbit/s down; ` +
        `cold cache, ${runs} runs each, median [min–max]`,
    );
    console.log('page                       LCP                           TBT');
    for (const [name, { lcp, tbt }] of results) {
      const ratio = (value, baseline) =>
        name === results[0][0] ? '' : `×${(value / Math.max(baseline, 1)).toFixed(1)} blank`;
      const lcpText = `${lcp.median.toFixed(0)} ms [${lcp.min.toFixed(0)}–${lcp.max.toFixed(0)}] ${ratio(lcp.median, base.lcp.median)}`;
      const tbtText = `${tbt.median.toFixed(0)} ms [${tbt.min.toFixed(0)}–${tbt.max.toFixed(0)}]${
        name === results[0][0] ? '' : ` (blank ${base.tbt.median.toFixed(0)} ms)`
      }`;
      console.log(`${name.padEnd(20)}${lcpText.padEnd(34)}${tbtText}`);
    }
    console.log(
      `\nSigned-in pages opened cold: 1366×768, no throttling (this machine), ${runs} runs each, ` +
        `median [min–max]; aims: ≤ ${REQUEST_BUDGET} requests, content ≤ ${CONTENT_BUDGET_MS} ms`,
    );
    console.log('page                requests          content shown');
    for (const { name, requests, contentMs } of signedIn) {
      const range = ({ median, min, max }, unit = '') =>
        `${median.toFixed(0)}${unit} [${min.toFixed(0)}–${max.toFixed(0)}]`;
      console.log(`${name.padEnd(20)}${range(requests).padEnd(18)}${range(contentMs, ' ms')}`);
    }
    for (const { name, byType, api } of signedIn) {
      const kinds = Object.entries(byType)
        .sort(([, a], [, b]) => b - a)
        .map(([type, count]) => `${type} ${count}`)
        .join(', ');
      console.log(`  ${name}: ${kinds}; API: ${api.join(', ')}`);
    }
    saveFigures('web', {
      signedIn: Object.fromEntries(
        signedIn.map(({ name, requests, contentMs }) => [
          name,
          { requests: requests.median, contentMs: contentMs.median },
        ]),
      ),
      chunks: rows,
      pages: Object.fromEntries(
        results.map(([name, { js, lcp, tbt, blocking }]) => [
          name,
          {
            jsGzip: js.reduce((sum, file) => sum + file.gzip, 0),
            lcp: lcp.median,
            tbt: tbt.median,
            blocking,
          },
        ]),
      ),
      loginBudgetKb: LOGIN_BUDGET_KB,
    });
  } finally {
    await browser?.close();
    await portal.stop();
    await blank.close();
  }
  if (!withinBudget) process.exitCode = 1;
}

await main();
