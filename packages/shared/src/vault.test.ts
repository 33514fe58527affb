import { describe, expect, it } from 'vitest';
import { UserSchema } from './auth.js';
import { assetChain, WALLET_PROFILE_FIELD_NAMES, walletProfileFields } from './vault.js';

describe('wallet chains and profile fields (docs/product.md §3.2)', () => {
  it.each([
    ['ETH', 'ethereum'],
    ['ETH_TEST', 'ethereum'],
    ['ETH_TEST5', 'ethereum'],
    ['BTC_TEST', 'bitcoin'],
    ['SOL', 'solana'],
    ['SOL_TEST', 'solana'],
    ['XRP_TEST', 'ripple'],
    ['XLM', 'stellar'],
    ['DOGE', undefined],
    ['ETHX', undefined],
    ['ETH_MAIN', undefined],
  ])('%s belongs to %s', (assetId, chain) => {
    expect(assetChain(assetId)).toBe(chain);
  });

  it('fills every per-chain field from the first wallet of its chain', () => {
    const fields = walletProfileFields([
      { assetId: 'ETH_TEST5', address: '0xabc' },
      { assetId: 'ETH', address: '0xdef' },
      { assetId: 'SOL_TEST', address: 'So1' },
      { assetId: 'XRP_TEST', address: 'r1' },
      { assetId: 'XLM_TEST', address: 'G1' },
      { assetId: 'BTC_TEST', address: 'tb1' },
      { assetId: 'DOGE', address: 'D1' },
    ]);
    expect(fields).toEqual({
      ethereumWallet: '0xabc',
      ethWallet: '0xabc',
      ethereum_address: '0xabc',
      eth_address: '0xabc',
      wallet: '0xabc',
      bitcoinWallet: 'tb1',
      solanaWallet: 'So1',
      solWallet: 'So1',
      solana_address: 'So1',
      sol_address: 'So1',
      rippleWallet: 'r1',
      xrpWallet: 'r1',
      ripple_address: 'r1',
      xrp_address: 'r1',
      stellarWallet: 'G1',
      xlmWallet: 'G1',
      stellar_address: 'G1',
      xlm_address: 'G1',
    });
    expect(walletProfileFields([])).toEqual({});
  });

  it('lets the profile schema carry every per-chain field', () => {
    const shape = UserSchema.shape as Record<string, unknown>;
    for (const field of WALLET_PROFILE_FIELD_NAMES) expect(shape).toHaveProperty(field);
  });
});
