import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { configProblems } from '../../test/config-problems.js';

const RPC = {
  CHAIN: 'rpc',
  CHAIN_RPC_URL: 'https://rpc.sepolia.example/v3/key',
  PLATFORM_PRIVATE_KEY: `0x${'11'.repeat(32)}`,
};
const SEPOLIA_USDC = '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238';
const DEVNET_USDC = '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU';

describe('stablecoin and faucet configuration (ADR 70)', () => {
  it('the embedded chains need nothing: Test USD is deployed, the public faucets have defaults', () => {
    expect(loadConfig({}).faucet).toEqual({
      stablecoinAddress: undefined,
      stablecoinMint: undefined,
      publicFaucets: { ethereum: 'https://sepoliafaucet.com', solana: 'https://faucet.solana.com' },
    });
  });

  it('under rpc a configured stablecoin is used; unset, there is none', () => {
    expect(loadConfig({ ...RPC, STABLECOIN_ADDRESS: SEPOLIA_USDC }).faucet.stablecoinAddress).toBe(
      SEPOLIA_USDC,
    );
    expect(loadConfig(RPC).faucet.stablecoinAddress).toBeUndefined();
    const solana = loadConfig({
      SOLANA: 'rpc',
      SOLANA_RPC_URL: 'https://api.devnet.solana.com',
      STABLECOIN_MINT: DEVNET_USDC,
      ETH_PUBLIC_FAUCET_URL: 'https://faucet.example/eth/',
    });
    expect(solana.faucet.stablecoinMint).toBe(DEVNET_USDC);
    expect(solana.faucet.publicFaucets.ethereum).toBe('https://faucet.example/eth');
  });

  it('refuses to boot on a malformed address, or an address the embedded chain would ignore', () => {
    expect(configProblems({ ...RPC, STABLECOIN_ADDRESS: '0x1234' })).toContain(
      'STABLECOIN_ADDRESS: expected 0x followed by 40 hex digits',
    );
    expect(configProblems({ STABLECOIN_ADDRESS: SEPOLIA_USDC })).toMatch(
      /STABLECOIN_ADDRESS: only with CHAIN(_PROVIDER)?=rpc/,
    );
    expect(configProblems({ STABLECOIN_MINT: DEVNET_USDC })).toMatch(
      /STABLECOIN_MINT: only with SOLANA(_PROVIDER)?=rpc/,
    );
    expect(
      configProblems({
        SOLANA: 'rpc',
        SOLANA_RPC_URL: 'https://api.devnet.solana.com',
        STABLECOIN_MINT: '0OIl',
      }),
    ).toContain('STABLECOIN_MINT: expected a base58 Solana address');
    expect(configProblems({ ETH_PUBLIC_FAUCET_URL: 'ftp://faucet.example' })).toContain(
      'ETH_PUBLIC_FAUCET_URL',
    );
  });
});
