import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ELIGIBILITY_REASONS, type EligibilityReason } from '@portal/shared/compliance';
import { i18n, setLanguage } from '../../../i18n/i18n';
import { setUpI18n } from '../../../testing/render';
import { eligibilityText } from './eligibility-text';

beforeAll(setUpI18n);
afterAll(() => setLanguage('en'));

/** What the API sends with each reason (compliance.rules.ts). */
const PARAMS: Partial<Record<EligibilityReason, Record<string, string>>> = {
  'country-not-allowed': { countries: 'FRA,DEU' },
  'country-blocked': { country: 'USA' },
  'locked-up': { date: '2027-03-12T10:00:00.000Z' },
  frozen: { amount: '15' },
  'below-minimum': { amount: '10' },
  'above-maximum': { amount: '500' },
  'max-balance': { amount: '1000' },
  'supply-cap': { amount: '42.5' },
};

const refusal = (reason: EligibilityReason) => ({
  eligible: false,
  reason,
  message: 'the server English',
  params: PARAMS[reason] ?? {},
});

const say = (reason: EligibilityReason) =>
  eligibilityText(refusal(reason), i18n.t.bind(i18n) as never, i18n.language);

const ENGLISH: Record<EligibilityReason, string> = {
  paused: 'Trading in this token is paused by its issuer.',
  'sender-not-verified': 'The sending wallet does not belong to a verified investor.',
  'locked-up': 'These tokens are locked up until March 12, 2027.',
  frozen: 'Part of this holding is frozen: only 15 tokens can move.',
  'not-verified': 'Only verified investors may hold this token. Complete identity verification first.',
  'country-not-allowed': 'This token is offered only to investors resident in France and Germany.',
  'country-blocked': 'This token is not offered to investors resident in United States.',
  'not-accredited': 'Only accredited investors may buy this token.',
  'below-minimum': 'The minimum purchase is 10 tokens.',
  'above-maximum': 'The maximum purchase is 500 tokens.',
  'max-balance': 'You would exceed the maximum holding of 1000 tokens.',
  'max-holders': 'The offering has reached its maximum number of investors.',
  'supply-cap': 'The offering has reached its cap: only 42.5 tokens remain for investors.',
};

const ARABIC: Record<EligibilityReason, string> = {
  paused: 'أوقف المُصدِر تداول هذا الرمز مؤقتًا.',
  'sender-not-verified': 'المحفظة المُرسِلة لا تعود إلى مستثمر موثَّق.',
  'locked-up': `هذه الرموز محظورة حتى ${new Intl.DateTimeFormat('ar', { dateStyle: 'long' }).format(new Date('2027-03-12T10:00:00.000Z'))}.`,
  frozen: 'جزء من هذه الحيازة مجمّد: لا يمكن نقل سوى 15 رمز.',
  'not-verified': 'لا يحمل هذا الرمز إلا المستثمرون الموثَّقون. أكمل التحقق من الهوية أولًا.',
  'country-not-allowed': 'هذا الرمز معروض فقط للمستثمرين المقيمين في فرنسا وألمانيا.',
  'country-blocked': 'هذا الرمز غير معروض للمستثمرين المقيمين في الولايات المتحدة.',
  'not-accredited': 'لا يشتري هذا الرمز إلا المستثمرون المعتمدون.',
  'below-minimum': 'الحد الأدنى للشراء 10 رمز.',
  'above-maximum': 'الحد الأقصى للشراء 500 رمز.',
  'max-balance': 'ستتجاوز الحد الأقصى للحيازة البالغ 1000 رمز.',
  'max-holders': 'بلغ الطرح الحد الأقصى لعدد المستثمرين.',
  'supply-cap': 'بلغ الطرح سقفه: لم يتبقَّ للمستثمرين سوى 42.5 رمز.',
};

describe('eligibility in words (docs/product.md §4.12)', () => {
  it('says nothing when the investor may buy', () => {
    expect(
      eligibilityText({ eligible: true, reason: null, message: null, params: {} }, i18n.t as never, 'en'),
    ).toBeUndefined();
  });

  it.each(ELIGIBILITY_REASONS)(
    'words %s in English, countries named and the date in full',
    async (reason) => {
      await setLanguage('en');
      expect(say(reason)).toBe(ENGLISH[reason]);
    },
  );

  it.each(ELIGIBILITY_REASONS)('words %s in Arabic, countries named in Arabic', async (reason) => {
    await setLanguage('ar');
    expect(say(reason)).toBe(ARABIC[reason]);
  });

  it("falls back to the server's English for a reason this build does not know", () => {
    const unknown = {
      eligible: false,
      reason: 'new-rule' as never,
      message: 'A new rule refused it.',
      params: {},
    };
    expect(eligibilityText(unknown, i18n.t as never, 'en')).toBe('A new rule refused it.');
  });
});
