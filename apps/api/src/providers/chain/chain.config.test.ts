import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { configProblems } from '../../test/config-problems.js';

const KEY = `0x${'11'.repeat(32)}`;

const problems = configProblems;

describe('chain configuration', () => {
  it('defaults to the embedded chain 31337, its own explorer and 0.1 ETH of auto-fuel', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example/' }).chain).toEqual({
      kind: 'embedded',
      chainId: 31337,
      explorerUrl: 'https://portal.example/explorer',
      faucetAmountWei: 10n ** 17n,
      replaceAfterMs: 120_000,
    });
    expect(
      loadConfig({
        CHAIN_ID: '1337',
        FAUCET_AMOUNT_WEI: '5',
        EXPLORER_URL: 'http://x.test/',
        CHAIN_REPLACE_AFTER_SECONDS: '30',
      }).chain,
    ).toMatchObject({
      chainId: 1337,
      faucetAmountWei: 5n,
      explorerUrl: 'http://x.test',
      replaceAfterMs: 30_000,
    });
  });

  it('runs on a node with CHAIN=rpc, linking to Sepolia Etherscan, auto-fuel off', () => {
    const config = loadConfig({
      CHAIN: 'rpc',
      CHAIN_RPC_URL: 'https://rpc.sepolia.example/v3/key',
      PLATFORM_PRIVATE_KEY: KEY,
    });
    expect(config.chain).toEqual({
      kind: 'rpc',
      rpcUrl: 'https://rpc.sepolia.example/v3/key',
      expectedChainId: undefined,
      platformPrivateKey: KEY,
      explorerUrl: 'https://sepolia.etherscan.io',
      faucetAmountWei: 0n,
      replaceAfterMs: 120_000,
    });
  });

  it('reads the platform key from a file', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'portal-key-')), 'platform.key');
    writeFileSync(file, `${KEY}\n`);
    const config = loadConfig({
      CHAIN: 'rpc',
      CHAIN_RPC_URL: 'http://127.0.0.1:8545',
      PLATFORM_PRIVATE_KEY_FILE: file,
    });
    expect(config.chain).toMatchObject({ platformPrivateKey: KEY });
  });

  it.each([
    [{ CHAIN: 'ganache' }, 'CHAIN: expected one of embedded, rpc'],
    [{ CHAIN: 'rpc', PLATFORM_PRIVATE_KEY: KEY }, 'CHAIN_RPC_URL: required when CHAIN=rpc'],
    [
      { CHAIN: 'rpc', CHAIN_RPC_URL: 'http://127.0.0.1:8545' },
      'PLATFORM_PRIVATE_KEY: required when CHAIN=rpc',
    ],
    [
      { CHAIN: 'rpc', CHAIN_RPC_URL: 'ws://node', PLATFORM_PRIVATE_KEY: KEY },
      'CHAIN_RPC_URL: expected a https or http URL',
    ],
    [
      { CHAIN: 'rpc', CHAIN_RPC_URL: 'http://127.0.0.1:8545', PLATFORM_PRIVATE_KEY: '0x1234' },
      'PLATFORM_PRIVATE_KEY: expected 0x followed by 64 hex digits',
    ],
    [
      {
        CHAIN: 'rpc',
        CHAIN_RPC_URL: 'http://127.0.0.1:8545',
        PLATFORM_PRIVATE_KEY: KEY,
        PLATFORM_PRIVATE_KEY_FILE: '/k',
      },
      'PLATFORM_PRIVATE_KEY_FILE: set either',
    ],
    [
      { CHAIN: 'rpc', CHAIN_RPC_URL: 'http://127.0.0.1:8545', PLATFORM_PRIVATE_KEY_FILE: '/nonexistent/key' },
      'PLATFORM_PRIVATE_KEY_FILE: cannot read /nonexistent/key',
    ],
    [{ CHAIN_ID: '0' }, 'CHAIN_ID:'],
    [{ FAUCET_AMOUNT_WEI: '0.1' }, 'FAUCET_AMOUNT_WEI: expected an amount in wei'],
  ])('refuses %j', (env, message) => {
    expect(problems(env)).toContain(message);
  });

  it('never echoes the private key in an error', () => {
    const bad = `0x${'zz'.repeat(32)}`;
    expect(
      problems({ CHAIN: 'rpc', CHAIN_RPC_URL: 'http://127.0.0.1:8545', PLATFORM_PRIVATE_KEY: bad }),
    ).not.toContain(bad);
  });
});
