import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetDatabase, testDatabase } from '../../../../test/helpers/database';
import { buildApp, type App } from '../../app';
import { loadConfig, type Config } from '../../config';
import type { Database } from '../../db/client';
import { isoDuration, jsonLdScript, seoRoutes } from './seo';
import { escapeHtml } from '../../web/head';
import { insertCatalogBase, insertCourse } from '../../db/factories';
import { courseLessons, courseSections } from '../../db/schema';

/** The server-rendered head needs the built page: a minimal stand-in for dist/web/index.html. */
describe('catalogue SEO', () => {
  let app: App;
  let db: Database;
  let config: Config;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'catalog-seo-'));
    const web = path.join(dir, 'web');
    mkdirSync(web);
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><html><head><!--app-head--></head><body><div id="root"></div></body></html>');
    const database = await testDatabase();
    config = {
      ...loadConfig({ DATA_DIR: dir, AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789', PUBLIC_URL: 'https://cursos.example', SEED_DEMO_DATA: 'false', ALLOW_TEST_PAYMENTS_IN_PRODUCTION: 'true' }),
      webDistDir: web,
    };
    app = await buildApp(config, { database, logger: false });
    db = database.db;
  });
  beforeEach(async () => {
    await resetDatabase(await testDatabase());
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const page = async (url: string) => {
    const response = await app.inject({ url });
    return { status: response.statusCode, html: response.body };
  };
  const metaContent = (html: string, key: string) =>
    new RegExp(`<meta (?:property|name)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)">`).exec(html)?.[1];
  const jsonLd = (html: string) => {
    const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
    return match ? JSON.parse(match[1]!) : undefined;
  };

  it('gives the home page and the listing their title, description, canonical and alternates, per language', async () => {
    const home = await page('/');
    expect(home.status).toBe(200);
    expect(home.html).toContain('<title>Aprende con cursos online | Cursos Online</title>');
    expect(metaContent(home.html, 'description')).toMatch(/^Cursos online de programación/);
    expect(metaContent(home.html, 'og:type')).toBe('website');
    expect(metaContent(home.html, 'og:locale')).toBe('es_ES');
    expect(home.html).toContain('<link rel="canonical" href="https://cursos.example/">');
    expect(home.html).toContain('<link rel="alternate" hreflang="en" href="https://cursos.example/?lang=en">');

    const english = await page('/allcourses?lang=en&page=2');
    expect(english.status).toBe(200);
    expect(english.html).toContain('<title>All courses | Cursos Online</title>');
    expect(metaContent(english.html, 'og:title')).toBe('All courses | Cursos Online');
    expect(metaContent(english.html, 'twitter:title')).toBe('All courses | Cursos Online');
    expect(metaContent(english.html, 'og:locale')).toBe('en_US');
    expect(english.html).toContain('<link rel="canonical" href="https://cursos.example/allcourses">');
    expect(english.html).toContain('hreflang="es" href="https://cursos.example/allcourses?lang=es&amp;page=2"');
  });

  it("preloads the image a course page shows: a stock cover's drawn icon, not the unused stock picture", async () => {
    const base = await insertCatalogBase(db);
    const course = await insertCourse(db, base.python, { imageUrl: '/covers/programming.svg' });
    const { html } = await page(`/course/${course.id}`);
    expect(html).toContain('<link rel="preload" as="image" href="/covers/icons/programming.svg" fetchpriority="high">');
    expect(html).not.toContain('rel="preload" as="image" href="/covers/programming.svg"');
  });

  it('describes a course page with link-preview tags and Course structured data', async () => {
    const base = await insertCatalogBase(db);
    const course = await insertCourse(db, base.python, {
      title: 'Python desde cero',
      description: 'Aprende Python con proyectos reales y ejercicios.',
      imageUrl: '/images/python.jpg',
      teacherName: 'Ana Torres',
      priceCents: 1999,
      ratingAverage: 4.25,
      ratingCount: 8,
      durationHours: 12,
    });
    const { status, html } = await page(`/course/${course.id}`);
    expect(status).toBe(200);
    expect(html).toContain('<title>Python desde cero | Cursos Online</title>');
    expect(metaContent(html, 'description')).toBe('Aprende Python con proyectos reales y ejercicios.');
    expect(metaContent(html, 'og:title')).toBe('Python desde cero | Cursos Online');
    expect(metaContent(html, 'og:image')).toBe('https://cursos.example/images/python.jpg');
    expect(html).toContain('<link rel="preload" as="image" href="/images/python.jpg" fetchpriority="high">');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'twitter:image')).toBe('https://cursos.example/images/python.jpg');
    expect(html).toContain(`<link rel="canonical" href="https://cursos.example/course/${course.id}">`);
    expect(html).toContain(`hreflang="en" href="https://cursos.example/course/${course.id}?lang=en"`);

    expect(jsonLd(html)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Course',
      name: 'Python desde cero',
      description: 'Aprende Python con proyectos reales y ejercicios.',
      url: `https://cursos.example/course/${course.id}`,
      image: 'https://cursos.example/images/python.jpg',
      provider: { '@type': 'Organization', name: 'Cursos Online' },
      offers: { '@type': 'Offer', price: '19.99', priceCurrency: 'USD', category: 'Paid' },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.3, ratingCount: 8, bestRating: 5 },
    });
  });

  it("includes the syllabus: one Syllabus per section in order with its length, and the course's computed length", async () => {
    const base = await insertCatalogBase(db);
    const course = await insertCourse(db, base.python, { durationHours: 40 });
    const [later, first] = await db
      .insert(courseSections)
      .values([
        { courseId: course.id, title: 'Proyecto final', position: 2 },
        { courseId: course.id, title: 'Fundamentos', position: 1 },
      ])
      .returning({ id: courseSections.id });
    await db.insert(courseLessons).values([
      { courseId: course.id, sectionId: first!.id, position: 1, title: 'Bienvenida', kind: 'text', body: 'x', durationSeconds: 3600 },
      { courseId: course.id, sectionId: first!.id, position: 2, title: 'Variables', kind: 'text', body: 'y', durationSeconds: 300 },
      { courseId: course.id, sectionId: later!.id, position: 1, title: 'Proyecto', kind: 'text', body: 'z', durationSeconds: 45 },
    ]);
    const data = jsonLd((await page(`/course/${course.id}`)).html);
    expect(data.syllabusSections).toEqual([
      { '@type': 'Syllabus', name: 'Fundamentos', timeRequired: 'PT1H5M' },
      { '@type': 'Syllabus', name: 'Proyecto final', timeRequired: 'PT45S' },
    ]);
    // Computed from the lessons (1 h 5 min 45 s), not the 40 hours typed at creation.
    expect(data.timeRequired).toBe('PT1H5M45S');
    expect(data.hasCourseInstance.courseWorkload).toBe('PT1H5M45S');
  });

  it('keeps the typed hours and no syllabus for a course without lessons', async () => {
    const base = await insertCatalogBase(db);
    const course = await insertCourse(db, base.python, { durationHours: 12 });
    const data = jsonLd((await page(`/course/${course.id}`)).html);
    expect(data.timeRequired).toBe('PT12H');
    expect(data).not.toHaveProperty('syllabusSections');
    expect(isoDuration(0)).toBe('PT0S');
    expect(isoDuration(7530)).toBe('PT2H5M30S');
  });

  it('marks a free course and leaves out the rating of a course nobody rated', async () => {
    const base = await insertCatalogBase(db);
    const course = await insertCourse(db, base.python, { priceCents: 0, ratingCount: 0 });
    const data = jsonLd((await page(`/course/${course.id}`)).html);
    expect(data.offers).toMatchObject({ price: '0.00', category: 'Free' });
    expect(data).not.toHaveProperty('aggregateRating');
  });

  it('escapes what a teacher typed, in the tags and in the structured data', async () => {
    const base = await insertCatalogBase(db);
    const hostile = 'Curso </script><script>alert(1)</script> "x" & <b>';
    const course = await insertCourse(db, base.python, { title: hostile, description: `${hostile} descripción larga` });
    const { html } = await page(`/course/${course.id}`);
    expect(html).not.toContain('<script>alert(1)');
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain('<title>Curso &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;x&quot; &amp; &lt;b&gt; | Cursos Online</title>');
    expect(jsonLd(html).name).toBe(hostile);
    expect(jsonLdScript({ a: '</script><!--' })).toBe('<script type="application/ld+json">{"a":"\\u003c/script\\u003e\\u003c!--"}</script>');
  });

  it("inserts what a teacher typed literally: replacement patterns ($', $`, $&) copy nothing of the page into it", async () => {
    const base = await insertCatalogBase(db);
    const title = "Precios $' y $` con $& y $$ </script>";
    const description = "Aprende $'$'$' y `$`` paso a paso, con $& y </script><!-- dentro";
    const course = await insertCourse(db, base.python, { title, description, teacherName: "Ana $' Torres" });
    const { status, html } = await page(`/course/${course.id}`);
    expect(status).toBe(200);
    // The page around the head is there once, and nothing of it was copied into the head.
    expect(html.match(/<!doctype html>/g)).toHaveLength(1);
    expect(html.match(/<div id="root"><\/div>/g)).toHaveLength(1);
    expect(html.match(/<\/html>/g)).toHaveLength(1);
    expect(html).toContain(`<title>${escapeHtml(title)} | Cursos Online</title>`);
    const data = jsonLd(html);
    expect(data.name).toBe(title);
    expect(data.description).toBe(description);
  });

  it('answers 404 for an unknown or disabled course page', async () => {
    const base = await insertCatalogBase(db);
    const disabled = await insertCourse(db, base.python, { title: 'Oculto', disabledAt: new Date() });
    for (const url of [`/course/${disabled.id}`, '/course/424242', '/course/9999999999']) {
      const { status, html } = await page(url);
      expect(status, url).toBe(404);
      expect(html, url).not.toContain('Oculto');
      expect(html, url).toContain('<meta name="robots" content="noindex">');
    }
  });

  it('lists every active course, the home page and the listing in /sitemap.xml', async () => {
    const base = await insertCatalogBase(db);
    const first = await insertCourse(db, base.python, { updatedAt: new Date('2024-06-01T10:00:00Z') });
    const second = await insertCourse(db, base.python);
    const disabled = await insertCourse(db, base.python, { disabledAt: new Date() });
    const response = await app.inject({ url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual([
      'https://cursos.example/',
      'https://cursos.example/allcourses',
      `https://cursos.example/course/${first.id}`,
      `https://cursos.example/course/${second.id}`,
    ]);
    expect(locs).not.toContain(`https://cursos.example/course/${disabled.id}`);
    expect(response.body).toContain('<lastmod>2024-06-01</lastmod>');
  });

  it('splits a sitemap past the per-file limit into an index of files', async () => {
    const base = await insertCatalogBase(db);
    const ids = [];
    for (let index = 0; index < 5; index++) ids.push((await insertCourse(db, base.python)).id);
    const small = Fastify({ logger: false });
    await small.register(seoRoutes, { config, db, sitemapUrlLimit: 2 });
    const index = await small.inject({ url: '/sitemap.xml' });
    expect(index.body).toContain('<sitemapindex');
    const files = [...index.body.matchAll(/<loc>https:\/\/cursos\.example([^<]+)<\/loc>/g)].map((match) => match[1]!);
    expect(files).toEqual(['/sitemaps/pages.xml', '/sitemaps/courses-1.xml', '/sitemaps/courses-2.xml', '/sitemaps/courses-3.xml']);
    const listed = [];
    for (const file of files.slice(1)) {
      const body = (await small.inject({ url: file })).body;
      listed.push(...[...body.matchAll(/\/course\/(\d+)</g)].map((match) => Number(match[1])));
    }
    expect(listed).toEqual(ids);
    expect((await small.inject({ url: '/sitemaps/courses-4.xml' })).statusCode).toBe(404);
    expect((await small.inject({ url: '/sitemaps/pages.xml' })).body).toContain('<loc>https://cursos.example/allcourses</loc>');
    await small.close();
  });

  it('serves robots.txt pointing at the sitemap and keeping crawlers out of private pages', async () => {
    const response = await app.inject({ url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toContain('User-agent: *');
    expect(response.body).toContain('Disallow: /api/');
    expect(response.body).toContain('Disallow: /admin');
    // The sign-up page is public and is where visitors land from a search for the site.
    expect(response.body).not.toContain('Disallow: /register');
    expect(response.body).toContain('Sitemap: https://cursos.example/sitemap.xml');
  });
});
