import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@portal/shared/auth';
import { useThemeMode } from '../../../app/preferences';
import { isLanguage } from '../../../i18n/i18n';
import { profileQueryKey, useProfile } from '../../auth';
import { applyAccountPreferences } from '../account-preferences';
import { settingsQueryKey } from '../api/get-settings';
import { savePreferences } from '../api/save-preferences';

/**
 * Keeps the theme and language of the signed-in shell and the account in step: the account's
 * choice is applied when the profile first arrives, and every later switch (top bar, avatar
 * menu, Preferences tab) is saved to the account.
 */
export function PreferencesSync() {
  const { i18n } = useTranslation();
  const client = useQueryClient();
  const mode = useThemeMode();
  const language = isLanguage(i18n.language) ? i18n.language : undefined;
  const { data: user } = useProfile();
  const latestUser = useRef<User | undefined>(undefined);
  const applied = useRef(false);
  const previous = useRef({ mode, language });

  useEffect(() => {
    latestUser.current = user;
    if (!user || applied.current) return;
    applied.current = true;
    void applyAccountPreferences(user);
  }, [user]);

  useEffect(() => {
    const before = previous.current;
    previous.current = { mode, language };
    const saved = latestUser.current;
    if (!saved || !applied.current) return;
    const patch: Partial<Pick<User, 'theme' | 'language'>> = {};
    if (mode !== before.mode && mode !== saved.theme) patch.theme = mode;
    if (language && language !== before.language && language !== saved.language) patch.language = language;
    if (!Object.keys(patch).length) return;
    savePreferences(patch)
      .then((answer) => {
        client.setQueryData(settingsQueryKey, answer.settings);
        client.setQueryData<User>(profileQueryKey, (old) => old && { ...old, ...patch });
      })
      // The switch still applies on this device; the account keeps its previous choice.
      .catch(() => undefined);
  }, [mode, language, client]);

  return null;
}
