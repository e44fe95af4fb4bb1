import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { asc, count, isNull } from 'drizzle-orm';
import { shownCoverImage } from '../../../shared/covers';
import { paths } from '../../../shared/paths';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { courses } from '../../db/schema';
import { escapeHtml, headLanguage, headTexts, localeTags, metaProperty, type HeadTags } from '../../web/head';
import type { HeadResolver } from '../../web/spa';
import { readCurriculum } from '../curriculum';
import { findActiveCourse } from './service';
import { getTeacherProfile } from './teachers';
import { AppError } from '../../errors';
import type { Language } from '../../../shared/languages';
import type { TeacherProfile } from '../../../shared/schemas/catalog';

const absolute = (config: Config, url: string) => (/^https?:\/\//i.test(url) ? url : `${config.publicUrl}${url.startsWith('/') ? '' : '/'}${url}`);

/** Meta descriptions past ~160 characters are cut by search engines anyway. */
const clip = (value: string, max = 160) => (value.length <= max ? value : `${value.slice(0, max - 1).trimEnd()}…`);

/** A length as an ISO 8601 duration, as schema.org's `timeRequired` takes it: 7530 → "PT2H5M30S". */
export function isoDuration(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  if (hours === 0 && minutes === 0 && rest === 0) return 'PT0S';
  return `PT${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${rest ? `${rest}S` : ''}`;
}

/**
 * JSON-LD goes inside a <script> element, where `</script>` or `<!--` in a title would end
 * or break it: escaping `<`, `>` and `&` as JSON unicode escapes keeps the JSON identical.
 */
export const jsonLdScript = (data: unknown) =>
  `<script type="application/ld+json">${JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')}</script>`;

/**
 * A course page's head: its title and description, link previews and structured data. (The
 * catalogue's other pages declare theirs in src/shared/pages.ts.)
 */
export function createCatalogHeadResolver(db: Database, config: Config): HeadResolver {
  return async (page, params, request, language) => {
    if (page === 'teacher') return teacherHead(db, config, params.teacherId ?? '', headLanguage(request, language));
    if (page !== 'course') return null;
    const lang = headLanguage(request, language);

    const id = Number(params.id);
    const known = Number.isSafeInteger(id) && id <= 2_147_483_647;
    const [course, curriculum] = known ? await Promise.all([findActiveCourse(db, id), readCurriculum(db, id)]) : [null, null];
    if (!course || !curriculum) return { status: 404, title: headTexts[lang].courseNotFound.title };
    // The length is the lessons' computed one; a course with no timed lesson yet keeps its typed hours.
    const timeRequired = curriculum.totalSeconds > 0 ? isoDuration(curriculum.totalSeconds) : `PT${course.durationHours}H`;

    const url = `${config.publicUrl}${paths.course(course.id)}`;
    const image = course.imageUrl ? absolute(config, course.imageUrl) : undefined;
    const price = (course.priceCents / 100).toFixed(2);
    const structured = {
      '@context': 'https://schema.org',
      '@type': 'Course',
      '@id': url,
      url,
      name: course.title,
      description: course.description,
      ...(image ? { image } : {}),
      inLanguage: course.language === 'english' ? 'en' : 'es',
      educationalLevel: course.level,
      timeRequired,
      // schema.org's (and Google's course info) outline of a course: one Syllabus per section, with its own length.
      ...(curriculum.sections.length > 0
        ? {
            syllabusSections: curriculum.sections.map((section) => ({
              '@type': 'Syllabus',
              name: section.title,
              timeRequired: isoDuration(section.lessons.reduce((sum, lesson) => sum + lesson.durationSeconds, 0)),
            })),
          }
        : {}),
      author: { '@type': 'Person', name: course.teacherName },
      provider: { '@type': 'Organization', name: 'Cursos Online', url: config.publicUrl },
      offers: {
        '@type': 'Offer',
        category: course.priceCents === 0 ? 'Free' : 'Paid',
        price,
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url,
      },
      // Search engines reject a rating with no votes, so a course without reviews has none.
      ...(course.ratingCount > 0
        ? {
            aggregateRating: {
              '@type': 'AggregateRating',
              ratingValue: Math.round(course.ratingAverage * 10) / 10,
              ratingCount: course.ratingCount,
              bestRating: 5,
              worstRating: 1,
            },
          }
        : {}),
      hasCourseInstance: { '@type': 'CourseInstance', courseMode: 'online', courseWorkload: timeRequired },
    };
    const head: HeadTags = {
      title: course.title,
      description: clip(course.description),
      ...(image ? { image } : {}),
      extra: [
        metaProperty('og:type', 'website'),
        ...localeTags(lang),
        jsonLdScript(structured),
        // The cover is the page's largest paint: fetched with the page's code instead of after
        // the course data the code asks for. The image it shows: a stock picture is drawn instead.
        `<link rel="preload" as="image" href="${escapeHtml(shownCoverImage(course.imageUrl))}" fetchpriority="high">`,
      ],
    };
    return head;
  };
}

/** A teacher profile's head: their name, their bio (or a line naming them), their picture; 404 for no teacher to show. */
async function teacherHead(db: Database, config: Config, id: string, lang: Language): Promise<HeadTags> {
  const texts = headTexts[lang].teacher;
  let profile: TeacherProfile;
  try {
    profile = await getTeacherProfile(db, id);
  } catch (error) {
    if (error instanceof AppError && error.code === 'TEACHER_NOT_FOUND') return { status: 404, title: texts.notFound };
    throw error;
  }
  const image = profile.image ? absolute(config, profile.image) : undefined;
  const url = `${config.publicUrl}${paths.teacher(profile.id)}`;
  return {
    title: profile.name,
    description: clip(profile.bio || texts.description.replace('{{name}}', profile.name)),
    ...(image ? { image } : {}),
    extra: [
      metaProperty('og:type', 'profile'),
      ...localeTags(lang),
      jsonLdScript({ '@context': 'https://schema.org', '@type': 'Person', '@id': url, url, name: profile.name, ...(image ? { image } : {}), ...(profile.bio ? { description: profile.bio } : {}) }),
    ],
  };
}

export type SeoRoutesOptions = { config: Config; db: Database; sitemapUrlLimit?: number };

const xmlEscape = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!);

