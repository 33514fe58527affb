import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { AccountSettings, AccountSettingsResponse } from '@portal/shared/settings';
import { api } from '../../../lib/api-client';
import { profileQueryKey } from '../../auth';

export const settingsQueryKey = ['settings'] as const;

export const settingsQueryOptions = queryOptions({
  queryKey: settingsQueryKey,
  queryFn: async () => (await api.get<AccountSettingsResponse>('/settings')).settings,
});

export function useAccountSettings() {
  return useQuery(settingsQueryOptions);
}

/** A save answers with the whole settings; the profile (name, picture, theme) changes with it. */
export async function storeSettings(client: QueryClient, settings: AccountSettings): Promise<void> {
  client.setQueryData(settingsQueryKey, settings);
  await client.invalidateQueries({ queryKey: profileQueryKey });
}
