import { z } from 'zod';
import {
  addressAnswer,
  COUNTRY_CODE,
  decimalAnswer,
  identityKeyAnswer,
  linkAnswer,
  outsideTextAnswer,
  PERSON_NAME_MAX,
  textAnswer,
  timestampAnswer,
  txHashAnswer,
} from './bounds.js';
import { COUNTRIES } from './kyc-countries.js';
import { messages } from './messages.js';

/**
 * A token's transfer rules and the answer to "may this investor receive it, and if not why"
 * (docs/product.md §4.12). The same reasons are the on-chain reason codes: the Compliance
 * contract answers `ELIGIBILITY_REASONS.indexOf(reason) + 1`, 0 meaning allowed, so the API's
 * answer and the chain's can be compared one to one.
 */
export const ELIGIBILITY_REASONS = [
  'paused',
  'sender-not-verified',
  'locked-up',
  'frozen',
  'not-verified',
  'country-not-allowed',
  'country-blocked',
  'not-accredited',
  'below-minimum',
  'above-maximum',
  'max-balance',
  'max-holders',
  'supply-cap',
] as const;
export type EligibilityReason = (typeof ELIGIBILITY_REASONS)[number];

/** The on-chain code of a reason (0 = allowed). */
export const reasonCode = (reason: EligibilityReason | null): number =>
  reason === null ? 0 : ELIGIBILITY_REASONS.indexOf(reason) + 1;
/** The reason behind an on-chain code. */
export const reasonOf = (code: number): EligibilityReason | null =>
  code === 0 ? null : (ELIGIBILITY_REASONS[code - 1] ?? null);

/** The longest lock-up an issuer may set (ten years). */
export const MAX_LOCKUP_DAYS = 3650;

const country = z
  .string()
  .length(3)
  .regex(COUNTRY_CODE, messages.complianceCountryInvalid)
  .refine((code) => Object.hasOwn(COUNTRIES, code), messages.complianceCountryInvalid);
/** Whole tokens as a decimal string ("250", "0.5"); null = no limit. */
const limit = z
  .string()
  .trim()
  .max(40)
  .regex(/^\d+(\.\d+)?$/, messages.complianceAmountInvalid)
  .nullable();

export const TokenRulesSchema = z
  .strictObject({
    /** Only investors resident in one of these (ISO 3166-1 alpha-3, from KYC); empty = anywhere. */
    allowedCountries: z.array(country).max(250),
    /** Never investors resident in these. */
    blockedCountries: z.array(country).max(250),
    /** Only investors an administrator has marked accredited. */
    accreditedOnly: z.boolean(),
    /** Most distinct investors holding the token at once; null = no limit. */
    maxHolders: z.number().int().min(1).max(1_000_000).nullable(),
    /** Most one investor may hold. */
    maxBalance: limit,
    /** Least and most one acquisition may be. */
    minPurchase: limit,
    maxPurchase: limit,
    /** Days after each acquisition during which the holder may not transfer out; 0 = none. */
    lockupDays: z.number().int().min(0).max(MAX_LOCKUP_DAYS),
    /** Most that may be in investors' hands altogether. */
    supplyCap: limit,
  })
  .meta({ id: 'TokenRules' });
export type TokenRules = z.infer<typeof TokenRulesSchema>;

/** What a token without rules enforces: verified investors only. */
export const OPEN_RULES: TokenRules = {
  allowedCountries: [],
  blockedCountries: [],
  accreditedOnly: false,
  maxHolders: null,
  maxBalance: null,
  minPurchase: null,
  maxPurchase: null,
  lockupDays: 0,
  supplyCap: null,
};

export const EligibilitySchema = z
  .object({
    eligible: z.boolean(),
    reason: z.enum(ELIGIBILITY_REASONS).nullable(),
    /** The reason in plain English (the web shows it in the reader's language from `reason`). */
    // A country list can name every country (about 11,600 characters in English).
    message: textAnswer(12_000).nullable(),
    /** What the message names: countries (alpha-3, comma-separated), an amount, a date. */
    params: z.record(textAnswer(40), textAnswer(2000)),
  })
  .meta({ id: 'Eligibility' });
export type Eligibility = z.infer<typeof EligibilitySchema>;

/** One holder's position in a token as the chain enforces it. */
export const HoldingStateSchema = z
  .object({
    /** Whole tokens. */
    balance: decimalAnswer(90),
    frozen: decimalAnswer(90),
    /** When the lock-up of the last acquisition ends; null when none applies now. */
    lockedUntil: timestampAnswer.nullable(),
  })
  .meta({ id: 'HoldingState' });
export type HoldingState = z.infer<typeof HoldingStateSchema>;

