import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Browser, type BrowserContext } from '@playwright/test';
import { root } from './server';

export * from '@playwright/test';

/** One JSON line per test (workers append in parallel); the global setup starts it afresh. */
export const CSP_EVIDENCE_FILE = path.join(
  process.env.EVIDENCE_DIR ?? path.join(root, 'reports', 'evidence'),
  'csp.jsonl',
);

interface Violation {
  directive: string;
  blocked: string;
  document: string;
}

/** What the pages of one test reported through the binding. */
interface CspWatch {
  violations: Violation[];
  pages: number;
  documents: number;
}

/** The binding every document (frames included) of a watched context reports through. */
const BINDING = '__portalCsp';

/**
 * Watches every document of `context`, frames included. A binding rather than an array on
 * `window`: it survives navigations and closed pages, so nothing a test left behind is missed.
 */
async function watchCsp(context: BrowserContext, watch: CspWatch): Promise<void> {
  watch.pages += context.pages().length;
  context.on('page', () => (watch.pages += 1));
  await context.exposeBinding(BINDING, (_source, violation: Violation | null) => {
    if (violation) watch.violations.push(violation);
    else watch.documents += 1;
  });
  await context.addInitScript((binding) => {
    const report = (window as unknown as Record<string, (violation: Violation | null) => void>)[binding]!;
    report(null);
    document.addEventListener('securitypolicyviolation', (event) =>
      report({ directive: event.effectiveDirective, blocked: event.blockedURI, document: event.documentURI }),
    );
  }, BINDING);
}

/** Contexts the test opens itself (`browser.newContext()`, `browser.newPage()`) are watched too. */
function watchNewContexts(browser: Browser, watch: CspWatch): () => void {
  const newContext = browser.newContext;
  browser.newContext = async (options) => {
    const context = await newContext.call(browser, options);
    await watchCsp(context, watch);
    return context;
  };
  return () => {
    browser.newContext = newContext;
  };
}

/**
 * The portal's own `test`: every spec imports it from here. Auto fixtures add checks to every
 * test without touching the specs.
 */
export const test = base.extend<{ cspGuard: void }>({
  // No page of any flow trips the Content-Security-Policy.
  cspGuard: [
    async ({ browser, context }, use, testInfo) => {
      const watch: CspWatch = { violations: [], pages: 0, documents: 0 };
      await watchCsp(context, watch);
      const restore = watchNewContexts(browser, watch);
      try {
        await use();
      } finally {
        restore();
      }
      mkdirSync(path.dirname(CSP_EVIDENCE_FILE), { recursive: true });
      appendFileSync(
        CSP_EVIDENCE_FILE,
        `${JSON.stringify({
          test: testInfo.titlePath.join(' › '),
          violations: watch.violations.length,
          pages: watch.pages,
          documents: watch.documents,
        })}\n`,
      );
      expect(watch.violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
