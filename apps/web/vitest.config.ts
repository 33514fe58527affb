import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { workspaceAliases } from '../../vitest.shared.ts';
import { substitutes } from './substitutes.ts';

export default defineProject({
  plugins: [react()],
  // The same substitutes as the build: the tests run what production runs (ADR 51).
  resolve: { alias: [...workspaceAliases, ...substitutes] },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    // Typing through user-event in jsdom is slow when API suites share the two cores.
    testTimeout: 20_000,
  },
});
