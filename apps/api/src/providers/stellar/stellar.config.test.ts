import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { configProblems } from '../../test/config-problems.js';

/** A throwaway key made for this test (never funded anywhere). */
const SECRET = 'SAHXVYCUGI7VRKJE3XIXXESIAYN6P2LGEKLYV3OIQYRI5NQMWRMNJRDM';
const TESTNET = 'https://horizon-testnet.stellar.org';

describe('Stellar configuration (ADR 66)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-stellar-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is off without STELLAR_HORIZON_URL: no Stellar engine', () => {
    expect(loadConfig({}).stellar).toBeUndefined();
  });

  it('takes an https Horizon and a secret, inline or from a file, on the testnet with its explorer by default', () => {
    expect(loadConfig({ STELLAR_HORIZON_URL: TESTNET, STELLAR_PLATFORM_SECRET: SECRET }).stellar).toEqual({
      horizonUrl: TESTNET,
      platformSecret: SECRET,
      networkPassphrase: 'Test SDF Network ; September 2015',
      explorerUrl: 'https://stellar.expert/explorer/testnet',
    });
    const file = path.join(dir, 'secret');
    writeFileSync(file, `${SECRET}\n`);
    expect(
      loadConfig({
        STELLAR_HORIZON_URL: 'http://127.0.0.1:8000/',
        STELLAR_PLATFORM_SECRET_FILE: file,
        STELLAR_NETWORK_PASSPHRASE: 'Standalone Network ; February 2017',
        STELLAR_EXPLORER_URL: 'https://stellar.expert/explorer/public/',
      }).stellar,
    ).toEqual({
      horizonUrl: 'http://127.0.0.1:8000',
      platformSecret: SECRET,
      networkPassphrase: 'Standalone Network ; February 2017',
      explorerUrl: 'https://stellar.expert/explorer/public',
    });
  });

  it('refuses what cannot work, naming the variable', () => {
    expect(configProblems({ STELLAR_HORIZON_URL: TESTNET })).toContain(
      'STELLAR_PLATFORM_SECRET: required when STELLAR_HORIZON_URL is set (or set STELLAR_PLATFORM_SECRET_FILE)',
    );
    expect(configProblems({ STELLAR_PLATFORM_SECRET: SECRET })).toContain(
      'STELLAR_HORIZON_URL: required when a Stellar platform secret is set',
    );
    expect(
      configProblems({ STELLAR_HORIZON_URL: 'http://horizon.example', STELLAR_PLATFORM_SECRET: SECRET }),
    ).toContain('STELLAR_HORIZON_URL: expected an https URL (http only for a local server)');
    expect(
      configProblems({ STELLAR_HORIZON_URL: 'wss://horizon.example', STELLAR_PLATFORM_SECRET: SECRET }),
    ).toContain('STELLAR_HORIZON_URL: expected a https or http URL');
    // A public key, and a secret with a broken checksum, are not secrets.
    for (const wrong of [
      'GB3JDWCQJCWMJ3IILWIGDTQJJC5567PGVEVXSCVPEQOTDN64VJBDQBYX',
      `${SECRET.slice(0, -1)}A`,
    ]) {
      expect(configProblems({ STELLAR_HORIZON_URL: TESTNET, STELLAR_PLATFORM_SECRET: wrong })).toContain(
        'STELLAR_PLATFORM_SECRET: expected a Stellar secret seed (S…)',
      );
    }
  });
});
