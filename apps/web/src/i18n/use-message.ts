import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { messageKey, messages, type MessageKey } from '@portal/shared/messages';

const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
/**
 * The messages that quote numbers or names (`{{held}}`…), each as a pattern whose named groups
 * are its placeholders: the server's English sentence is matched and said again in the reader's
 * language with the same values.
 */
function pattern(template: string): RegExp {
  const named = new Set<string>();
  // A placeholder said twice ("{{currency}}") must be the same value both times.
  const source = escape(template).replace(/\\\{\\\{(\w+)\\\}\\\}/g, (_, name: string) => {
    if (named.has(name)) return `\\k<${name}>`;
    named.add(name);
    return `(?<${name}>.+?)`;
  });
  return new RegExp(`^${source}$`);
}
const TEMPLATES: [MessageKey, RegExp][] = Object.entries(messages)
  .filter(([, text]) => text.includes('{{'))
  .map(([key, text]) => [key as MessageKey, pattern(text)]);

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
      if (key) return t(`messages.${key}`);
      for (const [template, pattern] of TEMPLATES) {
        const values = text.match(pattern)?.groups;
        if (values)
          return (t as (key: string, values: Record<string, string>) => string)(
            `messages.${template}`,
            values,
          );
      }
      return text;
    },
    [t],
  );
}
