import { z } from 'zod';
import {
  addressAnswer,
  emailAnswer,
  IP_MAX,
  LABEL_MAX,
  linkAnswer,
  MESSAGE_MAX,
  PERSON_NAME_MAX,
  textAnswer,
  timestampAnswer,
  UNPAGED_LIST_MAX,
  URL_MAX,
  USER_AGENT_MAX,
} from './bounds.js';
import { messages } from './messages.js';
import { base64UploadLength } from './fields.js';
import { isDisplayName } from './text.js';

/** Account settings (docs/product.md §2.12); the decisions behind them: ADR 0021. */

const personName = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(50, messages.personNameTooLong)
    .regex(/^[\p{L}\p{M}][\p{L}\p{M} '’-]*$/u, messages.personNameInvalid)
    .refine(isDisplayName, messages.displayNameInvisible);

const PHONE_MAX = 30;
const COMPANY_MAX = 100;

/** E.164-ish: an optional +, then digits with spaces, dashes, dots or brackets; 7–15 digits. */
const phoneField = z
  .string()
  .trim()
  .max(PHONE_MAX, messages.phoneInvalid)
  .refine((value) => {
    if (!value) return true;
    if (!/^\+?[\d\s().-]+$/.test(value)) return false;
    const digits = value.replace(/\D/g, '').length;
    return digits >= 7 && digits <= 15;
  }, messages.phoneInvalid);

export const PersonalDetailsSchema = z
  .strictObject({
    firstName: personName(messages.firstNameRequired),
    lastName: personName(messages.lastNameRequired),
    phone: phoneField.default(''),
    company: z
      .string()
      .trim()
      .max(COMPANY_MAX, messages.companyTooLong)
      .refine((company) => !company || isDisplayName(company), messages.displayNameInvisible)
      .default(''),
  })
  .meta({ id: 'PersonalDetails' });
export type PersonalDetailsInput = z.input<typeof PersonalDetailsSchema>;
export type PersonalDetails = z.output<typeof PersonalDetailsSchema>;

export const THEMES = ['light', 'dark'] as const;
export const LANGUAGES = ['en', 'ar', 'fr'] as const;

export const PreferencesSchema = z
  .strictObject({
    theme: z.enum(THEMES).nullable(),
    language: z.enum(LANGUAGES).nullable(),
    notifyEmail: z.boolean(),
    notifySms: z.boolean(),
    notifyWallet: z.boolean(),
  })
  .meta({ id: 'Preferences' });
export type Preferences = z.infer<typeof PreferencesSchema>;
export const PreferencesPatchSchema = PreferencesSchema.partial().meta({ id: 'PreferencesPatch' });

export const SecuritySettingsSchema = z
  .object({ loginAlerts: z.boolean(), twoFactorEnabled: z.boolean() })
  .meta({ id: 'SecuritySettings' });
export const LoginAlertsRequestSchema = z
  .strictObject({ loginAlerts: z.boolean() })
  .meta({ id: 'LoginAlertsRequest' });

/** Privacy (ADR 69): whether the issuers of tokens the user holds see their name in the register. */
export const PrivacySettingsSchema = z
  .strictObject({ showNameToIssuers: z.boolean() })
  .meta({ id: 'PrivacySettings' });
export type PrivacySettings = z.infer<typeof PrivacySettingsSchema>;

export const AccountSettingsSchema = z
  .object({
    // The first and last names are the user's name split at sign-up, when never edited here.
    personal: z.object({
      firstName: textAnswer(PERSON_NAME_MAX),
      lastName: textAnswer(PERSON_NAME_MAX),
      email: emailAnswer(),
      phone: textAnswer(PHONE_MAX),
      company: textAnswer(COMPANY_MAX),
      avatarUrl: linkAnswer().nullable(),
    }),
    preferences: PreferencesSchema,
    security: SecuritySettingsSchema,
    privacy: PrivacySettingsSchema,
  })
  .meta({ id: 'AccountSettings' });
export type AccountSettings = z.infer<typeof AccountSettingsSchema>;

export const AccountSettingsResponseSchema = z
  .object({
    success: z.literal(true),
    message: textAnswer(MESSAGE_MAX).optional(),
    settings: AccountSettingsSchema,
  })
  .meta({ id: 'AccountSettingsResponse' });
export type AccountSettingsResponse = z.infer<typeof AccountSettingsResponseSchema>;

export const AVATAR_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type AvatarContentType = (typeof AVATAR_CONTENT_TYPES)[number];
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** Base64 in JSON, as the KYC document upload: JSON is the API's only body format. */
export const AvatarUploadSchema = z
  .strictObject({
    contentType: z.enum(AVATAR_CONTENT_TYPES, { error: messages.avatarUnsupported }),
    data: z
      .string({ error: messages.avatarRequired })
      .min(1, messages.avatarRequired)
      .max(base64UploadLength(AVATAR_MAX_BYTES), messages.avatarTooLarge)
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, messages.avatarUnsupported),
  })
  .meta({ id: 'AvatarUpload' });
export type AvatarUpload = z.infer<typeof AvatarUploadSchema>;

export const ActiveSessionSchema = z
  .object({
    id: z.uuid(),
    current: z.boolean(),
    // "Firefox on Windows", from the browser's User-Agent; null when it cannot be told.
    device: textAnswer(LABEL_MAX).nullable(),
    userAgent: textAnswer(USER_AGENT_MAX).nullable(),
    ip: z
      .string()
      .max(IP_MAX)
      .regex(/^[0-9A-Za-z:.%]+$/)
      .nullable(),
    createdAt: timestampAnswer,
    lastUsedAt: timestampAnswer,
  })
  .meta({ id: 'ActiveSession' });
export type ActiveSession = z.infer<typeof ActiveSessionSchema>;
export const ActiveSessionsResponseSchema = z
  // Not paged: a user's live sessions (each sign-in within the session lifetime) stay far below.
  .object({ success: z.literal(true), sessions: z.array(ActiveSessionSchema).max(UNPAGED_LIST_MAX) })
  .meta({ id: 'ActiveSessionsResponse' });

export const DeactivateRequestSchema = z
  .strictObject({
    password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(128),
  })
  .meta({ id: 'DeactivateRequest' });

/** A six-digit TOTP code, or a recovery code (xxxxx-xxxxx) in its place at sign-in. */
const codeField = z
  .string({ error: messages.twoFactorCodeRequired })
  .trim()
  .min(1, messages.twoFactorCodeRequired)
  .max(20, messages.twoFactorCodeInvalid);

export const TwoFactorSetupResponseSchema = z
  // A 20-byte base32 secret (32 characters) and its otpauth:// URL, which names the account.
  .object({
    success: z.literal(true),
    secret: z
      .string()
      .max(64)
      .regex(/^[A-Z2-7]+=*$/),
    otpauthUrl: linkAnswer(),
  })
  .meta({ id: 'TwoFactorSetupResponse' });
export type TwoFactorSetupResponse = z.infer<typeof TwoFactorSetupResponseSchema>;

export const TwoFactorEnableRequestSchema = z
  .strictObject({ code: codeField })
  .meta({ id: 'TwoFactorEnableRequest' });
export const TwoFactorEnableResponseSchema = z
  .object({
    success: z.literal(true),
    message: textAnswer(MESSAGE_MAX),
    // Ten codes of the form xxxxx-xxxxx (two-factor.ts).
    recoveryCodes: z
      .array(
        z
          .string()
          .max(20)
          .regex(/^[0-9a-f]{5}-[0-9a-f]{5}$/),
      )
      .max(20),
  })
  .meta({ id: 'TwoFactorEnableResponse' });
export type TwoFactorEnableResponse = z.infer<typeof TwoFactorEnableResponseSchema>;

export const TwoFactorDisableRequestSchema = z
  .strictObject({
    password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(128),
  })
  .meta({ id: 'TwoFactorDisableRequest' });

/** The second sign-in step: the ticket from the password step and a code. */
export const TwoFactorLoginRequestSchema = z
  .strictObject({ ticket: z.string().min(1).max(200), code: codeField })
  .meta({ id: 'TwoFactorLoginRequest' });

/** An external Ethereum wallet linked by Sign-In with Ethereum (EIP-4361). */
export const LinkedWalletSchema = z
  .object({
    id: z.uuid(),
    address: addressAnswer(),
    chainId: z.number().int(),
    linkedAt: timestampAnswer,
  })
  .meta({ id: 'LinkedWallet' });
export type LinkedWallet = z.infer<typeof LinkedWalletSchema>;
export const LinkedWalletsResponseSchema = z
  .object({
    success: z.literal(true),
    message: textAnswer(MESSAGE_MAX).optional(),
    // Not capped by the product: each is a signed link by the user, far below this.
    wallets: z.array(LinkedWalletSchema).max(UNPAGED_LIST_MAX),
  })
  .meta({ id: 'LinkedWalletsResponse' });
export type LinkedWalletsResponse = z.infer<typeof LinkedWalletsResponseSchema>;
export const SiweNonceResponseSchema = z
  // EIP-4361: a nonce of at least 8 alphanumerics; the portal's host and public URL.
  .object({
    success: z.literal(true),
    /** EIP-4361: at least 8 letters and digits. */
    nonce: z
      .string()
      .max(100)
      .regex(/^[A-Za-z0-9]+$/),
    /** The portal's host (and port), as EIP-4361 names it. */
    domain: z
      .string()
      .max(URL_MAX)
      .regex(/^[^\s/@]+$/),
    uri: linkAnswer(),
  })
  .meta({ id: 'SiweNonceResponse' });
export type SiweNonceResponse = z.infer<typeof SiweNonceResponseSchema>;
/**
 * The EVM chains a linked wallet's message may name (EIP-4361 `Chain ID`): Ethereum and Sepolia;
 * the server adds the chain the portal itself runs on.
 */
export const SIWE_CHAIN_IDS = [1, 11155111] as const;

export const SiweLinkRequestSchema = z
  .strictObject({
    message: z.string().min(1).max(4000),
    signature: z
      .string()
      .regex(/^0x[0-9a-fA-F]+$/, messages.siweInvalid)
      .max(2000),
  })
  .meta({ id: 'SiweLinkRequest' });
