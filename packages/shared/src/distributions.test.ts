import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate, DeclareDistributionSchema, type DistributionBasis } from './distributions.js';

/** The distribution arithmetic of ADR 71 as properties: exact, never negative, nothing invented. */
const balances = fc.array(fc.bigInt({ min: 0n, max: 10n ** 30n }), { maxLength: 60 });
const amount = fc.bigInt({ min: 1n, max: 10n ** 40n });
const basis = fc.constantFrom<DistributionBasis>('total', 'rate');
const decimals = fc.integer({ min: 0, max: 18 });

describe('allocate', () => {
  it('pays + remainder = declared total; nobody negative; zero balances get nothing', () => {
    fc.assert(
      fc.property(balances, basis, amount, decimals, (held, kind, value, places) => {
        const { shares, total, paid, remainder } = allocate(held, kind, value, places);
        expect(paid + remainder).toBe(total);
        expect(paid).toBe(shares.reduce((sum, share) => sum + share, 0n));
        expect(remainder >= 0n).toBe(true);
        shares.forEach((share, i) => {
          expect(share >= 0n).toBe(true);
          if (held[i] === 0n) expect(share).toBe(0n);
        });
        if (kind === 'total') expect(total).toBe(value);
      }),
    );
  });

  it('pays each holder the floor of their exact share, so the remainder is under one unit a holder', () => {
    fc.assert(
      fc.property(balances, amount, (held, value) => {
        const { shares, remainder } = allocate(held, 'total', value, 0);
        const sum = held.reduce((a, b) => a + b, 0n);
        if (sum === 0n) return;
        shares.forEach((share, i) => {
          // share ≤ value·b/sum < share + 1
          expect(share * sum <= value * held[i]!).toBe(true);
          expect((share + 1n) * sum > value * held[i]!).toBe(true);
        });
        expect(remainder < BigInt(held.filter((b) => b > 0n).length) || remainder === 0n).toBe(true);
      }),
    );
  });

  it('depends only on the snapshot: transfers after the record date change nothing', () => {
    fc.assert(
      fc.property(
        balances.filter((held) => held.length >= 2),
        amount,
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.bigInt({ min: 0n, max: 10n ** 30n })), { maxLength: 20 }),
        (held, value, transfers) => {
          const snapshot = [...held];
          const before = allocate(snapshot, 'total', value, 0);
          const live = [...held];
          for (const [from, to, moved] of transfers) {
            const a = from % live.length;
            const b = to % live.length;
            const step = moved > live[a]! ? live[a]! : moved;
            live[a] = live[a]! - step;
            live[b] = live[b]! + step;
          }
          expect(allocate(snapshot, 'total', value, 0)).toEqual(before);
        },
      ),
    );
  });

  it('a rate of 1.5 tUSD a whole token pays 60 tUSD for 40 tokens of 0 decimals', () => {
    expect(allocate([40n, 20n, 0n], 'rate', 1_500_000n, 0)).toEqual({
      shares: [60_000_000n, 30_000_000n, 0n],
      total: 90_000_000n,
      paid: 90_000_000n,
      remainder: 0n,
    });
    expect(allocate([10n, 20n], 'total', 10n ** 17n, 0).remainder).toBe(1n);
  });
});

describe('DeclareDistributionSchema', () => {
  const good = {
    basis: 'total',
    amount: '1.5',
    currency: 'tUSD',
    recordDate: '2027-01-01T00:00:00Z',
    paymentDate: '2027-01-02T00:00:00Z',
  };
  it('accepts a declaration and refuses more decimals than the currency has', () => {
    expect(DeclareDistributionSchema.safeParse(good).success).toBe(true);
    expect(DeclareDistributionSchema.safeParse({ ...good, amount: '0.0000001' }).success).toBe(false);
    expect(
      DeclareDistributionSchema.safeParse({ ...good, currency: 'ETH', amount: '0.0000001' }).success,
    ).toBe(true);
    expect(DeclareDistributionSchema.safeParse({ ...good, extra: 1 }).success).toBe(false);
  });
});
