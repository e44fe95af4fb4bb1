import type { i18n as I18n } from 'i18next';
import type { Language } from '../../shared/languages';
import { createI18nInstances } from '../../shared/i18n/server-i18n';
import en from './locales/en';
import es from './locales/es';

/** The i18next instances the server's rendering of a page uses: every catalogue, in each language. */
export const createRenderingI18n = (): Record<Language, I18n> => createI18nInstances({ es, en });
