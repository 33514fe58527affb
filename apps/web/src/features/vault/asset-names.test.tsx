import { renderHook } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpI18n } from '../../testing/render';
import { useAssetName } from './asset-names';

beforeAll(setUpI18n);

describe('useAssetName', () => {
  it('names the vault assets and the other recognised ids, and keeps unknown ids readable', () => {
    const { result } = renderHook(() => useAssetName());
    const name = result.current;
    expect(name('ETH_TEST5')).toBe('Ethereum Sepolia (testnet)');
    expect(name('BTC_TEST')).toBe('Bitcoin testnet');
    expect(name('SOL_TEST')).toBe('Solana devnet/testnet');
    expect(name('XRP_TEST')).toBe('XRP Ledger testnet');
    expect(name('XLM_TEST')).toBe('Stellar testnet');
    expect(name('ETH')).toBe('Ethereum');
    expect(name('XLM')).toBe('Stellar');
    expect(name('ETH_TEST6')).toBe('Ethereum (ETH_TEST6)');
    expect(name('DOGE_TEST')).toBe('DOGE_TEST');
  });
});
