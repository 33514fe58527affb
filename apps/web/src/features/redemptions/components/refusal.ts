import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { messages } from '@portal/shared/messages';
import { useMessage } from '../../../i18n/use-message';

const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
/** A message template as a pattern whose named groups are its placeholders. */
const pattern = (template: string) =>
  new RegExp(`^${escape(template).replace(/\\\{\\\{(\w+)\\\}\\\}/g, '(?<$1>.+?)')}$`);
const NOT_ENOUGH = pattern(messages.redemptionNotEnoughFree);
const LOCKED_UP = pattern(messages.redemptionLockedUp);

/**
 * useMessage, plus the two redemption refusals whose text carries the holder's numbers (ADR 72):
 * matched by their English template and said again in the reader's language.
 */
export function useRefusal(): (text: string | undefined) => string | undefined {
  const { t } = useTranslation();
  const message = useMessage();
  return useCallback(
    (text) => {
      const free = text?.match(NOT_ENOUGH)?.groups;
      if (free)
        return t('messages.redemptionNotEnoughFree', { free: free.free ?? '', symbol: free.symbol ?? '' });
      const locked = text?.match(LOCKED_UP)?.groups;
      if (locked)
        return t('messages.redemptionLockedUp', { symbol: locked.symbol ?? '', date: locked.date ?? '' });
      return message(text);
    },
    [t, message],
  );
}
