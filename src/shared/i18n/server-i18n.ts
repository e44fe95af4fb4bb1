import i18next, { type i18n as I18n } from 'i18next';
import { limits } from '../limits';
import en from '../../web/i18n/locales/en';
import es from '../../web/i18n/locales/es';
import { languages, type Language } from '../languages';
import { acceptedLanguages, cookieValue, detectLanguage, languageCookie } from './language-detection';

const catalogues = { es, en } satisfies Record<Language, unknown>;

/**
 * One i18next instance per language for server rendering, with every catalogue in memory and
 * the same settings as the browser's (src/web/i18n/index.ts), so both render the same text.
 */
export function createServerI18n(): Record<Language, I18n> {
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

/** The language to render a request in: `?lang=`, then the language cookie, then `Accept-Language`. */
export function requestLanguage({ url, cookie, acceptLanguage }: { url: URL; cookie?: string; acceptLanguage?: string }): Language {
  return detectLanguage({ search: url.search, storedChoice: cookieValue(cookie, languageCookie), browserLanguages: acceptedLanguages(acceptLanguage) });
}
