import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { limits } from '../limits';
import { languages, type Language } from '../languages';
import { serverCatalogues } from './locales';
import { acceptedLanguages, cookieValue, detectLanguage, languageCookie } from './language-detection';

/**
 * One i18next instance per language, with every namespace of `catalogues` in memory and the
 * same settings as the browser's (src/web/i18n/index.ts), so the server and the browser write
 * the same text. The web's server rendering passes every catalogue; the server's own texts
 * (mails, invoices, certificates) need only src/shared's.
 */
export function createI18nInstances(catalogues: Record<Language, Resource[string]>): Record<Language, I18n> {
  const instances = {} as Record<Language, I18n>;
  for (const language of languages) {
    const instance = i18next.createInstance();
    void instance.init({
      lng: language,
      fallbackLng: 'es',
      supportedLngs: [...languages],
      ns: Object.keys(catalogues[language]),
      defaultNS: 'common',
      resources: { [language]: catalogues[language] },
      interpolation: { escapeValue: false, defaultVariables: { ...limits } },
      returnEmptyString: false,
      react: { useSuspense: false },
      // The catalogues are given: init completes before it returns.
      initAsync: false,
    });
    instances[language] = instance;
  }
  return instances;
}

/** The server's texts (`common`, `certificates`, `mail`, `invoices`) in each language. */
export const createServerI18n = (): Record<Language, I18n> => createI18nInstances(serverCatalogues);

/** The language to render a request in: `?lang=`, then the language cookie, then `Accept-Language`. */
export function requestLanguage({ url, cookie, acceptLanguage }: { url: URL; cookie?: string; acceptLanguage?: string }): Language {
  return detectLanguage({ search: url.search, storedChoice: cookieValue(cookie, languageCookie), browserLanguages: acceptedLanguages(acceptLanguage) });
}
