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
  },
});
