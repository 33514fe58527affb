import { fileURLToPath } from 'node:url';

const source = (file: string) => fileURLToPath(new URL(`src/${file}`, import.meta.url));

/**
 * What the web app runs in place of three packages, in the build (vite.config.ts) and in the unit
 * tests (vitest.config.ts) alike, so a test exercises what production ships (ADR 51). Types still
 * come from the real packages.
 */
export const substitutes = [
  // zod with its jitless setting made first: the CSP forbids eval.
  { find: /^zod$/, replacement: source('lib/zod-jitless.ts') },
  // The part of i18next and react-i18next the app uses, ~16 KB gzip less on the sign-in page (ADR 47).
  { find: /^i18next$/, replacement: source('i18n/mini-i18next.ts') },
  { find: /^react-i18next$/, replacement: source('i18n/mini-react-i18next.ts') },
];
