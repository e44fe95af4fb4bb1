import type { FastifyRequest } from 'fastify';
import { pageDeclaration, type PageName } from '../../shared/pages';
import { defaultLanguage, languageOrDefault, languages, localeOf, type Language } from '../../shared/languages';
import enCommon from '../../shared/i18n/locales/en/common.json' with { type: 'json' };
import esCommon from '../../shared/i18n/locales/es/common.json' with { type: 'json' };
import type { Config } from '../config';

export type HeadTags = {
  title?: string;
  description?: string;
  image?: string;
  /** Extra tags, already escaped (JSON-LD, Open Graph type…). */
  extra?: string[];
  /** The page exists in the route table but not its record (an unknown course id). */
  status?: 404;
};

/** The head texts of the translation catalogues (`head` in the `common` namespace). */
export const headTexts = { es: esCommon.head, en: enCommon.head } satisfies Record<Language, unknown>;

/**
 * The site's name and the description of a page that declares none. The page shell is the same
 * whatever the reader's language, so these come from the default language's catalogue (the
 * description speaks both languages).
 */
const site = headTexts[defaultLanguage].site;

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** Title, description, canonical link, alternate languages and link-preview tags for one page. */
export function renderHead(config: Config, url: URL, head: HeadTags | null): string {
  const title = head?.title ? `${head.title} | ${site.name}` : site.name;
  const description = head?.description ?? site.description;
  const canonical = `${config.publicUrl}${url.pathname}`;
  const query = url.searchParams;
  const alternate = (lang: Language) => {
    const params = new URLSearchParams(query);
    params.set('lang', lang);
    return `${config.publicUrl}${url.pathname}?${params}`;
  };
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    ...languages.map((language) => `<link rel="alternate" hreflang="${language}" href="${escapeHtml(alternate(language))}">`),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(canonical)}">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(canonical)}">`,
    `<meta property="og:site_name" content="${escapeHtml(site.name)}">`,
    `<meta name="twitter:card" content="${head?.image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${escapeHtml(title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(description)}">`,
  ];
  if (head?.image) {
    tags.push(`<meta property="og:image" content="${escapeHtml(head.image)}">`);
    tags.push(`<meta name="twitter:image" content="${escapeHtml(head.image)}">`);
  }
  if (head?.extra) tags.push(...head.extra);
  // A page that is not there is no page to list, whichever of its addresses a crawler found.
  if (head?.status === 404) tags.push('<meta name="robots" content="noindex">');
  return tags.join('\n    ');
}

/** The page's language when the server draws it; otherwise the one the link asks for (`?lang=`). */
export const headLanguage = (request: FastifyRequest, rendered?: Language): Language => {
  if (rendered) return rendered;
  return languageOrDefault((request.query as Record<string, unknown> | undefined)?.lang);
};

export const metaProperty = (property: string, content: string) => `<meta property="${property}" content="${escapeHtml(content)}">`;

/** Open Graph writes a locale with an underscore: `es_ES`. */
const ogLocale = (language: Language) => localeOf(language).replace('-', '_');

export const localeTags = (lang: Language) => [
  metaProperty('og:locale', ogLocale(lang)),
  ...languages.filter((other) => other !== lang).map((other) => metaProperty('og:locale:alternate', ogLocale(other))),
];

/** The head a page declares (`head` in src/shared/pages.ts), in its language; null for a page that declares none. */
export function declaredHead(page: PageName, request: FastifyRequest, language?: Language): HeadTags | null {
  const key = pageDeclaration(page).head;
  if (!key) return null;
  const lang = headLanguage(request, language);
  const { title, description } = headTexts[lang][key];
  return { title, description, extra: [metaProperty('og:type', 'website'), ...localeTags(lang)] };
}
