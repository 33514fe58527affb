import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Eligibility, EligibilityReason } from '@portal/shared/compliance';
import type { MessageKey } from '@portal/shared/messages';
import { countryName } from '../../../lib/country-name';

/** Each reason's sentence in the shared catalogue, which the server words the same way in English. */
const REASON_KEYS: Record<EligibilityReason, MessageKey> = {
  paused: 'eligibilityPaused',
  'sender-not-verified': 'eligibilitySenderNotVerified',
  'locked-up': 'eligibilityLockedUp',
  frozen: 'eligibilityFrozen',
  'not-verified': 'eligibilityNotVerified',
  'country-not-allowed': 'eligibilityCountryNotAllowed',
  'country-blocked': 'eligibilityCountryBlocked',
  'not-accredited': 'eligibilityNotAccredited',
  'below-minimum': 'eligibilityBelowMinimum',
  'above-maximum': 'eligibilityAboveMaximum',
  'max-balance': 'eligibilityMaxBalance',
  'max-holders': 'eligibilityMaxHolders',
  'supply-cap': 'eligibilitySupplyCap',
};

/** Alpha-3 codes as the reader's list of country names ("France, Germany and Spain"). */
export function countryList(codes: string, language: string): string {
  const names = codes
    .split(',')
    .filter(Boolean)
    .map((code) => countryName(code, language));
  try {
    return new Intl.ListFormat(language, { type: 'conjunction' }).format(names);
  } catch {
    return names.join(', ');
  }
}

/** A day in full in the reader's language ("12 March 2027"): lock-ups end on a day people plan around. */
export function longDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(date);
}

type Translate = (key: string, params?: Record<string, string>) => string;

/**
 * Why a token may not be bought, in the reader's language (docs/product.md §4.12): the reason's
 * sentence with its countries named, its date formatted and its amounts as given; the server's
 * English `message` for a reason this build does not know. Undefined when eligible.
 */
export function eligibilityText(
  eligibility: Pick<Eligibility, 'eligible' | 'reason' | 'message' | 'params'>,
  t: Translate,
  language: string,
): string | undefined {
  if (eligibility.eligible) return undefined;
  const key = eligibility.reason ? REASON_KEYS[eligibility.reason] : undefined;
  if (!key) return eligibility.message ?? undefined;
  const { countries, country, date, amount } = eligibility.params;
  const params: Record<string, string> = {};
  if (countries !== undefined) params.countries = countryList(countries, language);
  if (country !== undefined) params.country = countryName(country, language);
  if (date !== undefined) params.date = longDate(date, language);
  if (amount !== undefined) params.amount = amount;
  return t(`messages.${key}`, params);
}

/** `eligibilityText` in the current language. */
export function useEligibilityText() {
  const { t, i18n } = useTranslation();
  return useCallback(
    (eligibility: Parameters<typeof eligibilityText>[0]) =>
      eligibilityText(eligibility, t as Translate, i18n.language),
    [t, i18n.language],
  );
}
