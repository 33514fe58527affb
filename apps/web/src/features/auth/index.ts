/** The auth feature's public entry: other features import from here only (docs/architecture.md, "Boundaries"). */
export { profileQueryKey, useProfile } from './api/profile';
export { AuthForm, EmailInput } from './components/AuthForm';
export { ConsoleShell } from './components/ConsoleShell';
export { TwoFactorStep } from './components/TwoFactorStep';
export { UnlockOffer } from './components/UnlockOffer';
export { useSignInForm } from './components/use-sign-in-form';
