import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { limits } from '../../shared/limits';
import { defaultLanguage, languages, toLanguage, type Language } from '../../shared/languages';
import type { TextPart } from '../../shared/pages';
import { detectLanguage, languageCookie, languageStorageKey } from '../../shared/i18n/language-detection';

/** The app's one i18next instance (given to I18nextProvider, used by the dialog and toast helpers). */
export const i18n = i18next.createInstance();

/**
 * Each language is its own chunk, in parts: a visitor downloads only the language they read,
 * and the texts of the back office (teaching, admin, payouts), the video player, the quizzes
 * and assignments or the about page only once they open something that shows them.
 */
type CataloguePart = 'core' | 'player' | TextPart;
/** A part: namespaces, or keys a part adds to a namespace of the core one (merged into it as it loads). */
type PartTexts = Record<string, object>;
const catalogueLoaders: Record<Language, Record<CataloguePart, () => Promise<PartTexts>>> = {
  es: {
    core: () => import('./locales/es/es-core').then((module) => module.default),
    backOffice: () => import('./locales/es/es-back-office').then((module) => module.default),
    player: () => import('./locales/es/es-player').then((module) => module.default),
    activities: () => import('./locales/es/es-activities').then((module) => module.default),
    about: () => import('./locales/es/about.json').then((module) => ({ about: module.default })),
  },
  en: {
    core: () => import('./locales/en/en-core').then((module) => module.default),
    backOffice: () => import('./locales/en/en-back-office').then((module) => module.default),
    player: () => import('./locales/en/en-player').then((module) => module.default),
    activities: () => import('./locales/en/en-activities').then((module) => module.default),
    about: () => import('./locales/en/about.json').then((module) => ({ about: module.default })),
  },
};
/** The parts this visit has needed so far: a language switch loads them all in the new language. */
const partsInUse = new Set<CataloguePart>(['core']);
const loadedParts = new Set<string>();

function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(languageStorageKey);
  } catch {
    // Storage can be blocked (privacy settings); the browser's language still applies.
    return null;
  }
}

function storeLanguage(language: Language) {
  // The cookie tells the server which language to render the next page in.
  document.cookie = `${languageCookie}=${language}; path=/; max-age=${365 * 24 * 3600}; samesite=lax`;
  try {
    window.localStorage.setItem(languageStorageKey, language);
  } catch {
    // Not remembered across visits, but the switch still works for this one.
  }
}

/** The language this browser should start in (see `detectLanguage` for the order). */
export const detectBrowserLanguage = (): Language =>
  detectLanguage({
    search: window.location.search,
    storedChoice: readStoredLanguage(),
    browserLanguages: navigator.languages.length ? navigator.languages : [navigator.language],
  });

async function loadPart(language: Language, part: CataloguePart) {
  if (loadedParts.has(`${language}:${part}`)) return;
  const catalogue = await catalogueLoaders[language][part]();
  for (const [namespace, resources] of Object.entries(catalogue)) {
    i18n.addResourceBundle(language, namespace, resources, true, true);
  }
  loadedParts.add(`${language}:${part}`);
}

const loadCatalogue = (language: Language) => Promise.all([...partsInUse].map((part) => loadPart(language, part)));

/** Loads a part of the catalogue in the language shown, and in every language switched to later. */
export async function loadTexts(part: Exclude<CataloguePart, 'core'>) {
  // On the server this instance is never started: the rendering instances (i18n/rendering.ts) hold every text.
  if (typeof document === 'undefined') return;
  partsInUse.add(part);
  await initialization;
  await loadPart(currentLanguage(), part);
}

/** The video player's texts: awaited with the player's chunk. */
export const loadPlayerTexts = () => loadTexts('player');

/** The quizzes' and assignments' texts: awaited before the pages that show them render, and with the quiz player's and editor's chunks. */
export const loadActivityTexts = () => loadTexts('activities');

/** The teaching, admin and payout pages' texts: awaited before those pages render. */
export const loadBackOfficeTexts = () => loadTexts('backOffice');

// Screen readers and browser translation tools read <html lang>; keep it equal to the UI's.
const syncDocumentLanguage = (language: string) => {
  document.documentElement.lang = toLanguage(language) ?? defaultLanguage;
};

let initialization: Promise<typeof i18n> | undefined;

/**
 * Loads the catalogue of `language` and starts i18next in it; await before the first render.
 * Later calls only switch the language (tests start each case in a known one).
 */
export function initI18n(language: Language = detectBrowserLanguage()): Promise<typeof i18n> {
  initialization = initialization
    ? initialization.then(async () => {
        await loadCatalogue(language);
        await i18n.changeLanguage(language);
        return i18n;
      })
    : startI18n(language);
  return initialization;
}

async function startI18n(language: Language) {
  i18n.on('languageChanged', syncDocumentLanguage);
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: defaultLanguage,
    supportedLngs: [...languages],
    ns: ['common'],
    defaultNS: 'common',
    // Catalogues are added by loadCatalogue (at start, on a language switch, with the back
    // office's pages), not by a backend.
    partialBundledLanguages: true,
    resources: {},
    interpolation: {
      // React escapes text already.
      escapeValue: false,
      // Catalogues write limits by name ("between {{passwordMin}} and {{passwordMax}}"), so a
      // message keyed by the server (a field error) shows the same numbers limits.ts enforces.
      defaultVariables: { ...limits },
    },
    returnEmptyString: false,
    // Catalogues are in memory before anything renders, so nothing needs to suspend.
    react: { useSuspense: false },
  });
  await loadCatalogue(language);
  // i18next resolved the language at init, when no catalogue was there yet, and fell back to
  // Spanish: `resolvedLanguage` (what the language switch shows as pressed) would say "es" in
  // an English interface until the next switch. Resolving again now that the texts are in fixes it.
  await i18n.changeLanguage(language);
  return i18n;
}

/** The language switch: shows `language` now and remembers it for the next visits. */
export async function setLanguage(language: Language) {
  await loadCatalogue(language);
  storeLanguage(language);
  await i18n.changeLanguage(language);
}

/** The language the interface is showing. */
export const currentLanguage = (): Language => toLanguage(i18n.resolvedLanguage ?? i18n.language) ?? defaultLanguage;
