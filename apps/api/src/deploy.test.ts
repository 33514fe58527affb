import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { EnvSchema } from './config.js';

/** Lints the deployment files (Dockerfile, .dockerignore, compose.yaml) against the code they run. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface Service {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  secrets?: string[];
  ports?: string[];
}
const compose = parse(read('compose.yaml'), { merge: true }) as {
  services: Record<string, Service>;
  secrets: Record<string, { file: string }>;
};
const services = Object.entries(compose.services);
const appServices = services.filter(([, s]) => s.image === compose.services.api?.image);
// A list-form `environment` would show up here as keys 0, 1…, which no check accepts.
const envOf = (s: Service) => s.environment ?? {};

// The variables config.ts accepts.
const envNames = new Set(Object.keys(EnvSchema.shape));

// Dockerfile instructions by stage (continuations joined, comments dropped).
const stages: string[][] = [];
for (const line of read('Dockerfile').replace(/\\\n/g, ' ').split('\n')) {
  if (/^FROM\s/i.test(line)) stages.push([]);
  if (line.trim() && !line.startsWith('#')) stages.at(-1)?.push(line.trim());
}
const final = stages.at(-1) ?? [];
const args = (lines: string[], name: string) =>
  lines.map((l) => new RegExp(`^${name}\\s+(.*)$`, 'i').exec(l)?.[1]).filter((a) => a !== undefined);
const copies = args(stages.flat(), 'COPY').flatMap((line) => {
  const from = /--from=(\S+)/.exec(line)?.[1];
  const paths = line.split(/\s+/).filter((a) => !a.startsWith('--'));
  return paths.slice(0, -1).map((src) => ({ from, src: src.replace(/^(\/app|\.)\/|\/$/g, '') }));
});
/** What the build stage makes (npm run build:api: tsc -b; scripts/build-web.mjs: Vite). */
const BUILD_OUTPUTS = ['packages/shared/dist', 'packages/contracts/dist', 'apps/api/dist', 'apps/web/dist'];

const glob = (p: string) =>
  p
    .replace(/^\/|\/$/g, '')
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*\*\//g, '\0')
    .replace(/\*+/g, '[^/]*')
    .replace(/\0/g, '(.*/)?');
const ignore = read('.dockerignore')
  .split('\n')
  .filter((l) => l.trim() && !l.startsWith('#'))
  .map((p) => new RegExp(`^${glob(p.trim())}$`));
const ignored = (file: string) =>
  file.split('/').some((_, i, parts) => ignore.some((re) => re.test(parts.slice(0, i + 1).join('/'))));

/** `node apps/api/dist/x.js` runs apps/api/src/x.ts. */
const sourceOf = (command: string[]) =>
  command[1]?.replace(/^apps\/api\/dist\/(.*)\.js$/, 'apps/api/src/$1.ts');
const cmd = JSON.parse(args(final, 'CMD')[0] ?? '[]') as string[];

