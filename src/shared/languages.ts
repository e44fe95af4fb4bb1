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
