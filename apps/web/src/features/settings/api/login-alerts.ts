import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountSettingsResponse } from '@portal/shared/settings';
import { api } from '../../../lib/api-client';
import { storeSettings } from './get-settings';

export function useSetLoginAlerts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (loginAlerts: boolean) =>
      api.post<AccountSettingsResponse>('/settings/login-alerts', { loginAlerts }),
    onSuccess: (answer) => storeSettings(client, answer.settings),
  });
}
