import { defineProject } from 'vitest/config';
import { workspaceAliases } from '../../vitest.shared.ts';

export default defineProject({
  resolve: { alias: workspaceAliases },
  test: { name: 'contracts', environment: 'node', include: ['test/**/*.test.ts'] },
});
