import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountSettingsResponse } from '@portal/shared/settings';
import { api } from '../../../lib/api-client';
import { storeSettings } from './get-settings';

/** POST /api/settings/privacy: whether issuers see the user's name in their register (ADR 69). */
export function useSetPrivacy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (showNameToIssuers: boolean) =>
      api.post<AccountSettingsResponse>('/settings/privacy', { showNameToIssuers }),
    onSuccess: (answer) => storeSettings(client, answer.settings),
  });
}
