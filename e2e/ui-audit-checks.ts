import type { Page } from '@playwright/test';
import type { Language } from '../src/shared/languages';
import { axeFor } from './fixtures';

/**
 * The checks of the UI audit (e2e/ui-audit.spec.ts), each run on the page as it is on screen.
 * Each returns a list of findings, empty when the page passes, so one visit reports all that is
 * wrong instead of stopping at the first.
 */

/**
 * Serious and critical axe violations. `label-content-name-mismatch` is experimental in axe and
 * off unless asked for: it is what tells a speech-input user that saying the visible text of a
 * control will not reach it.
 */
export async function axeFindings(page: Page): Promise<string[]> {
  const results = await axeFor(page)
    // Violations only: serialising every passing node costs more than the checks themselves.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    // Mantine's generated ids change on every load: the element's markup says which it is.
    .map((violation) => `axe ${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.html.slice(0, 120)).join(' | ')})`);
}

/**
 * WCAG AA contrast of the text of every button, link and badge, from the colours the browser
 * rendered: the text's colour over the first non-transparent background behind it, walking up
 * the tree and blending translucent layers. axe leaves text whose colour equals its background
 * as "incomplete" (it cannot tell text from decoration); here it fails like any other.
 * Disabled controls are exempt (WCAG 1.4.3 "inactive user interface components").
 */
export function contrastFindings(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type Rgba = [number, number, number, number];
    const parse = (value: string): Rgba | null => {
      const match = /rgba?\(([^)]+)\)/.exec(value);
      if (!match) return null;
      const parts = match[1]!.split(/[\s,/]+/).filter(Boolean).map(Number);
      return [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1];
    };
    // `over` is opaque: the result is too.
    const blend = (top: Rgba, over: Rgba): Rgba => [
      top[0] * top[3] + over[0] * (1 - top[3]),
      top[1] * top[3] + over[1] * (1 - top[3]),
      top[2] * top[3] + over[2] * (1 - top[3]),
      1,
    ];
    const luminance = ([r, g, b]: Rgba) => {
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const ratio = (a: Rgba, b: Rgba) => {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (light + 0.05) / (dark + 0.05);
    };

    /** The opaque colour behind `element`, or null when an image or gradient is behind it (unknowable here). */
    const backgroundOf = (element: Element): Rgba | null => {
      const layers: Rgba[] = [];
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.backgroundImage !== 'none' && style.backgroundImage !== '') return null;
        const colour = parse(style.backgroundColor);
        if (colour && colour[3] > 0) {
          layers.push(colour);
          if (colour[3] >= 1) break;
        }
      }
      // The canvas behind everything is white.
      return layers.reduceRight<Rgba>((below, layer) => blend(layer, below), [255, 255, 255, 1]);
    };

    const isDisabled = (element: Element) =>
      Boolean(element.closest(':disabled, [aria-disabled="true"], [data-disabled="true"], [data-disabled=""]'));

    const describe = (element: Element) => {
      const classes = [...element.classList].filter((name) => name.startsWith('mantine-')).slice(0, 2).join('.');
      return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    };

    const controls = document.querySelectorAll('button, a[href], [role="button"], [role="link"], [role="tab"], [role="menuitem"], .mantine-Badge-root');
    const findings = new Set<string>();
    for (const control of controls) {
      if (isDisabled(control)) continue;
      const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        if (!text.textContent?.trim()) continue;
        const holder = text.parentElement!;
        const rect = holder.getBoundingClientRect();
        const style = getComputedStyle(holder);
        // Not on screen, or visually hidden text for screen readers (clipped to a pixel).
        if (rect.width <= 1 || rect.height <= 1 || style.visibility !== 'visible' || Number(style.opacity) === 0) continue;
        const background = backgroundOf(holder);
        const colour = parse(style.color);
        if (!background || !colour) continue;
        const foreground = blend(colour, background);
        const size = parseFloat(style.fontSize);
        const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
        const needed = large ? 3 : 4.5;
        const measured = ratio(foreground, background);
        if (measured < needed) findings.add(`contrast ${measured.toFixed(2)}:1 < ${needed}:1 on ${describe(control)} (text ${style.color} on rgb(${background.slice(0, 3).map(Math.round).join(', ')}))`);
      }
    }
    return [...findings];
  });
}

/**
 * Buttons and links whose accessible name does not contain their visible text as words (WCAG
 * 2.5.3): a speech-input user says what they see. Stricter than axe's rule, which accepts
 * "EN" inside "English"; an author-given name (aria-label) is what can drift from the text.
 */
