import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { workspaceAliases } from '../../vitest.shared.ts';

export default defineProject({
  plugins: [react()],
  resolve: { alias: workspaceAliases },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    // Typing through user-event in jsdom is slow when API suites share the two cores.
    testTimeout: 20_000,
  },
});
