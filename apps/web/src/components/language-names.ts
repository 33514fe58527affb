/** Each language is named in itself, so anyone can find their own. */
export const languageNames = { en: 'English', ar: 'العربية', fr: 'Français' } as const;
