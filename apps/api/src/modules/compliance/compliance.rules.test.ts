import { OPEN_RULES } from '@portal/shared/compliance';
import { describe, expect, it } from 'vitest';
import { evaluate, explain, ruleSet, type Party, type RuleSet } from './compliance.rules.js';

const now = new Date('2026-11-28T12:00:00Z');
const rules = (change: Partial<RuleSet> = {}): RuleSet => ({ ...ruleSet(OPEN_RULES, false, 0), ...change });
const treasury: Party = {
  exempt: true,
  verified: false,
  country: null,
  accredited: false,
  balance: 0n,
  frozen: 0n,
  lockedUntil: null,
};
const investor = (change: Partial<Party> = {}): Party => ({
  exempt: false,
  verified: true,
  country: 'FRA',
  accredited: false,
  balance: 0n,
  frozen: 0n,
  lockedUntil: null,
  ...change,
});
const state = { holderCount: 0, circulating: 0n };

describe('the rule engine', () => {
  it('lets a verified investor buy from the treasury when no rule says otherwise', () => {
    expect(evaluate(rules(), state, treasury, investor(), 10n, now)).toBeNull();
  });

  it('refuses an unverified receiver, whatever the rules', () => {
    expect(evaluate(rules(), state, treasury, investor({ verified: false }), 1n, now)).toBe('not-verified');
  });

  it('applies the country lists: allowed first, then blocked', () => {
    expect(evaluate(rules({ allowedCountries: ['CHE'] }), state, treasury, investor(), 1n, now)).toBe(
      'country-not-allowed',
    );
    expect(evaluate(rules({ allowedCountries: ['FRA'] }), state, treasury, investor(), 1n, now)).toBeNull();
    expect(evaluate(rules({ blockedCountries: ['FRA'] }), state, treasury, investor(), 1n, now)).toBe(
      'country-blocked',
    );
    // An identity without a country meets no allowed list.
    expect(
      evaluate(rules({ allowedCountries: ['FRA'] }), state, treasury, investor({ country: null }), 1n, now),
    ).toBe('country-not-allowed');
  });

  it('asks for accreditation only where the token does', () => {
    expect(evaluate(rules({ accreditedOnly: true }), state, treasury, investor(), 1n, now)).toBe(
      'not-accredited',
    );
    expect(
      evaluate(rules({ accreditedOnly: true }), state, treasury, investor({ accredited: true }), 1n, now),
    ).toBeNull();
  });

  it('bounds one acquisition from below and above, inclusive', () => {
    const bounded = rules({ minAcquisition: 5n, maxAcquisition: 10n });
    expect(evaluate(bounded, state, treasury, investor(), 4n, now)).toBe('below-minimum');
    expect(evaluate(bounded, state, treasury, investor(), 5n, now)).toBeNull();
    expect(evaluate(bounded, state, treasury, investor(), 10n, now)).toBeNull();
    expect(evaluate(bounded, state, treasury, investor(), 11n, now)).toBe('above-maximum');
  });

  it('caps what one investor holds, counting what they already have', () => {
    const capped = rules({ maxBalance: 100n });
    expect(evaluate(capped, state, treasury, investor({ balance: 90n }), 10n, now)).toBeNull();
    expect(evaluate(capped, state, treasury, investor({ balance: 90n }), 11n, now)).toBe('max-balance');
  });

  it('refuses a new holder at the holder cap but not one who already holds', () => {
    const capped = rules({ maxHolders: 2 });
    expect(evaluate(capped, { holderCount: 1, circulating: 5n }, treasury, investor(), 1n, now)).toBeNull();
    expect(evaluate(capped, { holderCount: 2, circulating: 5n }, treasury, investor(), 1n, now)).toBe(
      'max-holders',
    );
    expect(
      evaluate(capped, { holderCount: 2, circulating: 5n }, treasury, investor({ balance: 1n }), 1n, now),
    ).toBeNull();
  });

  it('caps the supply in investors hands on issuance only', () => {
    const capped = rules({ supplyCap: 100n });
    expect(evaluate(capped, { holderCount: 3, circulating: 95n }, treasury, investor(), 5n, now)).toBeNull();
    expect(evaluate(capped, { holderCount: 3, circulating: 95n }, treasury, investor(), 6n, now)).toBe(
      'supply-cap',
    );
    // Between investors the circulating amount does not change.
    const seller = investor({ balance: 50n });
    expect(evaluate(capped, { holderCount: 3, circulating: 100n }, seller, investor(), 6n, now)).toBeNull();
  });

  it('holds a sender to their lock-up, their frozen amount and their verification', () => {
    const later = new Date(now.getTime() + 1000);
    expect(evaluate(rules(), state, investor({ balance: 5n, lockedUntil: later }), investor(), 1n, now)).toBe(
      'locked-up',
    );
    expect(
      evaluate(rules(), state, investor({ balance: 5n, lockedUntil: now }), investor(), 1n, now),
    ).toBeNull();
    expect(evaluate(rules(), state, investor({ balance: 5n, frozen: 3n }), investor(), 3n, now)).toBe(
      'frozen',
    );
    expect(evaluate(rules(), state, investor({ balance: 5n, frozen: 3n }), investor(), 2n, now)).toBeNull();
    expect(evaluate(rules(), state, investor({ balance: 5n, verified: false }), investor(), 1n, now)).toBe(
      'sender-not-verified',
    );
  });

  it('stops everything while paused, before any other rule', () => {
    expect(evaluate(rules({ paused: true }), state, treasury, investor({ verified: false }), 1n, now)).toBe(
      'paused',
    );
  });

  it('converts whole tokens and days to base units and seconds', () => {
    const converted = ruleSet(
      {
        ...OPEN_RULES,
        maxBalance: '2.5',
        minPurchase: '1',
        maxPurchase: null,
        lockupDays: 30,
        supplyCap: '1000',
      },
      false,
      6,
    );
    expect(converted).toMatchObject({
      maxBalance: 2_500_000n,
      minAcquisition: 1_000_000n,
      maxAcquisition: 0n,
      lockupSeconds: 30 * 86_400,
      supplyCap: 1_000_000_000n,
    });
  });

  it('names countries by name in English and by code for the web', () => {
    const allowed = rules({ allowedCountries: ['CHE', 'LUX'] });
    const { message, params } = explain('country-not-allowed', allowed, {
      decimals: 0,
      from: treasury,
      to: investor(),
      state,
    });
    expect(message).toBe('This token is offered only to investors resident in Switzerland, Luxembourg.');
    expect(params).toEqual({ countries: 'CHE,LUX' });
    expect(
      explain('max-balance', rules({ maxBalance: 2_500_000n }), {
        decimals: 6,
        from: treasury,
        to: investor(),
        state,
      }).message,
    ).toBe('You would exceed the maximum holding of 2.5 tokens.');
  });
});
