import { defaultLanguage, toLanguage, type Language } from '../languages';

/** Name of each language in itself, for the language switch. */
export const languageNames: Record<Language, string> = { es: 'Español', en: 'English' };

/** localStorage key of the language the user picked with the switch. */
export const languageStorageKey = 'language';

/** Cookie of the same choice: the server renders pages in it. */
export const languageCookie = 'language';

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

/** The languages of an `Accept-Language` header, most preferred first. */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const quality = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
      return { tag: tag.trim(), quality: quality === undefined ? 1 : Number(quality), index };
    })
    .filter(({ tag, quality }) => tag && quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map(({ tag }) => tag);
}

/** A cookie's value from a `Cookie` header. */
export function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of header?.split(';') ?? []) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return null;
}
