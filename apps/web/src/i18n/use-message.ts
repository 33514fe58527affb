import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { messageKey } from '@portal/shared/messages';

/**
 * Shows a message shared with the server (validation rules, API errors) in the user's language;
 * a text the catalogue does not know is shown as the server wrote it.
 */
export function useMessage(): (text: string | undefined) => string | undefined {
  const { t } = useTranslation();
  return useCallback(
    (text) => {
      if (!text) return undefined;
      const key = messageKey(text);
      return key ? t(`messages.${key}`) : text;
    },
    [t],
  );
}
