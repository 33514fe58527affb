#!/usr/bin/env node
/**
 * npm run scorecard [-- --print] [--no-e2e] [--no-bench]
 *
 * The evidence in one command (ADR 48): runs the evidence suites (access control, input
 * fuzzing, the API description, money and crash safety, headers, secrets) on PGlite and on
 * PostgreSQL (TEST_DATABASE_URL, default the local `test` server), the browser suite (CSP
 * violations, and its traffic for the contract replay), the replay of all recorded traffic
 * against /api/docs/json, and the benchmarks; then prints one block of figures. `--print` only
 * prints the block from the figures a previous run left in reports/evidence (CI runs the suites
 * itself and ends with this). Exits 1 when a suite fails or a figure that must be 0 is not.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const evidence = path.join(root, 'reports', 'evidence');
const { values: options } = parseArgs({
  options: {
    print: { type: 'boolean', default: false },
    'no-e2e': { type: 'boolean', default: false },
    'no-bench': { type: 'boolean', default: false },
  },
});
const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const failures = [];

function run(name, command, args, env = {}) {
  console.log(`\n== ${name}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failures.push(`${name} (exit ${result.status ?? result.signal})`);
}

if (!options.print) {
  rmSync(evidence, { recursive: true, force: true });
  rmSync(path.join(root, 'reports', 'traffic'), { recursive: true, force: true });
  const traffic = { API_TRAFFIC_DIR: path.join(root, 'reports', 'traffic') };
  const suites = ['vitest', 'run', '--project', 'api', 'src/evidence'];
  run('evidence suites on PGlite', 'npx', suites, { ...traffic, TEST_DATABASE_URL: '' });
  run('evidence suites on PostgreSQL', 'npx', suites, { ...traffic, TEST_DATABASE_URL: databaseUrl });
  if (!options['no-e2e']) run('browser suite', 'npm', ['run', 'test:e2e'], traffic);
  run('contract replay', 'node', ['scripts/openapi-replay.mjs'], traffic);
  if (!options['no-bench']) {
    run('benchmarks', 'npm', ['run', 'bench']);
    run('web benchmarks', 'node', ['scripts/bench-web.mjs', '--runs', '3', '--no-build']);
  }
}

/** The figures a suite kept, or undefined when it did not run. */
function figures(name) {
  const file = path.join(evidence, `${name}.json`);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

/** Browser tests append one line each (they run in parallel workers). */
function lines(name) {
  const file = path.join(evidence, `${name}.jsonl`);
  if (!existsSync(file)) return undefined;
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

const zeros = [];
/** A figure that must be 0: shown as it is, and remembered when it is not. */
function zero(label, value) {
  if (value === undefined) return `${label}=?`;
  if (value !== 0) zeros.push(`${label}=${value}`);
  return `${label}=${value}`;
}
const n = (value) =>
  value === undefined ? '?' : typeof value === 'number' ? value.toLocaleString('en') : value;
const ms = (value) => (value === undefined ? '?' : `${Math.round(value)}ms`);
const pct = (part, whole) => (part && whole ? `${((part / whole) * 100).toFixed(1)}%` : '?');

const out = [];
const line = (label, text) => out.push(`${`${label}:`.padEnd(11)}${text}`);
const BACKENDS = [
  ['pglite', 'PGlite'],
  ['postgres', 'PostgreSQL'],
];

for (const [key, label] of BACKENDS) {
  const a = figures(`access-control.${key}`);
  if (!a) {
    line('authz', `${label}: not run`);
    continue;
  }
  line(
    'authz',
    `${label}: routes=${n(a.routes)} × principals=${n(a.principals)} checks=${n(a.checks)} ${zero('mismatches', a.mismatches)} ${zero('5xx', a.fiveHundreds)}` +
      ` | owned objects=${n(a.ownedObjects)} idor attempts=${n(a.idorAttempts)} ${zero('idor mismatches', a.idorMismatches)}` +
      ` | mass assignment=${n(a.massAssignmentAttempts)} ${zero('mismatches', a.massAssignmentMismatches)} ${zero('changes', a.massAssignmentChanges)}` +
      ` | responses scanned=${n(a.responsesScanned)} for ${n(a.secretValuesScanned)} secrets ${zero('leaks', a.leaks)}`,
  );
}
for (const [key, label] of BACKENDS) {
  const i = figures(`input.${key}`);
  if (!i) {
    // CI fuzzes on PGlite only: the database does not change how input is checked (ADR 60).
    line('input', `${label}: not run${key === 'postgres' ? ' (CI fuzzes on PGlite only)' : ''}`);
    continue;
  }
  line(
    'input',
    `${label}: routes=${n(i.routes)} fuzz cases=${n(i.cases)} seed=${i.seed} ${zero('5xx', i.fiveHundreds)} ${zero('schema violations', i.schemaViolations)}` +
      ` | 413=${n(i.oversized413)} deep→400=${n(i.deep400)} 415=${n(i.contentType415)}` +
      ` | injection payloads=${n(i.injectionPayloads)} ${zero('changes', i.injectionChanges)}`,
  );
}
{
  const c = figures('contract.pglite') ?? figures('contract.postgres');
  const r = figures('contract-replay');
  line(
    'contract',
    (c
      ? `operations=${n(c.operations)} operationId=${n(c.withOperationId)} summary=${n(c.withSummary)} ${zero('unused schemas', c.unusedSchemas)} ${zero('duplicate paths', c.duplicatePaths)}`
      : 'document: not run') +
      (r
        ? ` | replayed exchanges=${n(r.exchanges)} ${zero('mismatches', r.mismatches)}`
        : ' | replay: not run'),
  );
}
for (const [key, label] of BACKENDS) {
  const m = figures(`money.${key}`);
  if (!m) {
    line('money', `${label}: not run`);
    continue;
  }
  line(
    'money',
    `${label}: oversell rounds=${n(m.oversellRounds)} ${zero('oversold', m.oversold)} ${zero('5xx', m.fiveHundreds)} p99=${ms(m.contendedP99Ms)}` +
      ` | property runs=${n(m.propertyRuns)} seed=${m.seed}` +
      ` | replay identical=${m.replayIdentical ? 'Y' : 'N'} concurrent duplicates executed=${n(m.concurrentDuplicateExecutions)}`,
  );
}
for (const [key, label] of BACKENDS) {
  const c = figures(`crash.${key}`);
  line(
    'crash',
    c
      ? `${label}: kill -9 runs=${n(c.crashRuns)} ${zero('invariant breaks', c.invariantBreaks)} restarts ok=${n(c.restartsOk)}/${n(c.restarts)}`
      : `${label}: not run`,
  );
}
{
  const h = figures('headers.pglite') ?? figures('headers.postgres');
  const csp = lines('csp');
  line(
    'headers',
    (h
      ? `responses checked=${n(h.checked)} headers present=${n(h.present)}% cors checks=${n(h.corsChecks)} ${zero('cors reflections', h.corsReflections)}`
      : 'not run') +
      (csp
        ? ` | browser tests=${csp.length} pages=${n(csp.reduce((sum, test) => sum + test.pages, 0))} ${zero(
            'csp violations',
            csp.reduce((sum, test) => sum + test.violations, 0),
          )}`
        : ' | csp: not run'),
  );
}
for (const [key, label] of BACKENDS) {
  const s = figures(`secrets.${key}`);
  line(
    'secrets',
    s
      ? `${label}: canaries=${n(s.canaries)} ${zero('in dump', s.dumpHits)} (${n(s.dumpBytes)} bytes) ${zero('in logs', s.logHits)} (${n(s.logLines)} lines)`
      : `${label}: not run`,
  );
}
{
  const reads = figures('bench-reads');
  if (reads) {
    const bare = reads.bare.rps;
    for (const [key, label] of BACKENDS) {
      const b = reads[key];
      line(
        'bench',
        `${label} (× bare Fastify ${n(Math.round(bare))} rps, ${reads.connections} connections): marketplace ${pct(b.marketplace.rps, bare)} p99=${ms(b.marketplace.p99)}` +
          ` | profile ${pct(b.profile.rps, bare)} p99=${ms(b.profile.p99)} | SBT list ${pct(b['SBT list'].rps, bare)} p99=${ms(b['SBT list'].p99)}` +
          ` | my-assets ${pct(b['my-assets'].rps, bare)} p99=${ms(b['my-assets'].p99)}`,
      );
      line(
        'rates',
        `${label}: ` +
          Object.entries(b.fixed)
            .map(([name, f]) => `${name}@${f.rate}/s p50=${ms(f.p50)} p99=${ms(f.p99)} errors=${f.errors}`)
            .join(' | '),
      );
    }
  } else line('bench', 'reads: not run');
  const purchases = figures('bench-purchases');
  if (purchases?.rush)
    line(
      'bench',
      `purchase rush (PostgreSQL) ${n(Math.round(purchases.rush.perSecond))}/s = ${(purchases.rush.ofBare * 100).toFixed(1)}% of bare p99=${ms(purchases.rush.p99)} oversell=${purchases.rush.exact ? 0 : 'MISMATCH'}` +
        (purchases.settlement
          ? ` | settlement ${purchases.settlement.perSecond.toFixed(1)}/s vs plain transfers ${purchases.settlement.transfersPerSecond.toFixed(1)}/s`
          : ''),
    );
  const login = figures('bench-login');
  if (login)
    line(
      'bench',
      `sign-in ${login.loginsPerCore.toFixed(1)}/s per core (${login.cores} cores, p99=${ms(login.p99)}) vs bare argon2id ${(login.argon2PerSecond / login.cores).toFixed(1)}/s per core`,
    );
  const mint = figures('bench-mint');
  if (mint)
    line(
      'bench',
      `SBT mint ${ms(mint.mintMs)} vs ETH transfer ${ms(mint.transferMs)} | restart replay ${ms(mint.restartMs)} identical ${mint.restartIdentical}`,
    );
  const start = figures('bench-start');
  if (start)
    line(
      'bench',
      `npm start: warm ${(start.warmMs / 1000).toFixed(2)}s cold ${(start.coldMs / 1000).toFixed(2)}s (bare Node ${(start.bareMs / 1000).toFixed(2)}s)`,
    );
  const web = figures('bench-web');
  if (web) {
    const pages = Object.entries(web.pages);
    const blank = pages[0][1];
    line(
      'web',
      pages
        .slice(1)
        .map(
          ([name, p]) =>
            `${name} JS ${(p.jsGzip / 1024).toFixed(1)}KB gzip LCP ${ms(p.lcp)} (×${(p.lcp / blank.lcp).toFixed(1)} blank) TBT ${ms(p.tbt)}`,
        )
        .join(' | '),
    );
    if (web.signedIn)
      line(
        'web',
        Object.entries(web.signedIn)
          .map(([name, p]) => `${name} cold: ${p.requests} requests, content ${ms(p.contentMs)}`)
          .join(' | '),
      );
  }
}

const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {
  cwd: root,
  encoding: 'utf8',
}).stdout.trim();
console.log(
  `\nScorecard: commit ${commit || '?'}, ${new Date().toISOString()}, ${availableParallelism()} cores`,
);
console.log(out.join('\n'));
if (failures.length) console.log(`failed: ${failures.join(', ')}`);
if (zeros.length) console.log(`not zero: ${zeros.join(', ')}`);
if (failures.length || zeros.length) process.exitCode = 1;
