import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));

/** Workspace packages resolve to their TypeScript sources in tests and in Vite. */
export const workspaceAliases = [
  { find: /^@portal\/shared\/(.*)$/, replacement: path.join(root, 'packages/shared/src/$1.ts') },
  { find: /^@portal\/contracts\/(.*)$/, replacement: path.join(root, 'packages/contracts/generated/$1.ts') },
];
