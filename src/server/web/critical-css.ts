import { readFileSync } from 'node:fs';
import path from 'node:path';
import postcss, { type AtRule, type ChildNode, type Root, type Rule } from 'postcss';

/** Class names a selector needs: `.m_77c9d27d:where([data-size])` → m_77c9d27d. */
const classesOf = (selector: string) => [...selector.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map(([, name]) => name!);

/** The class names a page's markup uses. */
export function classesIn(html: string): Set<string> {
  const used = new Set<string>();
  for (const [, value] of html.matchAll(/\sclass="([^"]*)"/g)) for (const name of value!.split(/\s+/)) if (name) used.add(name);
  return used;
}

/** The app is drawn in the light scheme only (index.html, MantineProvider): the dark one's rules never apply. */
const darkScheme = /data-mantine-color-scheme=["']?dark/;

/** A rule applies when one of its selectors names only classes the page has (a rule with none, `body`, always can). */
const applies = (rule: Rule, used: Set<string>) =>
  rule.selectors.some((selector) => !darkScheme.test(selector) && classesOf(selector).every((name) => used.has(name)));

function keep(nodes: ChildNode[], used: Set<string>): string {
  let css = '';
  for (const node of nodes) {
    if (node.type === 'rule') {
      if (applies(node, used)) css += node.toString();
    } else if (node.type === 'atrule') {
      const atRule = node as AtRule;
      // Animations and fonts are small and referenced by name, not class: kept whole.
      if (!atRule.nodes || /keyframes|font-face/.test(atRule.name)) {
        css += atRule.toString();
        continue;
      }
      const inner = keep(atRule.nodes, used);
      if (inner) css += `@${atRule.name} ${atRule.params}{${inner}}`;
    }
  }
  return css;
}

/**
 * The stylesheets of the built app, parsed once, so each server-rendered page can carry in its
 * head only the rules its markup uses (a few KB instead of Mantine's 250 KB): the page paints
 * with the HTML alone, and the whole stylesheets load after it without holding the first paint.
 */
export class CriticalCss {
  private readonly sheets = new Map<string, Root>();

  constructor(private readonly distDir: string) {}

  private sheet(href: string): Root {
    let root = this.sheets.get(href);
    if (!root) {
      const file = path.join(this.distDir, href.replace(/^\//, ''));
      if (!path.resolve(file).startsWith(path.resolve(this.distDir) + path.sep)) throw new Error(`stylesheet outside the build: ${href}`);
      root = postcss.parse(readFileSync(file, 'utf8'));
      this.sheets.set(href, root);
    }
    return root;
  }

  /** The rules of `hrefs` (in order) that `html` can use. */
  for(html: string, hrefs: string[]): string {
    const used = classesIn(html);
    return hrefs.map((href) => keep(this.sheet(href).nodes, used)).join('');
  }
}
