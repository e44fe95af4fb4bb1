import type { Language } from '../../../shared/languages';
import { createServerI18n } from '../../../shared/i18n/server-i18n';

let translators: ReturnType<typeof createServerI18n> | undefined;

/** The `certificates` texts of the catalogues in a language: the PDF's, its file name, the verification page's head. */
export const certificateTexts = (language: Language) => (translators ??= createServerI18n())[language].getFixedT(language, 'certificates');