describe('deployment files', () => {
  it('compose sets only variables config.ts knows, with the production rules met', () => {
    expect(envNames.size).toBeGreaterThan(40);
    expect(appServices.map(([name]) => name).sort()).toEqual(['api', 'migrate', 'worker']);
    for (const [name, service] of appServices) {
      const env = envOf(service);
      const unknown = Object.keys(env).filter((key) => !envNames.has(key));
      expect(unknown, `${name}: not in EnvSchema`).toEqual([]);
      expect(env, name).toMatchObject({
        CHAIN_PROVIDER: 'rpc',
        SOLANA_PROVIDER: 'rpc',
        KYC_SANDBOX_AUTO_APPROVE: 'false',
      });
      expect(env.DATABASE_URL, name).toMatch(/^postgres:\/\//);
      expect(env.MASTER_KEY_FILE, name).toBeTruthy();
    }
    expect(envOf(compose.services.api ?? {}).RUN_JOBS).toBe('false');
    const dockerEnv = args(final, 'ENV').flatMap((l) => l.split(/\s+/).map((kv) => kv.split('=')[0]));
    expect(dockerEnv.filter((key) => !envNames.has(key ?? ''))).toEqual([]);
  });

  it('every command the image runs has its source', () => {
    const commands = [cmd, ...appServices.map(([, s]) => s.command ?? cmd)];
    expect(commands.map(sourceOf)).toContain('apps/api/src/worker.ts');
    expect(commands.map(sourceOf)).toContain('apps/api/src/db/migrate-cli.ts');
    for (const command of commands) {
      expect(command[0]).toBe('node');
      expect(existsSync(path.join(root, sourceOf(command) ?? '-')), command.join(' ')).toBe(true);
    }
  });

  it('keeps secret values out of compose: files under /run/secrets, or interpolated', () => {
    for (const [name, service] of services) {
      for (const [key, value] of Object.entries(envOf(service))) {
        if (key.endsWith('_FILE')) {
          const secret = /^\/run\/secrets\/(\w+)$/.exec(value)?.[1] ?? '';
          expect(service.secrets, `${name} ${key}`).toContain(secret);
          expect(compose.secrets[secret]?.file, key).toMatch(/^\.\/secrets\//);
        } else if (/(KEY|SECRET|TOKEN|PASSWORD|JWT)$/.test(key)) {
          expect(value, `${name} ${key}`).toMatch(/^\$\{\w+(:?\?[^}]*)?\}$/);
        }
        const password = /\/\/[^/@\s]*:([^@\s]*)@/.exec(value)?.[1];
        if (password) expect(password, `${name} ${key}`).toMatch(/^\$\{\w+(:?\?[^}]*)?\}$/);
      }
    }
    expect(ignored('secrets/master_key')).toBe(true);
  });

  it('builds an unprivileged runtime image from what the build stage and the context provide', () => {
    expect(args(final, 'USER')[0]?.split(':')[0]).toMatch(/^(?!root$|0$)\w+$/);
    expect(args(final, 'RUN').some((r) => /^npm ci --omit=dev\b/.test(r))).toBe(true);
    const port = args(final, 'EXPOSE')[0];
    expect(compose.services.api?.ports?.map((p) => p.split(':').at(-1))).toEqual([port]);
    expect(args(final, 'ENV').join(' ')).toMatch(new RegExp(`\\bPORT=${port}\\b`));
    expect(args(final, 'HEALTHCHECK')[0]).toContain('/api/health');
    const buildRuns = args(stages[0] ?? [], 'RUN').join(' ');
    expect(buildRuns).toMatch(/npm run build:api.*node scripts\/build-web\.mjs/);
    const built = copies.filter((c) => c.from).map((c) => c.src);
    expect(built.filter((src) => !BUILD_OUTPUTS.includes(src))).toEqual([]);
    // @portal/* resolve to dist/ at runtime (their exports' default condition): it must be copied.
    const api = JSON.parse(read('apps/api/package.json')) as { dependencies: Record<string, string> };
    for (const dep of Object.keys(api.dependencies).filter((d) => d.startsWith('@portal/'))) {
      const dir = `packages/${dep.slice('@portal/'.length)}`;
      const pkg = JSON.parse(read(`${dir}/package.json`)) as { exports: Record<string, { default: string }> };
      expect(pkg.exports['./*']?.default).toMatch(/^\.\/dist\//);
      expect(built).toContain(`${dir}/dist`);
    }
    const fromContext = copies.filter((c) => !c.from).map((c) => c.src);
    // Read at runtime relative to apps/api/dist (db/client.ts, sbt.designs.ts, config.ts).
    const runtimeFiles = ['apps/api/src/db/migrations', 'apps/api/assets', 'apps/web/public/websdk'];
    expect(fromContext).toEqual(expect.arrayContaining(runtimeFiles));
    for (const src of fromContext) {
      expect(existsSync(path.join(root, src)), src).toBe(true);
      expect(ignored(src), `${src} is excluded by .dockerignore`).toBe(false);
    }
  });
});