/** The sitemap protocol's limit per file; a larger catalogue gets a sitemap index. */
const SITEMAP_URL_LIMIT = 50_000;

/**
 * `/robots.txt` and `/sitemap.xml` (every active course, plus the home page and the
 * listing). Beyond the protocol's 50,000 URLs per file, `/sitemap.xml` becomes an index of
 * `/sitemaps/courses-<n>.xml` files.
 */
export const seoRoutes: FastifyPluginAsync<SeoRoutesOptions> = async (app, { config, db, sitemapUrlLimit = SITEMAP_URL_LIMIT }) => {
  const base = config.publicUrl;
  const active = isNull(courses.disabledAt);

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    const body = [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /admin',
      'Disallow: /shop',
      'Disallow: /form',
      'Disallow: /mycourses',
      'Disallow: /favourites',
      'Disallow: /coursescreated',
      'Disallow: /course/editcourse/',
      'Disallow: /uploadvideo',
      '',
      `Sitemap: ${base}/sitemap.xml`,
      '',
    ].join('\n');
    return reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(body);
  });

  const urlEntry = (loc: string, lastmod?: Date) =>
    `<url><loc>${xmlEscape(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`;

  const courseEntries = async (offset: number, limit: number) => {
    const rows = await db
      .select({ id: courses.id, updatedAt: courses.updatedAt })
      .from(courses)
      .where(active)
      .orderBy(asc(courses.id))
      .limit(limit)
      .offset(offset);
    return rows.map((row) => urlEntry(`${base}${paths.course(row.id)}`, row.updatedAt));
  };

  const urlset = (entries: string[]) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;

  const sendXml = (reply: FastifyReply, body: string) =>
    reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(body);

  const pagesEntries = () => [urlEntry(`${base}${paths.home()}`), urlEntry(`${base}${paths.allCourses()}`)];

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const [row] = await db.select({ total: count() }).from(courses).where(active);
    const total = row?.total ?? 0;
    const files = Math.ceil(total / sitemapUrlLimit);
    if (total + 2 <= sitemapUrlLimit) return sendXml(reply, urlset([...pagesEntries(), ...(await courseEntries(0, total))]));
    const sitemaps = [`${base}/sitemaps/pages.xml`, ...Array.from({ length: files }, (_, index) => `${base}/sitemaps/courses-${index + 1}.xml`)];
    return sendXml(
      reply,
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemaps
        .map((loc) => `<sitemap><loc>${xmlEscape(loc)}</loc></sitemap>`)
        .join('\n')}\n</sitemapindex>\n`,
    );
  });

  app.get<{ Params: { file: string } }>('/sitemaps/:file', { schema: { hide: true } }, async (request, reply) => {
    const { file } = request.params;
    if (file === 'pages.xml') return sendXml(reply, urlset(pagesEntries()));
    const match = /^courses-([1-9]\d{0,5})\.xml$/.exec(file);
    const entries = match ? await courseEntries((Number(match[1]) - 1) * sitemapUrlLimit, sitemapUrlLimit) : [];
    if (entries.length === 0) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    return sendXml(reply, urlset(entries));
  });
};
