import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { configProblems } from '../../test/config-problems.js';

describe('Solana configuration', () => {
  it('defaults to the embedded VM with the portal as explorer', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example/' }).solana).toEqual({
      kind: 'embedded',
      explorerUrl: 'https://portal.example/explorer/solana',
    });
  });

  it('runs on a JSON-RPC node with SOLANA=rpc, linking to the devnet explorer', () => {
    expect(loadConfig({ SOLANA: 'rpc', SOLANA_RPC_URL: 'https://api.devnet.solana.com/' }).solana).toEqual({
      kind: 'rpc',
      rpcUrl: 'https://api.devnet.solana.com',
      explorerUrl: 'https://explorer.solana.com/?cluster=devnet',
    });
    expect(
      loadConfig({
        SOLANA: 'rpc',
        SOLANA_RPC_URL: 'http://127.0.0.1:8899',
        SOLANA_EXPLORER_URL: 'https://solscan.io/?cluster=devnet',
      }).solana,
    ).toMatchObject({ rpcUrl: 'http://127.0.0.1:8899', explorerUrl: 'https://solscan.io/?cluster=devnet' });
  });

  it('refuses a missing or unsafe node URL and unknown values, naming the variable', () => {
    expect(configProblems({ SOLANA: 'rpc' })).toContain('SOLANA_RPC_URL: required when SOLANA=rpc');
    expect(configProblems({ SOLANA: 'rpc', SOLANA_RPC_URL: 'http://devnet.example' })).toContain(
      'SOLANA_RPC_URL: expected an https URL (http only for a local server)',
    );
    expect(configProblems({ SOLANA: 'mainnet' })).toContain('SOLANA: expected one of embedded, rpc');
    expect(configProblems({ SOLANA_EXPLORER_URL: 'ftp://x' })).toContain('SOLANA_EXPLORER_URL');
  });
});
