import { describe, expect, it } from 'vitest';
import { renderLessonText } from './lesson-text';

describe('a text lesson as HTML', () => {
  it('renders headings, lists, code, emphasis, quotes and tables', () => {
    const html = renderLessonText(
      ['# Title', '', 'Some *em* and **strong** text.', '', '- one', '- two', '', '1. first', '', '```', 'const x = 1 < 2;', '```', '', '> quoted', '', '| a | b |', '|---|---|', '| 1 | 2 |'].join('\n'),
    );
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<em>em</em>');
    expect(html).toContain('<strong>strong</strong>');
    expect(html).toContain('<ul>\n<li>one</li>');
    expect(html).toContain('<ol>');
    expect(html).toContain('<pre><code>const x = 1 &lt; 2;\n</code></pre>');
    expect(html).toContain('<blockquote>');
    expect(html).toContain('<table>');
    expect(html).toContain('<td>2</td>');
  });

  it('makes http(s) links safe to follow and drops other schemes', () => {
    expect(renderLessonText('[docs](https://example.com/a)')).toBe('<p><a href="https://example.com/a" rel="noopener noreferrer nofollow">docs</a></p>\n');
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', '//evil.example/x']) {
      const html = renderLessonText(`[click](${href})`);
      expect(html, href).not.toMatch(/href="(?!https?:\/\/)/i);
      expect(html, href).not.toContain('href=');
    }
  });

  it.each([
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<iframe src="https://evil.example"></iframe>',
    '<a href="https://x.example" onclick="alert(1)">x</a>',
    '<svg onload=alert(1)>',
    '<style>body{display:none}</style>',
    '[x](javascript:alert(1))',
    '![x](javascript:alert(1))',
    '<div style="background:url(javascript:alert(1))">x</div>',
    '<details open ontoggle=alert(1)>',
  ])('leaves nothing executable of %s', (payload) => {
    const html = renderLessonText(`before\n\n${payload}\n\nafter`);
    expect(html).not.toMatch(/<(script|iframe|svg|style|div|details)\b/i);
    // Escaped as text it is harmless; inside a tag it would not be.
    expect(html).not.toMatch(/<[^>]*\son\w+=/i);
    expect(html).not.toMatch(/<[^>]*(href|src|style)=["']?[^"'>]*(javascript|data):/i);
    expect(html).not.toMatch(/<[^>]*\sstyle=/i);
    expect(html).toContain('after');
  });

  it('requests no image from another host: `![x](https://tracker.example/p.gif)` and every other outside source become their alt text', () => {
    for (const source of [
      'https://tracker.example/p.gif',
      'http://tracker.example/p.gif',
      '//tracker.example/p.gif',
      'HTTPS://TRACKER.EXAMPLE/P.GIF',
      'data:image/png;base64,AAAA',
      'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
      '/local.png',
      '/api/lesson-images/../users/me',
      '/api/lesson-images/0b7c4b8e-4a7e-4f52-9d1e-3c1f2a9b8c7d?next=https://tracker.example',
      'https://tracker.example/api/lesson-images/0b7c4b8e-4a7e-4f52-9d1e-3c1f2a9b8c7d',
    ]) {
      const html = renderLessonText(`Look: ![x](${source})`);
      // No element that fetches anything; the reader keeps the alt text.
      expect(html, source).not.toMatch(/<img|src=|srcset=|style=/i);
      expect(html, source).toContain('x');
    }
    expect(renderLessonText('![x](https://tracker.example/p.gif)')).toBe('<p><span>x</span></p>\n');
    // Nowhere else either: a link's picture, a reference-style image, a linkified address in text stays a link.
    expect(renderLessonText('[![x](https://tracker.example/p.gif)](https://ok.example)')).not.toMatch(/tracker|<img/);
    expect(renderLessonText('![x][t]\n\n[t]: https://tracker.example/p.gif')).not.toMatch(/tracker|<img/);
  });

  it('shows images from the app’s own storage, uploaded with the lesson', () => {
    const url = '/api/lesson-images/0b7c4b8e-4a7e-4f52-9d1e-3c1f2a9b8c7d';
    expect(renderLessonText(`![diagram](${url} "The flow")`)).toBe(`<p><img src="${url}" alt="diagram" title="The flow" /></p>\n`);
  });
});
