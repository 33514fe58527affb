import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ethForTokens,
  formatUnits,
  listingCost,
  ownershipPercent,
  parseUnits,
  tokensForEth,
  totalValueEth,
} from './money.js';

describe('money', () => {
  it('parses and formats base units exactly', () => {
    expect(parseUnits('1.5', 18)).toBe(1_500_000_000_000_000_000n);
    expect(parseUnits('0.000001', 6)).toBe(1n);
    expect(parseUnits('1.0000001', 6)).toBeUndefined();
    expect(parseUnits('1.5000000', 6)).toBe(1_500_000n);
    expect(parseUnits('-1', 6)).toBeUndefined();
    expect(parseUnits('1e3', 6)).toBeUndefined();
    expect(formatUnits(1_500_000n, 6)).toBe('1.5');
    expect(formatUnits(5n, 0)).toBe('5');
  });

  it('round-trips any amount', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.integer({ min: 0, max: 18 }),
        (value, decimals) => {
          expect(parseUnits(formatUnits(value, decimals), decimals)).toBe(value);
        },
      ),
    );
  });

  it('charges the buyer rounded up, never less than the exact price', () => {
    expect(listingCost(3n, 10n ** 15n, 0)).toBe(3n * 10n ** 15n);
    expect(listingCost(1n, 3n, 1)).toBe(1n); // 0.1 token at 3 wei → 0.3 wei → 1 wei
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 24n }),
        fc.bigInt({ min: 0n, max: 10n ** 20n }),
        (amount, price) => {
          const cost = listingCost(amount, price, 18);
          expect(cost * 10n ** 18n >= amount * price).toBe(true);
          expect((cost - 1n) * 10n ** 18n < amount * price).toBe(true);
        },
      ),
    );
  });

  it('gives ownership to 6 decimals (docs/product.md §9)', () => {
    expect(ownershipPercent(1n, 3n)).toBe('33.333333');
    expect(ownershipPercent(2n, 3n)).toBe('66.666667');
    expect(ownershipPercent(10n, 10n)).toBe('100.000000');
    expect(ownershipPercent(0n, 0n)).toBe('0.000000');
  });

  it('converts between ETH and tokens (docs/product.md §5) and totals to 4 decimals', () => {
    expect(tokensForEth('0.01', '0.001')).toBe('10.000000');
    expect(tokensForEth('1', '0.003')).toBe('333.333333');
    expect(tokensForEth('1', '0')).toBeUndefined();
    expect(ethForTokens('12', '0.001')).toBe('0.012000');
    expect(totalValueEth('1000', '0.00012345')).toBe('0.1235');
  });
});
