import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountSettingsResponse, AvatarContentType } from '@portal/shared/settings';
import { api } from '../../../lib/api-client';
import { base64Of } from '../../../lib/base64';
import { storeSettings } from './get-settings';

/** The server checks the bytes themselves; the browser's type is only what the user claims. */
export function useUploadAvatar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) =>
      api.post<AccountSettingsResponse>('/settings/avatar', {
        contentType: file.type as AvatarContentType,
        data: await base64Of(file),
      }),
    onSuccess: (answer) => storeSettings(client, answer.settings),
  });
}
