import type { EligibilityReason, TokenRules } from '@portal/shared/compliance';
import { COUNTRIES } from '@portal/shared/kyc-countries';
import { formatMessage, messages } from '@portal/shared/messages';
import { formatUnits, parseUnits } from '@portal/shared/money';

/**
 * The one rule engine: "may `from` move `amount` of a token to `to`, and if not why". It takes the
 * same facts the Compliance contract reads on chain and applies the same rules in the same order,
 * so the API's answer and the chain's agree case by case (a property test drives both; ADR 61).
 */

/** A token's rules in base units, as the contract holds them (0 = no limit). */
export interface RuleSet {
  paused: boolean;
  allowedCountries: readonly string[];
  blockedCountries: readonly string[];
  accreditedOnly: boolean;
  maxHolders: number;
  maxBalance: bigint;
  minAcquisition: bigint;
  maxAcquisition: bigint;
  lockupSeconds: number;
  supplyCap: bigint;
}

/** One side of a transfer. Exempt accounts (the issuer's treasury, the escrow) are never checked. */
export interface Party {
  exempt: boolean;
  /** From the identity registry: verified while validUntil is in the future. */
  verified: boolean;
  country: string | null;
  accredited: boolean;
  /** Base units. */
  balance: bigint;
  frozen: bigint;
  lockedUntil: Date | null;
}

export interface TokenState {
  /** Distinct non-exempt holders with a positive balance. */
  holderCount: number;
  /** Base units in non-exempt hands. */
  circulating: bigint;
}

export function evaluate(
  rules: RuleSet,
  state: TokenState,
  from: Party,
  to: Party,
  amount: bigint,
  now: Date,
): EligibilityReason | null {
  if (rules.paused) return 'paused';
  if (!from.exempt) {
    if (!from.verified) return 'sender-not-verified';
    if (from.lockedUntil && now < from.lockedUntil) return 'locked-up';
    if (from.balance - from.frozen < amount) return 'frozen';
  }
  if (!to.exempt) {
    if (!to.verified) return 'not-verified';
    if (rules.allowedCountries.length > 0 && !rules.allowedCountries.includes(to.country ?? ''))
      return 'country-not-allowed';
    if (to.country && rules.blockedCountries.includes(to.country)) return 'country-blocked';
    if (rules.accreditedOnly && !to.accredited) return 'not-accredited';
    if (rules.minAcquisition > 0n && amount < rules.minAcquisition) return 'below-minimum';
    if (rules.maxAcquisition > 0n && amount > rules.maxAcquisition) return 'above-maximum';
    if (rules.maxBalance > 0n && to.balance + amount > rules.maxBalance) return 'max-balance';
    if (rules.maxHolders > 0 && to.balance === 0n && state.holderCount >= rules.maxHolders)
      return 'max-holders';
    if (rules.supplyCap > 0n && from.exempt && state.circulating + amount > rules.supplyCap)
      return 'supply-cap';
  }
  return null;
}

const DAY = 86_400;
const limit = (value: string | null, decimals: number) =>
  value === null ? 0n : (parseUnits(value, decimals) ?? 0n);

/** The issuer's rules (whole tokens, days) in base units and seconds. */
export function ruleSet(rules: TokenRules, paused: boolean, decimals: number): RuleSet {
  return {
    paused,
    allowedCountries: rules.allowedCountries,
    blockedCountries: rules.blockedCountries,
    accreditedOnly: rules.accreditedOnly,
    maxHolders: rules.maxHolders ?? 0,
    maxBalance: limit(rules.maxBalance, decimals),
    minAcquisition: limit(rules.minPurchase, decimals),
    maxAcquisition: limit(rules.maxPurchase, decimals),
    lockupSeconds: rules.lockupDays * DAY,
    supplyCap: limit(rules.supplyCap, decimals),
  };
}

const MESSAGES: Record<EligibilityReason, string> = {
  paused: messages.eligibilityPaused,
  'sender-not-verified': messages.eligibilitySenderNotVerified,
  'locked-up': messages.eligibilityLockedUp,
  frozen: messages.eligibilityFrozen,
  'not-verified': messages.eligibilityNotVerified,
  'country-not-allowed': messages.eligibilityCountryNotAllowed,
  'country-blocked': messages.eligibilityCountryBlocked,
  'not-accredited': messages.eligibilityNotAccredited,
  'below-minimum': messages.eligibilityBelowMinimum,
  'above-maximum': messages.eligibilityAboveMaximum,
  'max-balance': messages.eligibilityMaxBalance,
  'max-holders': messages.eligibilityMaxHolders,
  'supply-cap': messages.eligibilitySupplyCap,
};

/**
 * What a refusal names, as parameters (the web words them in the reader's language: country codes,
 * amounts in whole tokens, an ISO date) and as the English message.
 */
export function explain(
  reason: EligibilityReason,
  rules: RuleSet,
  context: { decimals: number; from: Party; to: Party; state: TokenState },
): { message: string; params: Record<string, string> } {
  const whole = (units: bigint) => formatUnits(units, context.decimals);
  const params: Record<string, string> = {};
  if (reason === 'country-not-allowed') params.countries = rules.allowedCountries.join(',');
  if (reason === 'country-blocked') params.country = context.to.country ?? '';
  if (reason === 'locked-up') params.date = context.from.lockedUntil?.toISOString() ?? '';
  if (reason === 'frozen') params.amount = whole(context.from.balance - context.from.frozen);
  if (reason === 'below-minimum') params.amount = whole(rules.minAcquisition);
  if (reason === 'above-maximum') params.amount = whole(rules.maxAcquisition);
  if (reason === 'max-balance') params.amount = whole(rules.maxBalance);
  if (reason === 'supply-cap') {
    const left = rules.supplyCap - context.state.circulating;
    params.amount = whole(left > 0n ? left : 0n);
  }
  const english: Record<string, string> = { ...params };
  if (params.countries !== undefined)
    english.countries = rules.allowedCountries.map((code) => COUNTRIES[code] ?? code).join(', ');
  if (params.country !== undefined) english.country = COUNTRIES[params.country] ?? params.country;
  if (params.date !== undefined) english.date = params.date.slice(0, 10);
  return { message: formatMessage(MESSAGES[reason], english), params };
}
