import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every form the web app draws posts (`method="post"`), unless it is a search (`role="search"`),
 * which is a GET with an `action`. A form without a method is a GET: submitted by the browser itself
 * (before the app takes over, or without JavaScript) it puts every field in the URL, where the
 * address bar, the history and the server's request log keep it: a password, an e-mail, a name.
 */
const webDir = path.resolve(import.meta.dirname);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [full] : [];
  });
}

type FormTag = { where: string; attributes: Map<string, string | true> };

/** The opening tags that draw a form: `<form …>`, or a component drawn as one (`component="form"`). */
export function formTags(file: string, text: string): FormTag[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: FormTag[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
      const attributes = new Map<string, string | true>();
      for (const attribute of node.attributes.properties) {
        if (!ts.isJsxAttribute(attribute)) continue;
        const value = attribute.initializer;
        attributes.set(attribute.name.getText(source), value && ts.isStringLiteral(value) ? value.text : true);
      }
      if (node.tagName.getText(source) === 'form' || attributes.get('component') === 'form') {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        found.push({ where: `${path.relative(webDir, file)}:${line + 1}`, attributes });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** What is wrong with a form's tag, or null. */
export function formProblem({ attributes }: Pick<FormTag, 'attributes'>): string | null {
  const method = attributes.get('method');
  if (attributes.get('role') === 'search') return method === 'get' && attributes.has('action') ? null : 'a search form is a GET with an action';
  return method === 'post' ? null : 'not method="post"';
}

describe('the web app’s forms', () => {
  const forms = sourceFiles(webDir).flatMap((file) => formTags(file, readFileSync(file, 'utf8')));

  it('finds the forms (the walker reads the JSX)', () => {
    // The sign-in and the contact form at least; a walker that found none would pass anything.
    expect(forms.map((form) => form.where)).toEqual(expect.arrayContaining([expect.stringMatching(/credentials-form\.tsx/), expect.stringMatching(/contact-page\.tsx/)]));
  });

  it('every form posts, except the searches, which are GETs with an action', () => {
    const problems = forms.flatMap((form) => {
      const problem = formProblem(form);
      return problem ? [`${form.where}: ${problem}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it('a form without a method, or with GET, is caught', () => {
    const [plain, get, component, search] = formTags(
      'case.tsx',
      '<><form onSubmit={submit}><input name="password" /></form><form method="get" /><Paper component="form" /><form role="search" method="get" action="/allcourses" /></>',
    );
    expect([plain, get, component, search].map((form) => formProblem(form!))).toEqual(['not method="post"', 'not method="post"', 'not method="post"', null]);
  });
});
