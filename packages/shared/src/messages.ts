/**
 * Every user-visible message the server and the client share, worded exactly as the product
 * specification gives them. Keys double as i18n keys on the web (`messages.<key>`), so a server
 * message can be translated by looking its key up (see `messageKey`).
 */
export const messages = {
  // spec §5: validation
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  nameRequired: 'Name is required',
  nameTooShort: 'Name must be at least 2 characters',
  nameTooLong: 'Name must be at most 100 characters',
  nameInvalid: 'Name can only contain letters and spaces',
  confirmPasswordRequired: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
  roleInvalid: 'Invalid role selected',
  roleRequired: 'Role is required',
  // spec §8: session and auth
  sessionExpired: 'Session expired. Please log in again.',
  noRefreshToken: 'No refresh token found',
  refreshFailed: 'Failed to refresh token',
  loginInvalidResponse: 'Login failed: Invalid response',
  loginFailedDefault: 'An error occurred during login',
  registrationInvalidResponse: 'Registration failed: Invalid response',
  registrationFailedDefault: 'An error occurred during registration',
  // our own wording where the spec is silent (decisions in docs/decisions)
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  adminSelfRegistration: 'Administrator accounts cannot be created by registration',
  unauthenticated: 'Authentication required',
  forbidden: 'You do not have permission to perform this action',
  notFound: 'Not found',
  validationFailed: 'Invalid request',
  payloadTooLarge: 'Request body is too large',
  unsupportedMediaType: 'Content-Type must be application/json',
  csrfRejected: 'Cross-site request rejected',
  tooManyRequests: 'Too many requests. Please try again later.',
  tooManyLoginAttempts: 'Too many sign-in attempts. Please try again later.',
  internalError: 'Something went wrong. Please try again.',
  serviceUnavailable: 'Service unavailable',
  forgotPasswordSent: 'If an account exists for that email, a password reset link has been sent.',
  resetTokenInvalid: 'This password reset link is invalid or has expired.',
  passwordResetDone: 'Your password has been reset. Please sign in with your new password.',
  currentPasswordWrong: 'Current password is incorrect',
  passwordChanged: 'Password changed successfully',
  resetTokenRequired: 'Reset token is required',
  loggedOut: 'Logged out',
} as const;

export type MessageKey = keyof typeof messages;

const byText = new Map<string, MessageKey>(
  Object.entries(messages).map(([key, text]) => [text, key as MessageKey]),
);

/** The key of a known message text, so a client can show it in the user's language. */
export function messageKey(text: string): MessageKey | undefined {
  return byText.get(text);
}
