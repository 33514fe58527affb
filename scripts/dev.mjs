#!/usr/bin/env node
/**
 * npm run dev: the API from its TypeScript sources (restarted on change) and Vite with hot reload.
 * Vite forwards /api, /ipfs, /explorer and /websdk to the API, so the browser sees one origin and
 * cookie sessions work as in production. Open http://localhost:5173.
 *
 * PORT (API, default 3000) and PORTAL_WEB_PORT (Vite, default 5173) move the two servers.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = process.env.PORT ?? '3000';
const webPort = process.env.PORTAL_WEB_PORT ?? '5173';
const webUrl = `http://localhost:${webPort}`;

const children = [
  spawn(process.execPath, ['--conditions=source', '--import', 'tsx', '--watch', 'apps/api/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    // Links in e-mails and the same-origin check both use the address the browser sees.
    env: { ...process.env, PORT: apiPort, PUBLIC_URL: process.env.PUBLIC_URL ?? webUrl },
  }),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), '--host', 'localhost'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
    env: { ...process.env, PORTAL_API_URL: `http://127.0.0.1:${apiPort}`, PORTAL_WEB_PORT: webPort },
  }),
];

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}

for (const child of children) child.once('exit', (code) => stop(code ?? 1));
process.once('SIGINT', () => stop(0));
process.once('SIGTERM', () => stop(0));
console.log(`Investor Portal (dev): ${webUrl}  (API on 127.0.0.1:${apiPort})`);
