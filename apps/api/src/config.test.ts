import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadWorkerConfig } from './config.js';
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
    expect(split).toContain('CHAIN: must be rpc with RUN_JOBS=false');
    expect(split).toContain('SOLANA: must be rpc with RUN_JOBS=false');
    expect(() => loadWorkerConfig({})).toThrow(ConfigError);
    expect(() => loadWorkerConfig({})).toThrow('DATABASE_URL: required with npm run worker');
    const shared = {
      DATABASE_URL: 'postgres://db/portal',
      CHAIN: 'rpc',
      CHAIN_RPC_URL: 'http://127.0.0.1:8545',
      PLATFORM_PRIVATE_KEY: `0x${'11'.repeat(32)}`,
      SOLANA: 'rpc',
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

describe('a production boot with the KYC sandbox approving everyone', () => {
  it('starts, and says so in a warning', async () => {
    const t = await createTestApp({ env: { NODE_ENV: 'production', KYC_SANDBOX_AUTO_APPROVE: 'true' } });
    try {
      const warning = t.logs
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .find((line) => line.msg.includes('KYC_SANDBOX_AUTO_APPROVE=true'));
      expect(warning?.level).toBe(40);
    } finally {
      await t.close();
    }
  });
});
