import { describe, expect, it } from 'vitest';
import { formatDate, shortenAddress } from './format';

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
