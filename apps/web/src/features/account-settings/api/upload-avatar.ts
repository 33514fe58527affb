import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountSettingsResponse, AvatarContentType } from '@portal/shared/settings';
import { api } from '../../../lib/api-client';
import { storeSettings } from './get-settings';

async function base64Of(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

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
