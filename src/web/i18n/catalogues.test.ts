import { describe, expect, it } from 'vitest';
import { errorCodes } from '../../shared/errors';
import { limits } from '../../shared/limits';
import { languages } from '../../shared/languages';
import en from './locales/en';
import es from './locales/es';

// Every catalogue file on disk, the web's and the ones the server shares (src/shared/i18n), so a
// namespace added later is checked without editing this test.
const files = {
  ...import.meta.glob<unknown>('./locales/*/*.json', { eager: true, import: 'default' }),
  ...import.meta.glob<unknown>('../../shared/i18n/locales/*/*.json', { eager: true, import: 'default' }),
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `<namespace>.<part>.json` holds keys a lazily loaded part adds to a core namespace
 * (`errors.activities.json`: the quizzes' error codes): merged here as i18next merges them.
 * A key in two pieces would read differently depending on what was loaded.
 */
function mergePiece(into: Record<string, unknown>, piece: Record<string, unknown>, path: string) {
  for (const [key, value] of Object.entries(piece)) {
    const current = into[key];
    if (isObject(current) && isObject(value)) mergePiece(current, value, `${path}.${key}`);
    else if (current === undefined) into[key] = structuredClone(value);
    else throw new Error(`${path}.${key} is in two files of its namespace`);
  }
}

/** language → namespace → the file's content (with its parts' pieces merged in). */
const catalogues = new Map<string, Map<string, Record<string, unknown>>>();
for (const [file, content] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
  const [, language, namespace] = /\/locales\/([^/]+)\/([^/.]+)(?:\.[^/]+)?\.json$/.exec(file) ?? [];
  if (!language || !namespace || !isObject(content)) throw new Error(`Unexpected catalogue file ${file}`);
  const namespaces = catalogues.get(language) ?? new Map<string, Record<string, unknown>>();
  mergePiece(namespaces.get(namespace) ?? namespaces.set(namespace, {}).get(namespace)!, content, `${language}:${namespace}`);
  catalogues.set(language, namespaces);
}

/** key path → value, for every leaf of a namespace ("toast.added" → "Added Course!"). */
function flatten(tree: unknown, prefix = ''): Map<string, unknown> {
  const leaves = new Map<string, unknown>();
  if (!isObject(tree)) return leaves;
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isObject(value)) {
      for (const [leaf, text] of flatten(value, path)) leaves.set(leaf, text);
    } else {
      leaves.set(path, value);
    }
  }
  return leaves;
}

const leavesOf = (language: string, namespace: string) => flatten(catalogues.get(language)?.get(namespace));

const variablesOf = (text: unknown) =>
  typeof text === 'string' ? [...text.matchAll(/{{\s*([\w.]+)\s*(?:,[^}]*)?}}/g)].map((match) => match[1] ?? '').sort() : [];

// Spanish is the reference; every other language must mirror it.
const [reference, ...others] = languages;
const referenceNamespaces = [...(catalogues.get(reference)?.keys() ?? [])].sort();

describe('translation catalogues', () => {
  it('has a folder per language, all with the same namespaces', () => {
    expect([...catalogues.keys()].sort()).toEqual([...languages].sort());
    expect(referenceNamespaces.length).toBeGreaterThan(0);
    for (const language of others) {
      expect([...(catalogues.get(language)?.keys() ?? [])].sort(), language).toEqual(referenceNamespaces);
    }
  });

  describe.each(referenceNamespaces)('namespace %s', (namespace) => {
    const referenceLeaves = leavesOf(reference, namespace);

    it('has the same keys in every language', () => {
      const referenceKeys = [...referenceLeaves.keys()].sort();
      for (const language of others) {
        const keys = [...leavesOf(language, namespace).keys()].sort();
        const missing = referenceKeys.filter((key) => !keys.includes(key));
        const extra = keys.filter((key) => !referenceKeys.includes(key));
        expect({ language, missing, extra }).toEqual({ language, missing: [], extra: [] });
      }
    });

    it('has no empty or non-text value', () => {
      for (const language of languages) {
        for (const [key, text] of leavesOf(language, namespace)) {
          expect(typeof text === 'string' && text.trim().length > 0, `${language}:${namespace}:${key}`).toBe(true);
        }
      }
    });

    it('uses the same interpolation variables in every language', () => {
      for (const language of others) {
        const leaves = leavesOf(language, namespace);
        for (const [key, text] of referenceLeaves) {
          if (!leaves.has(key)) continue;
          expect(variablesOf(leaves.get(key)), `${language}:${namespace}:${key}`).toEqual(variablesOf(text));
        }
      }
    });
  });

  it('interpolates only limits that exist, besides the values callers pass', () => {
    // Callers pass these; limits come from interpolation.defaultVariables (src/web/i18n/index.ts).
    const callerVariables = new Set(['name', 'title', 'price', 'rating', 'count', 'page', 'email', 'percent', 'reason', 'time', 'number', 'date', 'code', 'id', 'amount', 'providerAmount', 'days', 'duration', 'rate', 'line', 'max', 'passing', 'points', 'version', 'learner', 'lesson', 'course', 'size', 'state']);
    for (const namespace of referenceNamespaces) {
      for (const [key, text] of leavesOf(reference, namespace)) {
        for (const variable of variablesOf(text)) {
          if (!callerVariables.has(variable)) expect(Object.keys(limits), `${namespace}:${key} {{${variable}}}`).toContain(variable);
        }
      }
    }
  });

  it('has a message for every API error code, for network failures and for the unknown', () => {
    for (const language of languages) {
      const messages = leavesOf(language, 'errors');
      for (const code of [...errorCodes, 'NETWORK', 'UNKNOWN']) {
        expect(messages.has(`codes.${code}`), `${language}:errors:codes.${code}`).toBe(true);
      }
    }
  });

  it('puts every part back together in the whole catalogue, which the server renders with', () => {
    // A part's piece of a namespace (errors.activities.json) left out of its part or of the whole
    // would pass the file checks above and still show a key instead of a message.
    for (const [language, whole] of [['es', es], ['en', en]] as const) {
      const codes = Object.keys(whole.errors.codes);
      for (const code of [...errorCodes, 'NETWORK', 'UNKNOWN']) expect(codes, `${language}:errors:codes.${code}`).toContain(code);
      expect(Object.keys(whole.validation).sort(), language).toEqual([...leavesOf(language, 'validation').keys()].sort());
    }
  });
});