export function nameFindings(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const normalise = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
    const visibleText = (root: Element) => {
      const parts: string[] = [];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        const holder = text.parentElement!;
        if (holder.closest('[aria-hidden="true"]')) continue;
        const rect = holder.getBoundingClientRect();
        if (rect.width <= 1 || rect.height <= 1 || getComputedStyle(holder).visibility !== 'visible') continue;
        parts.push(text.textContent ?? '');
      }
      return normalise(parts.join(' '));
    };
    const findings: string[] = [];
    for (const control of document.querySelectorAll('button[aria-label], a[aria-label], [role="button"][aria-label], [role="link"][aria-label]')) {
      const rect = control.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const visible = visibleText(control);
      if (!visible) continue;
      const name = normalise(control.getAttribute('aria-label') ?? '');
      if (!` ${name} `.includes(` ${visible} `)) findings.push(`name "${control.getAttribute('aria-label')}" does not contain the visible text "${visible}"`);
    }
    return findings;
  });
}

/** At phone width nothing may make the page scroll sideways or stick out of the screen. */
export function overflowFindings(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const findings: string[] = [];
    const root = document.scrollingElement!;
    if (root.scrollWidth > root.clientWidth) findings.push(`page scrolls sideways: ${root.scrollWidth}px wide in a ${root.clientWidth}px viewport`);
    const viewport = document.documentElement.clientWidth;
    // A box that scrolls or clips on its own (a carousel) keeps its overflow to itself.
    const clipped = (element: Element) => {
      for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
        const overflowX = getComputedStyle(node).overflowX;
        if (overflowX !== 'visible') return true;
      }
      return false;
    };
    const offenders = new Set<Element>();
    for (const element of document.body.querySelectorAll('*')) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || rect.right <= viewport + 1) continue;
      if (clipped(element)) continue;
      // Report the outermost offender only: its children stick out because it does.
      if ([...offenders].some((outer) => outer.contains(element))) continue;
      offenders.add(element);
      const classes = typeof element.className === 'string' ? element.className.split(' ').filter(Boolean).slice(0, 2).join('.') : '';
      findings.push(`${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}" reaches ${Math.round(rect.right)}px past a ${viewport}px viewport`);
      if (offenders.size >= 6) break;
    }
    // A table in a sideways scroller passes the checks above but still cannot be read on a
    // phone without scrolling each row: tables need a phone layout (stacked rows).
    for (const table of document.querySelectorAll('main table')) {
      const width = table.getBoundingClientRect().width;
      if (width > viewport) findings.push(`table "${(table.querySelector('th, td')?.textContent ?? '').trim().slice(0, 30)}…" is ${Math.round(width)}px wide on a ${viewport}px screen`);
    }
    return findings;
  });
}

/** The language switch says which language is on screen, and <html lang> agrees. */
export function languageFindings(page: Page, expected: Language): Promise<string[]> {
  return page.evaluate((language) => {
    const findings: string[] = [];
    if (document.documentElement.lang !== language) findings.push(`<html lang="${document.documentElement.lang}"> in the ${language} interface`);
    for (const button of document.querySelectorAll('button[aria-pressed][lang]')) {
      const pressed = button.getAttribute('aria-pressed') === 'true';
      if (pressed !== (button.getAttribute('lang') === language)) {
        findings.push(`language button "${button.textContent}" has aria-pressed=${pressed} in the ${language} interface`);
      }
    }
    return findings;
  }, expected);
}

/**
 * No page is wider than the header and footer around it: the page's own container (Mantine's
 * Container in <main>) may be narrower (a form), never wider, so every page lines up with the
 * navbar's edges.
 */
export function widthFindings(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const header = document.querySelector('header .mantine-Container-root');
    // Outside the app (the test payment provider's page) there is no layout to line up with.
    if (!document.getElementById('root')) return [];
    if (!header) return ['no header container to compare the page width with'];
    const headerWidth = header.getBoundingClientRect().width;
    const findings: string[] = [];
    for (const container of document.querySelectorAll('main .mantine-Container-root')) {
      // Only the outermost: a nested container sits inside the page's own.
      if (container.parentElement?.closest('main .mantine-Container-root')) continue;
      const width = container.getBoundingClientRect().width;
      if (width > headerWidth + 1) findings.push(`page container ${Math.round(width)}px wide under a ${Math.round(headerWidth)}px header`);
    }
    return findings;
  });
}
