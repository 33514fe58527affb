import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { workspaceAliases } from '../../vitest.shared.ts';

/** Where `npm run dev` runs the API; Vite forwards every backend path to it (one origin for cookies). */
const apiTarget = process.env.PORTAL_API_URL ?? 'http://127.0.0.1:3000';
const backendPaths = ['/api', '/ipfs', '/explorer', '/websdk', '/contexts'];

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      ...workspaceAliases,
      // zod with its jitless setting made first (src/lib/zod-jitless.ts): the CSP forbids eval.
      { find: /^zod$/, replacement: fileURLToPath(new URL('src/lib/zod-jitless.ts', import.meta.url)) },
      // The build runs the portal's small i18next and react-i18next (src/i18n/mini-*.ts, the API
      // surface the app uses); the unit tests (vitest.config.ts) run the real libraries.
      { find: /^i18next$/, replacement: fileURLToPath(new URL('src/i18n/mini-i18next.ts', import.meta.url)) },
      {
        find: /^react-i18next$/,
        replacement: fileURLToPath(new URL('src/i18n/mini-react-i18next.ts', import.meta.url)),
      },
    ],
  },
  server: {
    port: Number(process.env.PORTAL_WEB_PORT ?? 5173),
    strictPort: true,
    proxy: Object.fromEntries(backendPaths.map((prefix) => [prefix, { target: apiTarget }])),
  },
  build: {
    // bench:web reads the manifest to report the size of each route's chunks.
    manifest: true,
    target: 'es2023',
    // The first-page bundle is ~480 kB raw, ~149 kB gzip -9: the budget that matters (all the
    // JavaScript /login loads until network idle ≤ 150 KB gzip, ADR 0047) is checked in Chromium
    // by `npm run bench:web`, so Vite's raw-size warning is set above it.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // Shared zod schemas are plain values: the ones a page does not use need not ship with it.
      treeshake: {
        manualPureFunctions: ['z'],
        // @emotion/react imports it bare, for `withTheme`, which the portal does not use.
        moduleSideEffects: [{ test: /node_modules\/hoist-non-react-statics\//, sideEffects: false }],
      },
      // What the first page needs travels as one file instead of two dozen small shared chunks.
      output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } },
    },
  },
});
