/** The interface languages, Spanish first: it is the default. */
export const languages = ['es', 'en'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'es';

/** Name of each language in itself, for the language switch. */
export const languageNames: Record<Language, string> = { es: 'Español', en: 'English' };

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

/** `en-US` → `en`; null when the language is not one we offer. */
export function toLanguage(tag: string | null | undefined): Language | null {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : null;
}

/** localStorage key of the language the user picked with the switch. */
export const languageStorageKey = 'language';

/** Query parameter of the alternate-language links the server emits (`hreflang`). */
export const languageQueryParam = 'lang';

type DetectionSources = {
  search: string;
  storedChoice: string | null;
  browserLanguages: readonly string[];
};

/**
 * Which language to show: an explicit `?lang=` link first (a crawler or a shared link asked
 * for it), then the language the user picked earlier, then the browser's, then Spanish.
 */
export function detectLanguage({ search, storedChoice, browserLanguages }: DetectionSources): Language {
  const fromQuery = toLanguage(new URLSearchParams(search).get(languageQueryParam));
  if (fromQuery) return fromQuery;
  const fromStorage = toLanguage(storedChoice);
  if (fromStorage) return fromStorage;
  for (const tag of browserLanguages) {
    const fromBrowser = toLanguage(tag);
    if (fromBrowser) return fromBrowser;
  }
  return defaultLanguage;
}
