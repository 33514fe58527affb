import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, EnvSchema, FORMER_NAMES, loadConfig, loadWorkerConfig } from './config.js';
import { configProblems } from './test/config-problems.js';
import { createTestApp } from './test/test-app.js';

const problems = configProblems;

describe('configuration', () => {
  it('runs on embedded defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      publicUrl: 'http://127.0.0.1:3000',
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ MASTER_KEY: 'c2hvcnQ=' }, 'MASTER_KEY'],
    [{ TRUST_PROXY: 'yes please' }, 'TRUST_PROXY'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
  ])('refuses %j, naming the variable', (env, variable) => {
    expect(problems(env)).toContain(`${variable}:`);
  });

  it('requires a master key for production on PostgreSQL', () => {
    expect(problems({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/portal' })).toContain(
      'MASTER_KEY',
    );
  });

  it('refuses a production boot with the KYC sandbox unless auto-approve is set explicitly', () => {
    const production = { NODE_ENV: 'production', MASTER_KEY_FILE: '/run/secrets/master-key' };
    expect(problems(production)).toContain(
      'KYC_SANDBOX_AUTO_APPROVE: must be set explicitly in production with the KYC sandbox',
    );
    expect(loadConfig({ ...production, KYC_SANDBOX_AUTO_APPROVE: 'false' }).kyc.sandboxAutoApprove).toBe(
      false,
    );
    expect(loadConfig({ ...production, KYC_SANDBOX_AUTO_APPROVE: 'true' }).kyc.sandboxAutoApprove).toBe(true);
    expect(loadConfig({}).kyc.sandboxAutoApprove).toBe(true);
  });

  it('splits jobs from the API only on backends several processes share', () => {
    expect(loadConfig({}).runJobs).toBe(true);
    const split = problems({ RUN_JOBS: 'false' });
    expect(split).toContain('DATABASE_URL: required with RUN_JOBS=false');
    expect(split).toContain('CHAIN_PROVIDER: must be rpc with RUN_JOBS=false');
    expect(split).toContain('SOLANA_PROVIDER: must be rpc with RUN_JOBS=false');
    expect(() => loadWorkerConfig({})).toThrow(ConfigError);
    expect(() => loadWorkerConfig({})).toThrow('DATABASE_URL: required with npm run worker');
    const shared = {
      DATABASE_URL: 'postgres://db/portal',
      CHAIN_PROVIDER: 'rpc',
      CHAIN_RPC_URL: 'http://127.0.0.1:8545',
      PLATFORM_PRIVATE_KEY: `0x${'11'.repeat(32)}`,
      SOLANA_PROVIDER: 'rpc',
      SOLANA_RPC_URL: 'http://127.0.0.1:8899',
    };
    expect(loadConfig({ ...shared, RUN_JOBS: 'false' }).runJobs).toBe(false);
    expect(loadWorkerConfig({ ...shared, RUN_JOBS: 'false' }).runJobs).toBe(true);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it('reads trusted proxies as a hop count or a list', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.2']);
    expect(loadConfig({}).trustProxy).toBe(false);
  });
});

describe('choosing adapters: <PORT>_PROVIDER=embedded|<adapter>', () => {
  const KEY = `0x${'11'.repeat(32)}`;
  const rpc = {
    CHAIN_RPC_URL: 'http://127.0.0.1:8545',
    PLATFORM_PRIVATE_KEY: KEY,
    SOLANA_RPC_URL: 'http://127.0.0.1:8899',
  };

  it('defaults every port to its embedded adapter, with nothing to warn about', () => {
    const config = loadConfig({});
    expect(config.chain.kind).toBe('embedded');
    expect(config.solana.kind).toBe('embedded');
    expect(config.custody).toEqual({ provider: 'local' });
    expect(config.kyc.provider).toBe('sandbox');
    expect(config.ipfs.provider).toBe('embedded');
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.warnings).toEqual([]);
    expect(
      loadConfig({ CHAIN_PROVIDER: 'embedded', CUSTODY_PROVIDER: 'embedded', KYC_PROVIDER: 'embedded' })
        .warnings,
    ).toEqual([]);
  });

  it('picks the named adapters, and names the variable in what it refuses', () => {
    const config = loadConfig({
      ...rpc,
      CHAIN_PROVIDER: 'rpc',
      SOLANA_PROVIDER: 'rpc',
      MAIL_PROVIDER: 'smtp',
      SMTP_URL: 'smtp://mail.example:25',
    });
    expect(config.chain).toMatchObject({ kind: 'rpc', rpcUrl: 'http://127.0.0.1:8545' });
    expect(config.solana).toMatchObject({ kind: 'rpc', rpcUrl: 'http://127.0.0.1:8899' });
    expect(config.mail.smtpUrl).toBe('smtp://mail.example:25');
    expect(config.warnings).toEqual([]);
    expect(problems({ CHAIN_PROVIDER: 'ganache' })).toContain(
      'CHAIN_PROVIDER: expected one of embedded, rpc',
    );
    expect(problems({ CHAIN_PROVIDER: 'rpc' })).toContain('CHAIN_RPC_URL: required when CHAIN_PROVIDER=rpc');
    expect(problems({ SOLANA_PROVIDER: 'rpc' })).toContain(
      'SOLANA_RPC_URL: required when SOLANA_PROVIDER=rpc',
    );
    expect(problems({ CUSTODY_PROVIDER: 'local-ish' })).toContain(
      'CUSTODY_PROVIDER: expected one of embedded, fireblocks',
    );
    expect(problems({ KYC_PROVIDER: 'onfido' })).toContain('KYC_PROVIDER: expected one of embedded, sumsub');
    expect(problems({ MAIL_PROVIDER: 'smtp' })).toContain('SMTP_URL: required when MAIL_PROVIDER=smtp');
    // An explicit choice wins over a leftover SMTP_URL, which is pointed out.
    const outbox = loadConfig({ MAIL_PROVIDER: 'embedded', SMTP_URL: 'smtp://mail.example' });
    expect(outbox.mail.smtpUrl).toBeUndefined();
    expect(outbox.warnings).toEqual([
      'SMTP_URL is ignored with MAIL_PROVIDER=embedded: mail stays in the admin outbox',
    ]);
  });

  it('accepts the former names and values with a warning naming the current ones', () => {
    const former = loadConfig({
      ...rpc,
      CHAIN: 'rpc',
      SOLANA: 'rpc',
      CUSTODY_PROVIDER: 'local',
      KYC_PROVIDER: 'sandbox',
      SMTP_URL: 'smtp://mail.example:25',
    });
    const current = loadConfig({
      ...rpc,
      CHAIN_PROVIDER: 'rpc',
      SOLANA_PROVIDER: 'rpc',
      CUSTODY_PROVIDER: 'embedded',
      KYC_PROVIDER: 'embedded',
      MAIL_PROVIDER: 'smtp',
      SMTP_URL: 'smtp://mail.example:25',
    });
    expect({ ...former, warnings: [] }).toEqual(current);
    expect(former.warnings).toEqual([
      'CHAIN is a former name: set CHAIN_PROVIDER=rpc instead',
      'SOLANA is a former name: set SOLANA_PROVIDER=rpc instead',
      'CUSTODY_PROVIDER=local is a former value: set CUSTODY_PROVIDER=embedded instead',
      'KYC_PROVIDER=sandbox is a former value: set KYC_PROVIDER=embedded instead',
      'SMTP_URL without MAIL_PROVIDER: set MAIL_PROVIDER=smtp',
    ]);
  });

  it('names a former variable as the operator wrote it, and refuses it beside its current name', () => {
    expect(problems({ CHAIN: 'ganache' })).toContain('CHAIN: expected one of embedded, rpc');
    expect(problems({ SOLANA: 'rpc' })).toContain('SOLANA_RPC_URL: required when SOLANA=rpc');
    expect(problems({ CHAIN: 'embedded', RUN_JOBS: 'false' })).toContain(
      'CHAIN: must be rpc with RUN_JOBS=false',
    );
    expect(problems({ CHAIN: 'rpc', CHAIN_PROVIDER: 'rpc', ...rpc })).toContain(
      'CHAIN: set only CHAIN_PROVIDER (CHAIN is its former name)',
    );
  });
});

