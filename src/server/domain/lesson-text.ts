import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/**
 * The one place a text lesson's Markdown becomes HTML for the player. The Markdown is the
 * teacher's, so the HTML is treated as hostile twice: markdown-it passes no raw HTML through
 * (`html: false`), and the result is cut down to an allowlist of harmless elements. Links go
 * only to http(s) and open nothing with the page's privileges; images only from https.
 */

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
    'p', 'br', 'hr',
    'ul', 'ol', 'li',
    'code', 'pre',
    'em', 'strong', 's', 'del',
    'a', 'blockquote', 'img',
    'table', 'thead', 'tbody', 'tr', 'th', 'td',
  ],
  allowedAttributes: {
    // `rel` is the one the transform below sets; a teacher's own is replaced.
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title'],
    ol: ['start'],
    th: ['align'],
    td: ['align'],
  },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { a: ['http', 'https'], img: ['https'] },
  allowProtocolRelative: false,
  // An image from anywhere but https (a relative path, a data: URI) is dropped whole.
  exclusiveFilter: (frame) => frame.tag === 'img' && !/^https:\/\//i.test(frame.attribs.src ?? ''),
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer nofollow' } }),
  },
  disallowedTagsMode: 'discard',
};

/** A text lesson's Markdown as sanitised HTML. */
export function renderLessonText(source: string): string {
  return sanitizeHtml(markdown.render(source), sanitizeOptions);
}
