import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { classesIn, CriticalCss } from './critical-css';

const sheet = [
  ':root{--mantine-color-body:#fff}',
  '[data-mantine-color-scheme=dark] .m_button{color:white}',
  'body{margin:0}',
  '.m_button{color:blue}',
  '.m_button:where([data-disabled]){opacity:.5}',
  '.m_modal{position:fixed}',
  '.m_card .m_title,.m_menu{font-weight:700}',
  '.m_card .m_badge{color:red}',
  '@media (min-width:48em){.m_button{padding:2px}.m_modal{inset:0}}',
  '@media (min-width:62em){.m_drawer{width:40%}}',
  '@keyframes spin{to{transform:rotate(1turn)}}',
].join('');

describe('the CSS a server-rendered page paints with', () => {
  const distDir = mkdtempSync(path.join(tmpdir(), 'critical-css-'));
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(path.join(distDir, 'assets', 'app.css'), sheet);
  afterAll(() => rmSync(distDir, { recursive: true, force: true }));
  const critical = new CriticalCss(distDir);

  it("keeps the rules the page's classes can match, and the ones that need no class", () => {
    const html = '<div class="m_card  m_title"><button class="m_button other" data-disabled>x</button></div>';
    expect(critical.for(html, ['/assets/app.css'])).toBe(
      [
        ':root{--mantine-color-body:#fff}',
        'body{margin:0}',
        '.m_button{color:blue}',
        '.m_button:where([data-disabled]){opacity:.5}',
        '.m_card .m_title,.m_menu{font-weight:700}',
        '@media (min-width:48em){.m_button{padding:2px}}',
        '@keyframes spin{to{transform:rotate(1turn)}}',
      ].join(''),
    );
  });

  it('gives pages with the same classes the same rules, and a page with others its own', () => {
    const first = critical.for('<i class="m_modal m_button"></i>', ['/assets/app.css']);
    expect(critical.for('<b class="m_button"></b><p class="m_modal">other text</p>', ['/assets/app.css'])).toBe(first);
    expect(first).toContain('.m_modal{position:fixed}');
    const other = critical.for('<b class="m_button"></b>', ['/assets/app.css']);
    expect(other).not.toContain('m_modal');
    expect(other).toContain('.m_button{color:blue}');
  });

  it('leaves out the dark scheme, which the app never shows', () => {
    expect(critical.for('<b class="m_button"></b>', ['/assets/app.css'])).not.toContain('color:white');
  });

  it('refuses a stylesheet outside the build', () => {
    expect(() => critical.for('', ['/../../etc/passwd'])).toThrow(/outside the build/);
  });

  it('reads class names from markup', () => {
    expect([...classesIn('<a class="x  y"></a><p class=""></p><i class="z"></i>')]).toEqual(['x', 'y', 'z']);
  });
});