export const TokenEligibilityResponseSchema = z
  .object({
    success: z.literal(true),
    data: z.object({
      tokenId: z.uuid(),
      rules: TokenRulesSchema,
      paused: z.boolean(),
      eligibility: EligibilitySchema,
      holding: HoldingStateSchema,
    }),
  })
  .meta({ id: 'TokenEligibilityResponse' });
export type TokenEligibilityResponse = z.infer<typeof TokenEligibilityResponseSchema>;

export const EligibilityQuerySchema = z.object({
  /** Whole tokens the investor means to buy; left out, whether they may buy any. */
  amount: limit.unwrap().optional(),
});

/** The enforcement actions an issuer (or the platform) takes on a token, as the audit log names them. */
export const TOKEN_ACTIONS = [
  'rules-changed',
  'paused',
  'unpaused',
  'frozen',
  'forced-transfer',
  'wallet-recovered',
  'eligibility-withdrawn',
  'eligibility-restored',
] as const;
export type TokenAction = (typeof TOKEN_ACTIONS)[number];

const reason = z.string().trim().min(1, messages.complianceReasonRequired).max(500);

export const PauseRequestSchema = z
  .strictObject({ paused: z.boolean(), reason })
  .meta({ id: 'PauseRequest' });

export const FreezeRequestSchema = z
  .strictObject({
    holderId: z.uuid(),
    /** Whole tokens to keep frozen from now on ("0" unfreezes). */
    amount: limit.unwrap(),
    reason,
  })
  .meta({ id: 'FreezeRequest' });

export const ForcedTransferRequestSchema = z
  .strictObject({
    fromHolderId: z.uuid(),
    /** Another verified investor, or null for the issuer's treasury. */
    toHolderId: z.uuid().nullable(),
    amount: limit.unwrap(),
    reason,
  })
  .meta({ id: 'ForcedTransferRequest' });

export const RecoveryRequestSchema = z
  .strictObject({
    holderId: z.uuid(),
    /** A wallet of the same verified identity (a linked wallet or the vault's new address). */
    newAddress: z.string().trim().min(1).max(100),
    reason,
  })
  .meta({ id: 'RecoveryRequest' });

/** An action is written at once and carried out on chain by a job: PENDING until mined. */
export const TOKEN_ACTION_STATUSES = ['PENDING', 'DONE', 'FAILED'] as const;

export const TokenActionSchema = z
  .object({
    id: z.uuid(),
    action: z.enum(TOKEN_ACTIONS),
    status: z.enum(TOKEN_ACTION_STATUSES),
    /** The holder concerned, when the action concerns one (the issuer sees it; the holder sees their own). */
    holderId: z.uuid().nullable(),
    /** The holder as the register shows them (ADR 69): identity key, and name only while they consent. */
    holderIdentityKey: identityKeyAnswer.nullable(),
    holderName: textAnswer(PERSON_NAME_MAX).nullable(),
    amount: decimalAnswer(90).nullable(),
    reason: textAnswer(500),
    txHash: txHashAnswer(200).nullable(),
    explorerUrl: linkAnswer(500).nullable(),
    createdAt: timestampAnswer,
  })
  .meta({ id: 'TokenAction' });
export type TokenActionView = z.infer<typeof TokenActionSchema>;

export const TokenHolderSchema = z
  .object({
    holderId: z.uuid(),
    /** As in the register of holders (ADR 69): never the holder's e-mail, a name only by consent. */
    identityKey: identityKeyAnswer.nullable(),
    name: textAnswer(PERSON_NAME_MAX).nullable(),
    address: addressAnswer(100),
    /** As the KYC provider reported it. */
    country: outsideTextAnswer(3).nullable(),
    accredited: z.boolean(),
    eligible: z.boolean(),
    ...HoldingStateSchema.shape,
  })
  .meta({ id: 'TokenHolder' });
export type TokenHolder = z.infer<typeof TokenHolderSchema>;

export const TokenComplianceResponseSchema = z
  .object({
    success: z.literal(true),
    data: z.object({
      tokenId: z.uuid(),
      rules: TokenRulesSchema,
      paused: z.boolean(),
      holderCount: z.number().int(),
      holders: z.array(TokenHolderSchema).max(1000),
      actions: z.array(TokenActionSchema).max(200),
    }),
  })
  .meta({ id: 'TokenComplianceResponse' });
export type TokenComplianceResponse = z.infer<typeof TokenComplianceResponseSchema>;

export const TokenActionResponseSchema = z
  .object({ success: z.literal(true), data: TokenActionSchema })
  .meta({ id: 'TokenActionResponse' });

export const AccreditationRequestSchema = z
  .strictObject({ accredited: z.boolean(), reason })
  .meta({ id: 'AccreditationRequest' });
