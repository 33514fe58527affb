import { describe, expect, it } from 'vitest';
import { countryName } from './country-name';

describe('countryName', () => {
  it('names a KYC country in the reader language', () => {
    expect(countryName('DEU', 'en')).toBe('Germany');
    expect(countryName('DEU', 'fr')).toBe('Allemagne');
    expect(countryName('DEU', 'ar')).toBe('ألمانيا');
  });

  it('keeps a code it does not know', () => {
    expect(countryName('XXX', 'fr')).toBe('XXX');
  });
});
