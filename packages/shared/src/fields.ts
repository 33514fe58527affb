import { z } from 'zod';
import { messages } from './messages.js';
import { normalizeRole } from './roles.js';
import { isDisplayName } from './text.js';

/** Field rules of docs/product.md §5, shared by the server's request schemas and the web forms. */
export const emailField = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, messages.emailRequired)
  .max(254, messages.emailInvalid)
  .pipe(z.email(messages.emailInvalid));

export const passwordField = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .min(6, messages.passwordTooShort)
  // ASVS 2.1.2: long passphrases are allowed, but unbounded input to argon2 is a DoS vector.
  .max(128, messages.passwordTooLong);

export const nameField = z
  .string({ error: messages.nameRequired })
  .trim()
  .min(1, messages.nameRequired)
  .min(2, messages.nameTooShort)
  .max(100, messages.nameTooLong)
  // "Letters" includes every script's letters and combining marks (Arabic, accented French names).
  .regex(/^[\p{L}\p{M} ]+$/u, messages.nameInvalid)
  .refine(isDisplayName, messages.displayNameInvisible);

export const confirmPasswordField = z
  .string({ error: messages.confirmPasswordRequired })
  .min(1, messages.confirmPasswordRequired)
  .max(128, messages.passwordsDoNotMatch);

export const roleField = z
  .string({ error: messages.roleInvalid })
  .trim()
  .min(1, messages.roleRequired)
  .max(20, messages.roleInvalid)
  .refine((value) => normalizeRole(value) !== undefined, messages.roleInvalid)
  .transform((value) => normalizeRole(value)!);

export const ORGANISATION_NAME_MAX = 200;
/** The organisation an issuer speaks for (ADR 55). */
export const organisationNameField = z
  .string({ error: messages.organisationNameRequired })
  .trim()
  .min(1, messages.organisationNameRequired)
  .max(ORGANISATION_NAME_MAX, messages.organisationNameTooLong)
  .refine(isDisplayName, messages.displayNameInvisible);

/**
 * The longest `data` of a base64 upload of at most `bytes` decoded, with room for the JSON around
 * it: the route's body limit. Within it, a file too large once decoded is still answered 413.
 */
export const base64UploadLength = (bytes: number) => Math.ceil(bytes / 3) * 4 + 1024;

/** Adds the "Passwords do not match" issue under confirmPassword, even when other fields fail. */
export function passwordsMatch<T extends { password?: unknown; confirmPassword?: unknown }>(
  passwordKey: 'password' | 'newPassword' = 'password',
) {
  return (value: T, ctx: z.RefinementCtx) => {
    const record = value as Record<string, unknown>;
    if (record.confirmPassword !== undefined && record.confirmPassword !== record[passwordKey]) {
      ctx.addIssue({ code: 'custom', message: messages.passwordsDoNotMatch, path: ['confirmPassword'] });
    }
  };
}
