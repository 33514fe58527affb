import { z } from 'zod';
import {
  BASE64URL,
  didAnswer,
  emailAnswer,
  LABEL_MAX,
  linkAnswer,
  MESSAGE_MAX,
  OUTSIDE_TEXT_MAX,
  PERSON_NAME_MAX,
  textAnswer,
  timestampAnswer,
} from './bounds.js';
import {
  confirmPasswordField,
  emailField,
  nameField,
  organisationNameField,
  passwordField,
  passwordsMatch,
  roleField,
} from './fields.js';
import { KycStatusSchema } from './kyc-status.js';
import { messages } from './messages.js';
import { LANGUAGES, THEMES } from './settings.js';
import { WALLETS_MAX, WalletProfileFieldsSchema, WalletSchema } from './vault.js';

/** The web app asks for cookie sessions; API clients default to bearer tokens (ADR 2). */
export const SessionModeSchema = z.enum(['bearer', 'cookie']);
export type SessionMode = z.infer<typeof SessionModeSchema>;

/** The value stored as authToken in the browser when the session lives in HttpOnly cookies. */
export const COOKIE_SESSION_TOKEN = 'cookie_session';

/** The access token: an EdDSA JWT of a few claims (about 400 characters). */
const ACCESS_TOKEN_MAX = 4096;
/** A compact JWS (three base64url parts), or COOKIE_SESSION_TOKEN when the cookies carry it. */
const ACCESS_TOKEN = new RegExp(
  `^(?:[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+|${COOKIE_SESSION_TOKEN})$`,
);
/** Refresh tokens and second-factor tickets: random secrets the requests accept back up to 200. */
const SECRET_TOKEN_MAX = 200;

/** The secret of a mailed one-time sign-in link (ADR 54), from the link's `#unlock=` fragment. */
const unlockTokenField = z.string().min(1).max(200);

export const LoginRequestSchema = z
  .strictObject({
    email: emailField,
    password: passwordField,
    session: SessionModeSchema.optional(),
    unlockToken: unlockTokenField.optional(),
  })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.input<typeof LoginRequestSchema>;

export const RegisterRequestSchema = z
  .strictObject({
    name: nameField,
    email: emailField,
    password: passwordField,
    confirmPassword: confirmPasswordField.optional(),
    role: roleField.optional().default('investor'),
    /** An issuer's organisation: it opens their application (ADR 55); other roles ignore it. */
    organisationName: organisationNameField.optional(),
    session: SessionModeSchema.optional(),
  })
  .superRefine(passwordsMatch())
  .meta({ id: 'RegisterRequest' });
export type RegisterRequest = z.input<typeof RegisterRequestSchema>;

/** The investor registration form: confirmation is required there (docs/product.md §2.2, §5). */
export const RegisterFormSchema = z
  .object({
    name: nameField,
    email: emailField,
    password: passwordField,
    confirmPassword: confirmPasswordField,
  })
  .superRefine(passwordsMatch());
export type RegisterForm = z.input<typeof RegisterFormSchema>;

export const LoginFormSchema = z.object({ email: emailField, password: passwordField });
export type LoginForm = z.input<typeof LoginFormSchema>;

export const RoleNameSchema = z.enum(['ADMIN', 'ISSUER', 'INVESTOR']);

export const DidMetadataSchema = z.object({ did: didAnswer }).meta({ id: 'DidMetadata' });

