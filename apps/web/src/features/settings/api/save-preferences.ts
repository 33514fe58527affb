import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountSettingsResponse, Preferences } from '@portal/shared/settings';
import { api } from '../../../lib/api-client';
import { storeSettings } from './get-settings';

export function savePreferences(patch: Partial<Preferences>): Promise<AccountSettingsResponse> {
  return api.post<AccountSettingsResponse>('/settings/preferences', patch);
}

export function useSavePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: savePreferences,
    onSuccess: (answer) => storeSettings(client, answer.settings),
  });
}
