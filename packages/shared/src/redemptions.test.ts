import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  allocateRedemptions,
  OpenRedemptionWindowRequestSchema,
  redemptionPriceUnits,
} from './redemptions.js';

const requests = fc.array(fc.bigInt({ min: 0n, max: 10n ** 24n }), { minLength: 1, maxLength: 40 });
const cap = fc.bigInt({ min: 0n, max: 10n ** 25n });

describe('the pro-rata cut-back (ADR 72)', () => {
  it('accepts everything when the requests fit under the cap', () => {
    expect(allocateRedemptions([3n, 4n], 7n)).toEqual([3n, 4n]);
    expect(allocateRedemptions([3n, 4n], 100n)).toEqual([3n, 4n]);
  });

  it('gives the leftover units to the largest fractions, ties to the earlier request', () => {
    // 10 × 10 / 30 = 3.33 each: 3 + 3 + 3, one unit left, the first request takes it.
    expect(allocateRedemptions([10n, 10n, 10n], 10n)).toEqual([4n, 3n, 3n]);
    // 5 × 7 / 8 = 4.375, 3 × 7 / 8 = 2.625: the larger fraction (the second) takes the unit.
    expect(allocateRedemptions([5n, 3n], 7n)).toEqual([4n, 3n]);
    expect(allocateRedemptions([1n, 1n, 1n], 2n)).toEqual([1n, 1n, 0n]);
  });

  it('sums to min(cap, total), never more than asked, within one unit of the exact share', () => {
    fc.assert(
      fc.property(requests, cap, (asked, limit) => {
        const shares = allocateRedemptions(asked, limit);
        const total = asked.reduce((sum, amount) => sum + amount, 0n);
        const sum = shares.reduce((s, share) => s + share, 0n);
        expect(sum).toBe(total < limit ? total : limit);
        shares.forEach((share, index) => {
          const requested = asked[index]!;
          expect(share >= 0n && share <= requested).toBe(true);
          if (total > limit) {
            // exact = requested × cap / total; |share × total − requested × cap| < total
            const gap = share * total - requested * limit;
            expect(gap > -total && gap < total).toBe(true);
          }
        });
      }),
    );
  });

  it('hands out leftover units only by the largest-remainder rule', () => {
    fc.assert(
      fc.property(requests, cap, (asked, limit) => {
        const total = asked.reduce((sum, amount) => sum + amount, 0n);
        fc.pre(total > limit);
        const shares = allocateRedemptions(asked, limit);
        const fraction = (i: number) => (asked[i]! * limit) % total;
        const bumped = shares.map((share, i) => share > (asked[i]! * limit) / total);
        // No request left at its floor has a strictly larger fraction than one that got a unit, nor
        // an equal fraction and an earlier place.
        bumped.forEach((up, i) => {
          if (!up) return;
          shares.forEach((_, j) => {
            if (bumped[j] || fraction(j) === 0n) return;
            expect(fraction(j) > fraction(i) || (fraction(j) === fraction(i) && j < i)).toBe(false);
          });
        });
      }),
    );
  });
});

describe('opening a window', () => {
  const valid = {
    currency: 'ETH',
    price: '0.01',
    cap: '100',
    opensAt: '2030-01-01T00:00:00Z',
    closesAt: '2030-01-08T00:00:00Z',
  };

  it('converts the price exactly and refuses bad input field by field', () => {
    expect(redemptionPriceUnits('0.01', 'ETH')).toBe(10n ** 16n);
    expect(redemptionPriceUnits('1.5', 'tUSD')).toBe(1_500_000n);
    expect(redemptionPriceUnits('0.0000001', 'tUSD')).toBeUndefined();
    expect(OpenRedemptionWindowRequestSchema.safeParse(valid).success).toBe(true);
    const issues = (input: object) =>
      OpenRedemptionWindowRequestSchema.safeParse({ ...valid, ...input }).error?.issues.map((i) => i.path[0]);
    expect(issues({ price: '0' })).toEqual(['price']);
    expect(issues({ cap: '1.5' })).toEqual(['cap']);
    expect(issues({ currency: 'BTC' })).toEqual(['currency']);
    expect(issues({ closesAt: valid.opensAt })).toEqual(['closesAt']);
  });
});
