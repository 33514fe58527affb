import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { configProblems } from '../../test/config-problems.js';

const SEED = 'sEdTM1uX8pu2do5XvTnutH6HsouMaM2';

describe('XRP Ledger configuration (ADR 66)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-xrpl-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is off without XRPL_URL: no Ripple engine', () => {
    expect(loadConfig({}).xrpl).toBeUndefined();
  });

  it('takes a wss node and a seed, inline or from a file, linking to the testnet explorer', () => {
    expect(
      loadConfig({ XRPL_URL: 'wss://s.altnet.rippletest.net:51233', XRPL_PLATFORM_SEED: SEED }).xrpl,
    ).toEqual({
      url: 'wss://s.altnet.rippletest.net:51233',
      platformSeed: SEED,
      explorerUrl: 'https://testnet.xrpl.org',
    });
    const file = path.join(dir, 'seed');
    writeFileSync(file, `${SEED}\n`);
    expect(
      loadConfig({
        XRPL_URL: 'ws://127.0.0.1:6006',
        XRPL_PLATFORM_SEED_FILE: file,
        XRPL_EXPLORER_URL: 'https://devnet.xrpl.org/',
      }).xrpl,
    ).toEqual({ url: 'ws://127.0.0.1:6006', platformSeed: SEED, explorerUrl: 'https://devnet.xrpl.org' });
  });

  it('refuses what cannot work, naming the variable', () => {
    expect(configProblems({ XRPL_URL: 'wss://s.altnet.rippletest.net:51233' })).toContain(
      'XRPL_PLATFORM_SEED: required when XRPL_URL is set (or set XRPL_PLATFORM_SEED_FILE)',
    );
    expect(configProblems({ XRPL_PLATFORM_SEED: SEED })).toContain(
      'XRPL_URL: required when an XRPL platform seed is set',
    );
    expect(configProblems({ XRPL_URL: 'ws://node.example', XRPL_PLATFORM_SEED: SEED })).toContain(
      'XRPL_URL: expected a wss URL (ws only for a local node)',
    );
    expect(configProblems({ XRPL_URL: 'https://node.example', XRPL_PLATFORM_SEED: SEED })).toContain(
      'XRPL_URL: expected a wss or ws URL',
    );
    expect(configProblems({ XRPL_URL: 'wss://node.example', XRPL_PLATFORM_SEED: 'not-a-seed' })).toContain(
      'XRPL_PLATFORM_SEED: expected an XRPL family seed (s…)',
    );
  });
});
