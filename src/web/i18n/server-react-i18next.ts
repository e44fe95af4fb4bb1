/**
 * react-i18next as the server's rendering uses it: the server build resolves `react-i18next` here
 * (vite.config.ts), so every component's `useTranslation` is this one there, and the library's
 * in the browser.
 *
 * The library's hook prepares, at each component's first render, for renders to come: it copies
 * the i18n instance into a wrapper (all its properties, a new object per component), makes a new
 * `t` and subscribes to language changes. A server render is every component's first and last,
 * with one instance per language that never changes language: that work was about a sixth of
 * drawing a catalogue page (dozens of cards, each with a few translated texts). Here each
 * instance and namespace list gets its `t` once, the same `t` the library's hook would make
 * (`getFixedT` with the same arguments), so the text drawn is the same.
 */
import type { i18n as I18n, TFunction } from 'i18next';
import { useContext } from 'react';
import { getI18n, I18nContext, type useTranslation as libraryUseTranslation } from 'react-i18next';

export * from 'react-i18next';

type Translation = [TFunction, I18n, boolean] & { t: TFunction; i18n: I18n; ready: boolean };

const translations = new WeakMap<I18n, Map<string, Translation>>();

function useServerTranslation(ns?: string | readonly string[]): Translation {
  const context = useContext(I18nContext) as { i18n?: I18n; defaultNS?: string | readonly string[] } | undefined;
  const i18n = context?.i18n ?? getI18n();
  const given = ns ?? context?.defaultNS ?? (i18n.options.defaultNS as string | readonly string[] | undefined) ?? 'translation';
  const namespaces = typeof given === 'string' ? [given] : [...given];
  const key = namespaces.join('\0');
  let byNamespaces = translations.get(i18n);
  if (!byNamespaces) translations.set(i18n, (byNamespaces = new Map()));
  let translation = byNamespaces.get(key);
  if (!translation) {
    // As react-i18next's hook: the first namespace unless `nsMode` is 'fallback', the others in scope.
    // i18next's types leave out the fourth argument its implementation (and react-i18next's hook) passes.
    const getFixedT = i18n.getFixedT.bind(i18n) as (lng: string, ns: string | string[], keyPrefix: undefined, options: { scopeNs: string[] }) => TFunction;
    const t = getFixedT(i18n.language, i18n.options.react?.nsMode === 'fallback' ? namespaces : namespaces[0]!, undefined, { scopeNs: namespaces });
    translation = Object.assign([t, i18n, true] as [TFunction, I18n, boolean], { t, i18n, ready: true });
    byNamespaces.set(key, translation);
  }
  return translation;
}

/** Typed as the library's, whose types tie each namespace to its keys. */
export const useTranslation = useServerTranslation as unknown as typeof libraryUseTranslation;
