import { readFileSync } from 'node:fs';
import path from 'node:path';
import postcss, { type ChildNode } from 'postcss';

/** Class names a selector needs: `.m_77c9d27d:where([data-size])` → m_77c9d27d. */
const classesOf = (selector: string) => [...selector.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map(([, name]) => name!);

/** The class names a page's markup uses. */
export function classesIn(html: string): Set<string> {
  const used = new Set<string>();
  for (const [, value] of html.matchAll(/\sclass="([^"]*)"/g)) for (const name of value!.split(/\s+/)) if (name) used.add(name);
  return used;
}

/** How many class sets' rules are kept: a few per kind of page. */
const KEPT_SETS = 200;

/** The app is drawn in the light scheme only (index.html, MantineProvider): the dark one's rules never apply. */
const darkScheme = /data-mantine-color-scheme=["']?dark/;

/**
 * A stylesheet as the filter needs it, worked out once: each rule's text with, per selector, the
 * classes it needs (a rule applies when one selector needs only classes the page has; a rule with
 * none, `body`, always can), and each block (`@media`) with its rules.
 */
type Unit = { css: string; selectors: string[][] } | { css: string; always: true } | { open: string; units: Unit[] };

function compile(nodes: ChildNode[]): Unit[] {
  const units: Unit[] = [];
  for (const node of nodes) {
    if (node.type === 'rule') {
      const selectors = node.selectors.filter((selector) => !darkScheme.test(selector)).map(classesOf);
      if (selectors.length) units.push({ css: node.toString(), selectors });
    } else if (node.type === 'atrule') {
      // Animations and fonts are small and referenced by name, not class: kept whole.
      if (!node.nodes || /keyframes|font-face/.test(node.name)) units.push({ css: node.toString(), always: true });
      else units.push({ open: `@${node.name} ${node.params}{`, units: compile(node.nodes) });
    }
  }
  return units;
}

function keep(units: Unit[], used: Set<string>): string {
  let css = '';
  for (const unit of units) {
    if ('units' in unit) {
      const inner = keep(unit.units, used);
      if (inner) css += `${unit.open}${inner}}`;
    } else if ('always' in unit || unit.selectors.some((classes) => classes.every((name) => used.has(name)))) {
      css += unit.css;
    }
  }
  return css;
}

/**
 * The stylesheets of the built app, compiled once, so each server-rendered page can carry in its
 * head only the rules its markup uses (a few KB instead of Mantine's 250 KB): the page paints
 * with the HTML alone, and the whole stylesheets load after it without holding the first paint.
 */
export class CriticalCss {
  private readonly sheets = new Map<string, Unit[]>();
  /**
   * The rules kept, by the classes and sheets they were kept for: pages of one kind use the same
   * few dozen classes (every listing page the same set, whatever its courses), and going through
   * Mantine's thousands of rules cost a listing page more than a millisecond each time.
   */
  private readonly kept = new Map<string, string>();

  constructor(private readonly distDir: string) {}

  private sheet(href: string): Unit[] {
    let units = this.sheets.get(href);
    if (!units) {
      const file = path.resolve(this.distDir, href.replace(/^\//, ''));
      if (!file.startsWith(path.resolve(this.distDir) + path.sep)) throw new Error(`stylesheet outside the build: ${href}`);
      units = compile(postcss.parse(readFileSync(file, 'utf8')).nodes);
      this.sheets.set(href, units);
    }
    return units;
  }

  /** The rules of `hrefs` (in order) that `html` can use. */
  for(html: string, hrefs: string[]): string {
    const used = classesIn(html);
    const key = `${hrefs.join(' ')}\0${[...used].sort().join(' ')}`;
    let css = this.kept.get(key);
    if (css === undefined) {
      css = hrefs.map((href) => keep(this.sheet(href), used)).join('');
      // Bounded: a page whose markup carries classes of its own data would make a set per page.
      if (this.kept.size >= KEPT_SETS) this.kept.delete(this.kept.keys().next().value!);
      this.kept.set(key, css);
    }
    return css;
  }
}