describe('a secret inline or from a file (NAME or NAME_FILE)', () => {
  const rpc = { CHAIN_PROVIDER: 'rpc', CHAIN_RPC_URL: 'http://127.0.0.1:8545' };

  it('reads the file, and refuses both at once, an unreadable file and an empty one', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'config-file-'));
    try {
      const key = `0x${'22'.repeat(32)}`;
      const file = path.join(dir, 'key');
      writeFileSync(file, `${key}\n`);
      expect(loadConfig({ ...rpc, PLATFORM_PRIVATE_KEY_FILE: file }).chain).toMatchObject({
        platformPrivateKey: key,
      });
      const empty = path.join(dir, 'empty');
      writeFileSync(empty, '\n');
      expect(problems({ ...rpc, PLATFORM_PRIVATE_KEY_FILE: empty })).toContain(
        `PLATFORM_PRIVATE_KEY_FILE: ${empty} is empty`,
      );
      expect(
        problems({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET_FILE: path.join(dir, 'none') }),
      ).toContain(`GOOGLE_CLIENT_SECRET_FILE: cannot read ${path.join(dir, 'none')}`);
      expect(problems({ MASTER_KEY: Buffer.alloc(32).toString('base64'), MASTER_KEY_FILE: file })).toContain(
        'MASTER_KEY_FILE: set either MASTER_KEY or MASTER_KEY_FILE',
      );
      // The master key file is read (or generated) when the key is loaded, not here.
      expect(loadConfig({ MASTER_KEY_FILE: path.join(dir, 'later') }).masterKey).toEqual({
        base64: undefined,
        file: path.join(dir, 'later'),
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The README's configuration section: its tables' rows, by their first cell's code span. */
function readmeConfiguration(): { variables: Map<string, string>; former: Map<string, string> } {
  const readme = readFileSync(
    path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../README.md'),
    'utf8',
  );
  const section = readme.split(/^## /m).find((part) => part.startsWith('Configuration\n'))!;
  const variables = new Map<string, string>();
  const former = new Map<string, string>();
  let table: Map<string, string> | undefined;
  for (const line of section.split('\n')) {
    if (line.startsWith('| Variable |')) table = variables;
    else if (line.startsWith('| Former |')) table = former;
    else if (!line.startsWith('|')) table = undefined;
    const cells = line.split(' | ').map((cell) => cell.replace(/^\| ?| ?\|$/g, ''));
    const name = /^`([A-Z0-9_]+)(?:=[^`]*)?`/.exec(cells[0] ?? '')?.[1];
    if (table && name && cells.length >= 2) table.set(name, cells[1]!);
  }
  return { variables, former };
}

describe('the README configuration table', () => {
  const { variables, former } = readmeConfiguration();
  const schema = Object.entries(EnvSchema.shape);

  it('lists every variable the schema reads, and no other', () => {
    expect([...variables.keys()].sort()).toEqual(schema.map(([name]) => name).sort());
  });

  it('states each default the schema declares', () => {
    const wrong = schema.flatMap(([name, field]) => {
      const parsed = field.safeParse(undefined);
      if (!parsed.success || parsed.data === undefined) return [];
      const value = Array.isArray(parsed.data) ? parsed.data.join(',') : String(parsed.data);
      const stated = variables.get(name) ?? '';
      return stated.startsWith(`\`${value}\``) ? [] : [`${name}: README says ${stated}, schema ${value}`];
    });
    expect(wrong).toEqual([]);
  });

  it('lists each former name with its current one', () => {
    for (const [name, current] of Object.entries(FORMER_NAMES)) {
      expect(former.get(name), name).toBe(`\`${current}\``);
    }
    expect([...former.keys()]).toEqual(
      expect.arrayContaining(['CUSTODY_PROVIDER', 'KYC_PROVIDER', 'SMTP_URL']),
    );
  });
});

describe('a production boot with the KYC sandbox approving everyone', () => {
  it('starts, and says so in a warning', async () => {
    // Written with a former value: that is logged at boot as well.
    const t = await createTestApp({
      env: { NODE_ENV: 'production', KYC_SANDBOX_AUTO_APPROVE: 'true', KYC_PROVIDER: 'sandbox' },
    });
    try {
      const lines = t.logs.map((line) => JSON.parse(line) as { level: number; msg: string });
      const warning = lines.find((line) => line.msg.includes('KYC_SANDBOX_AUTO_APPROVE=true'));
      expect(warning?.level).toBe(40);
      const former = lines.find((line) => line.msg.includes('KYC_PROVIDER=sandbox is a former value'));
      expect(former?.level).toBe(40);
    } finally {
      await t.close();
    }
  });
});
