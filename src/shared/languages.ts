/**
 * The languages the product speaks, Spanish first: it is the default. The web app's interface,
 * the pages the server draws, e-mails, the payment pages and a user's stored choice all take
 * their list from here.
 */
export const languages = ['es', 'en'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'es';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

/** A stored or sent language, or the default when it is none we offer (an old row, a stray value). */
export const languageOrDefault = (value: unknown): Language => (isLanguage(value) ? value : defaultLanguage);

/** `en-US` → `en`; null when the language is not one we offer. */
export function toLanguage(tag: string | null | undefined): Language | null {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : null;
}

/**
 * The locale tag each language writes dates and numbers in. (Money has its own: prices are in
 * US dollars, and src/shared/money.ts writes them as Spanish speakers in the United States do.)
 */
export const languageLocales: Record<Language, string> = { es: 'es-ES', en: 'en-US' };

/** The locale tag of a language (`en` → `en-US`); the default language's for one we do not offer. */
export const localeOf = (language: string | null | undefined): string => languageLocales[toLanguage(language) ?? defaultLanguage];
