import type { User } from '@portal/shared/auth';
import { setThemeMode } from '../../app/preferences';
import { i18n, setLanguage } from '../../i18n/i18n';

/** The theme and language saved to the account win at sign-in, on any device (ADR 0021). */
export async function applyAccountPreferences(user: Pick<User, 'theme' | 'language'>): Promise<void> {
  if (user.theme) setThemeMode(user.theme);
  if (user.language && user.language !== i18n.language) await setLanguage(user.language);
}
