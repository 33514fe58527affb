import { COUNTRIES, COUNTRY_ALPHA2 } from '@portal/shared/kyc-countries';

/**
 * A country (ISO 3166-1 alpha-3, as KYC stores it) named in `language` by the browser's own
 * data; the English short name where the browser has none, the code itself when unknown.
 */
export function countryName(code: string, language: string): string {
  const english = COUNTRIES[code];
  const alpha2 = COUNTRY_ALPHA2[code];
  if (!english || !alpha2) return code;
  try {
    return new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }).of(alpha2) ?? english;
  } catch {
    return english;
  }
}
