import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { workspaceAliases } from '../../vitest.shared.ts';
import { substitutes } from './substitutes.ts';

/** Where `npm run dev` runs the API; Vite forwards every backend path to it (one origin for cookies). */
const apiTarget = process.env.PORTAL_API_URL ?? 'http://127.0.0.1:3000';
const backendPaths = ['/api', '/ipfs', '/explorer', '/websdk', '/contexts'];

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [...workspaceAliases, ...substitutes],
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
        moduleSideEffects: [
          // @emotion/react imports it bare, for `withTheme`, which the portal does not use.
          { test: /node_modules\/hoist-non-react-statics\//, sideEffects: false },
          // A feature is imported through its index.ts, which names much more than the sign-in
          // page uses; no feature module is imported for its effects, so what nobody uses of
          // an index stays out of the bundle.
          { test: /src[\\/]features[\\/]/, sideEffects: false },
        ],
      },
      // Few files per page (ADR 57): a cold signed-in page loaded some 60 small chunks, each a
      // request and a round trip. What the first page needs is one file; the other auth pages
      // another; what the signed-in pages share (MUI, React Query, the shell, zod) a third; each
      // page's own code stays in its chunk.
      output: {
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 3 },
            { name: 'auth', test: /src[\\/]features[\\/]auth[\\/]components[\\/]/, priority: 2 },
            {
              name: 'shell',
              test: /node_modules[\\/](@mui|@emotion|@tanstack|react-transition-group|@popperjs|@babel)[\\/]|src[\\/](components|lib|features[\\/](dashboard|auth[\\/]api))[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
