import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';
import { LESSON_IMAGE_URL } from './lesson-images';

/**
 * The one place a text lesson's Markdown becomes HTML for the player. The Markdown is the
 * teacher's, so the HTML is treated as hostile twice: markdown-it passes no raw HTML through
 * (`html: false`), and the result is cut down to an allowlist of harmless elements. Links go
 * only to http(s) and open nothing with the page's privileges. Images show only from the app's
 * own storage (`/api/lesson-images/<id>`, uploaded with the lesson): an image from any other
 * host would be fetched by every reader's browser as the page opens, which lets its host count
 * and follow a preview's visitors; such an image becomes its alt text.
 */

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
    'p', 'br', 'hr',
    'ul', 'ol', 'li',
    'code', 'pre',
    'em', 'strong', 's', 'del',
    'a', 'blockquote', 'img', 'span',
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
  // Images have no scheme at all: their one allowed source is a path of ours (below).
  allowedSchemesByTag: { a: ['http', 'https'], img: [] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer nofollow' } }),
    // Any other source (another host, protocol-relative, data:, a path elsewhere) is never
    // requested: the image becomes a <span> holding its alt text, which the reader still gets.
    img: (tagName, attribs) =>
      LESSON_IMAGE_URL.test(attribs.src ?? '') ? { tagName, attribs } : { tagName: 'span', attribs: {}, text: attribs.alt ?? '' },
  },

  disallowedTagsMode: 'discard',
};

/** A text lesson's Markdown as sanitised HTML. */
export function renderLessonText(source: string): string {
  return sanitizeHtml(markdown.render(source), sanitizeOptions);
}
