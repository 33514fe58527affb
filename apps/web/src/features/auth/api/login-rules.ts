import type { LoginForm } from '@portal/shared/auth';
import { messages } from '@portal/shared/messages';

/** zod's `z.email()` pattern, copied (login-rules.test.ts checks it is still zod's). */
/* eslint-disable no-useless-escape -- zod's source, verbatim */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
/* eslint-enable no-useless-escape */

export type LoginErrors = Partial<Record<keyof LoginForm, string>>;

/**
 * The sign-in form's rules, written out so the first page needs neither zod's schema code nor
 * the shared schema modules (~22 KB gzip). They are LoginFormSchema's (`@portal/shared/auth`:
 * `emailField`, `passwordField`), message for message and in the same order, with zod's own
 * e-mail pattern; login-rules.test.ts checks both agree on a table of inputs. The server checks
 * the same schema again.
 */
export function checkLogin(input: LoginForm): { values: LoginForm; errors: LoginErrors } {
  const email = input.email.trim();
  const { password } = input;
  const errors: LoginErrors = {};
  if (!email) errors.email = messages.emailRequired;
  else if (email.length > 254 || !EMAIL_PATTERN.test(email)) errors.email = messages.emailInvalid;
  if (!password) errors.password = messages.passwordRequired;
  else if (password.length < 6) errors.password = messages.passwordTooShort;
  else if (password.length > 128) errors.password = messages.passwordTooLong;
  return { values: { email, password }, errors };
}
