#!/usr/bin/env node
/**
 * npm run check [-- --base <ref>]
 *
 * The inner loop before a commit (CONTRIBUTING.md, "Fast loop"): ESLint and Prettier on the files
 * you changed, the type checks of the packages they belong to (and of the packages that import
 * those), and the tests related to the changed files (`vitest --changed`). "Changed" means
 * uncommitted work (staged, unstaged and new files); `--base origin/main` adds what your commits
 * changed since that ref. `.ci/run` remains the full run.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: options } = parseArgs({ options: { base: { type: 'string' } } });

const git = (...args) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
const changed = [
  ...new Set([
    ...git('diff', '--name-only', 'HEAD'),
    ...git('ls-files', '--others', '--exclude-standard'),
    ...(options.base ? git('diff', '--name-only', `${options.base}...HEAD`) : []),
  ]),
].filter((file) => existsSync(path.join(root, file)));

if (changed.length === 0) {
  console.log('Nothing changed (uncommitted) — nothing to check. `--base <ref>` compares with a ref.');
  process.exit(0);
}

/** Which packages a change type-checks: the package itself and the packages that import it. */
const PACKAGES = {
  'packages/shared': ['packages/shared', 'apps/api', 'apps/web'],
  'packages/contracts': ['packages/contracts', 'apps/api'],
  'apps/api': ['apps/api'],
  'apps/web': ['apps/web'],
};
const typecheck = new Set();
for (const file of changed) {
  const owner = Object.keys(PACKAGES).find((dir) => file.startsWith(`${dir}/`));
  // A root file (tsconfig.base.json, package-lock.json…) can change every package's types.
  for (const pkg of owner ? PACKAGES[owner] : /\.(json|ts)$/.test(file) ? Object.keys(PACKAGES) : [])
    typecheck.add(pkg);
}

const failures = [];
function run(name, command, args) {
  console.log(`\n== ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  console.log(`-- ${name}: ${((Date.now() - started) / 1000).toFixed(1)}s`);
  if (result.status !== 0) failures.push(name);
}
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const lintable = changed.filter((file) => /\.(c|m)?(j|t)sx?$/.test(file));
if (lintable.length)
  run(`eslint (${lintable.length} files)`, bin('eslint'), ['--no-warn-ignored', ...lintable]);
run(`prettier (${changed.length} files)`, bin('prettier'), ['--check', '--ignore-unknown', ...changed]);
for (const pkg of typecheck) run(`types: ${pkg}`, bin('tsc'), ['-p', pkg, '--noEmit']);
// Tests whose import graph reaches a changed file; a changed config file reruns them all.
run('related tests', bin('vitest'), [
  'run',
  '--passWithNoTests',
  '--changed',
  ...(options.base ? [options.base] : []),
]);

console.log(failures.length ? `\ncheck failed: ${failures.join(', ')}` : '\ncheck passed');
process.exit(failures.length ? 1 : 0);
