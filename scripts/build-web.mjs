#!/usr/bin/env node
/** Builds the web app only when its inputs changed (scripts/inputs.mjs). */
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { buildIfChanged, root } from './inputs.mjs';

export function buildWeb() {
  return buildIfChanged({
    name: 'web app',
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/substitutes.ts',
      'apps/web/tsconfig.json',
      'apps/web/package.json',
      'packages/shared/src',
      'packages/shared/package.json',
      'tsconfig.base.json',
      'package-lock.json',
      'scripts/compress-assets.mjs',
    ],
    output: 'apps/web/dist/index.html',
    stamp: 'apps/web/dist/.inputs-sha256',
    build: () => execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' }),
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) buildWeb();
