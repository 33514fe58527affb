import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountSettingsResponse, PersonalDetails } from '@portal/shared/settings';
import { api } from '../../../lib/api-client';
import { storeSettings } from './get-settings';

export function useSavePersonal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PersonalDetails) => api.post<AccountSettingsResponse>('/settings/personal', input),
    onSuccess: (answer) => storeSettings(client, answer.settings),
  });
}
