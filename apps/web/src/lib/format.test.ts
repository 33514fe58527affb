import { describe, expect, it } from 'vitest';
import { formatDate, formatPercent, shortenAddress } from './format';

describe('shortenAddress', () => {
  it('keeps the first 6 and last 4 characters', () => {
    expect(shortenAddress('0x9858EfFD232B4033E47d90003D41EC34EcaEda94')).toBe('0x9858…da94');
  });
  it('leaves short values whole', () => {
    expect(shortenAddress('rHsMGQEk')).toBe('rHsMGQEk');
  });
});

describe('formatDate', () => {
  it('formats in the given language and passes unparseable input through', () => {
    expect(formatDate('2026-11-21T12:00:00Z', 'en')).toBe('Nov 21, 2026');
    expect(formatDate('2026-11-21T12:00:00Z', 'fr')).toBe('21 nov. 2026');
    expect(formatDate('not a date', 'en')).toBe('not a date');
  });
});

describe('formatPercent', () => {
  it('keeps every digit and writes the percentage the reader’s way', () => {
    expect(formatPercent('0.002000', 'en')).toBe('0.002000%');
    // French: a decimal comma and a no-break space before the sign and between thousands.
    expect(formatPercent('0.002000', 'fr')).toMatch(/^0,002000\s%$/);
    expect(formatPercent('399999.999600', 'fr')).toMatch(/^399\s999,999600\s%$/);
    expect(formatPercent('2.500000', 'ar')).toMatch(/^2\.500000\u200e?%/);
  });
});
