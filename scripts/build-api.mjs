#!/usr/bin/env node
/** Builds the API (and the packages it references) only when their inputs changed (scripts/inputs.mjs). */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfChanged, root } from './inputs.mjs';

export function buildApi() {
  return buildIfChanged({
    name: 'API',
    inputs: [
      'apps/api/src',
      'apps/api/tsconfig.build.json',
      'apps/api/package.json',
      'packages/shared/src',
      'packages/shared/tsconfig.build.json',
      'packages/shared/package.json',
      'packages/contracts/generated',
      'packages/contracts/tsconfig.build.json',
      'packages/contracts/package.json',
      'tsconfig.base.json',
      'package-lock.json',
    ],
    output: 'apps/api/dist/server.js',
    stamp: 'apps/api/dist/.inputs-sha256',
    // tsc -b is incremental too, but its own up-to-date check costs about a second.
    build: () =>
      execFileSync(
        process.execPath,
        [path.join(root, 'node_modules/typescript/bin/tsc'), '-b', 'apps/api/tsconfig.build.json'],
        { cwd: root, stdio: 'inherit' },
      ),
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) buildApi();