export const UserSchema = z
  .object({
    id: z.uuid(),
    name: textAnswer(PERSON_NAME_MAX),
    email: emailAnswer(),
    role: RoleNameSchema,
    did: didAnswer.nullable(),
    didMetadata: DidMetadataSchema.nullable(),
    wallets: z.array(WalletSchema).max(WALLETS_MAX),
    kycStatus: KycStatusSchema,
    // The verified identity (KYC), for credentials: present once verified. The provider's text,
    // stored as it came.
    kycVerifiedName: z.string().max(OUTSIDE_TEXT_MAX).optional(),
    kycCountry: z.string().max(LABEL_MAX).optional(),
    createdAt: timestampAnswer,
    // Account settings the whole app applies at sign-in (ADR 0021).
    avatarUrl: linkAnswer().optional(),
    theme: z.enum(THEMES).optional(),
    language: z.enum(LANGUAGES).optional(),
    // docs/product.md §3.2: per-chain wallet fields, filled from the vault
    ...WalletProfileFieldsSchema.shape,
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof UserSchema>;

export const AuthResponseSchema = z
  .object({
    success: z.literal(true),
    token: z.string().max(ACCESS_TOKEN_MAX).regex(ACCESS_TOKEN),
    refreshToken: z.string().max(SECRET_TOKEN_MAX).regex(BASE64URL).optional(),
    user: UserSchema,
  })
  .meta({ id: 'AuthResponse' });
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

/** The password was right and the account asks for a second factor (ADR 0023). */
export const TwoFactorChallengeSchema = z
  .object({
    success: z.literal(true),
    twoFactorRequired: z.literal(true),
    ticket: z.string().max(SECRET_TOKEN_MAX).regex(BASE64URL),
  })
  .meta({ id: 'TwoFactorChallenge' });
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallengeSchema>;

/** Outside sign-in providers the portal is configured for; the web app shows their buttons. */
export const AuthProvidersResponseSchema = z
  .object({ success: z.literal(true), google: z.boolean() })
  .meta({ id: 'AuthProvidersResponse' });
export type AuthProvidersResponse = z.infer<typeof AuthProvidersResponseSchema>;

/** What a Google round trip is for: signing in to a linked account, or opening an investor account. */
export const GoogleIntentSchema = z.enum(['login', 'register']);
export type GoogleIntent = z.infer<typeof GoogleIntentSchema>;

export const RefreshRequestSchema = z
  .strictObject({
    refreshToken: z.string().min(1).max(200).optional(),
    session: SessionModeSchema.optional(),
  })
  .meta({ id: 'RefreshRequest' });

export const RefreshResponseSchema = z
  .object({
    success: z.literal(true),
    token: z.string().max(ACCESS_TOKEN_MAX).regex(ACCESS_TOKEN),
    refreshToken: z.string().max(SECRET_TOKEN_MAX).regex(BASE64URL).optional(),
  })
  .meta({ id: 'RefreshResponse' });

export const VerifyRequestSchema = z
  .strictObject({ token: z.string().min(1).max(4096) })
  .meta({ id: 'VerifyRequest' });
export const VerifyResponseSchema = z
  .object({
    success: z.literal(true),
    valid: z.boolean(),
    user: z.object({ id: z.uuid(), role: RoleNameSchema }).optional(),
  })
  .meta({ id: 'VerifyResponse' });

export const ForgotPasswordRequestSchema = z
  .strictObject({ email: emailField })
  .meta({ id: 'ForgotPasswordRequest' });

/** 'E-mail me a sign-in link' when the account's sign-ins are paused. */
export const UnlockRequestSchema = z.strictObject({ email: emailField }).meta({ id: 'UnlockRequest' });

export const ResetPasswordRequestSchema = z
  .strictObject({
    token: z.string({ error: messages.resetTokenRequired }).min(1, messages.resetTokenRequired).max(200),
    password: passwordField,
    confirmPassword: confirmPasswordField.optional(),
  })
  .superRefine(passwordsMatch())
  .meta({ id: 'ResetPasswordRequest' });

export const ResetPasswordFormSchema = z
  .object({ password: passwordField, confirmPassword: confirmPasswordField })
  .superRefine(passwordsMatch());
export type ResetPasswordForm = z.input<typeof ResetPasswordFormSchema>;

export const ChangePasswordRequestSchema = z
  .strictObject({
    currentPassword: z
      .string({ error: messages.passwordRequired })
      .min(1, messages.passwordRequired)
      .max(128),
    newPassword: passwordField,
    confirmPassword: confirmPasswordField.optional(),
  })
  .superRefine(passwordsMatch('newPassword'))
  .meta({ id: 'ChangePasswordRequest' });

export const MessageResponseSchema = z
  .object({ success: z.literal(true), message: textAnswer(MESSAGE_MAX) })
  .meta({ id: 'MessageResponse' });

export const ProfileResponseSchema = z
  .object({ success: z.literal(true), user: UserSchema })
  .meta({ id: 'ProfileResponse' });

/** Cookie-session requests that change state must carry this header with the value '1'. */
export const CSRF_HEADER = 'x-portal-csrf';
