import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetDatabase, testDatabase } from '../helpers/database';
import { createPageRenderer } from '../../src/web/entry-server';
import { getCourseQueryOptions } from '../../src/web/entities/courses/get-course';
import { getCourseReviewsQueryOptions } from '../../src/web/entities/reviews/get-course-reviews';
import type { CreatePageRenderer } from '../../src/shared/page-rendering';
import { buildApp, type App } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { createCourse } from '../../src/server/db/factories';
import { courseLessons, courses, courseSections, renderedPages } from '../../src/server/db/schema';
import { readCurriculum } from '../../src/server/features/curriculum';
import { visibleText } from '../helpers/page-text';

describe('server rendering of the public pages', () => {
  let app: App;
  let db: Database;
  let distDir: string;
  const renders = vi.fn();
  /** Addresses whose rendering fails, as a render past its time limit does. */
  const failing = new Set<string>();
  const countingRenderer: CreatePageRenderer = (options) => {
    const renderer = createPageRenderer(options);
    return {
      ...renderer,
      render: (url, language, data) => (renders(url), failing.has(url) ? Promise.reject(new Error('render failed')) : renderer.render(url, language, data)),
    };
  };

  beforeAll(async () => {
    // The real template: the server fills what the build's index.html holds.
    distDir = mkdtempSync(path.join(tmpdir(), 'marketplace-dist-'));
    // With a stylesheet, as the build links Mantine's: one rule the pages use, one none does.
    const template = readFileSync('src/web/index.html', 'utf8').replace('</head>', '<link rel="stylesheet" crossorigin href="/assets/app.css">\n  </head>');
    writeFileSync(path.join(distDir, 'index.html'), template);
    mkdirSync(path.join(distDir, 'assets'));
    writeFileSync(path.join(distDir, 'assets', 'app.css'), '.mantine-Container-root{margin-inline:auto}.never-used-anywhere{color:red}');
    const database = await testDatabase();
    db = database.db;
    app = await buildApp(
      { ...loadConfig({ AUTH_SECRET: 'x'.repeat(32), PUBLIC_URL: 'http://localhost:3000', SEED_DEMO_DATA: 'false' }), webDistDir: distDir },
      { database, logger: false, createPageRenderer: countingRenderer },
    );
  });
  beforeEach(async () => {
    await resetDatabase(await testDatabase());
    // The stored pages went with the database; the ones held in memory go too.
    app.renderedPageStore.clearMemory();
    renders.mockClear();
  });
  afterAll(async () => {
    await app.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  /** Twenty Python courses: the listing's second page holds nine of them. */
  async function pythonCourses() {
    const first = await createCourse(db, { title: 'Python 01' });
    const created = [first];
    for (let n = 2; n <= 20; n++) {
      created.push(await createCourse(db, { title: `Python ${String(n).padStart(2, '0')}`, ownerId: first.ownerId, categoryId: first.categoryId, subcategoryId: first.subcategoryId }));
    }
    // Made outside the app: on the PostgreSQL server their notices arrive a moment later, and one
    // arriving after the first page is drawn would (rightly) throw that page away.
    await app.catalogVersionFeed.sync();
    return created;
  }

  it('draws the listing with the URL’s search and page, and links to the other pages', async () => {
    await pythonCourses();
    await createCourse(db, { title: 'Diseño gráfico' });
    const titlesOn = async (url: string) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(visibleText(response.body)).not.toContain('Diseño gráfico');
      return { body: response.body, titles: [...visibleText(response.body).matchAll(/Python \d\d/g)].map(([title]) => title) };
    };
    const second = await titlesOn('/allcourses?q=python&page=2&sort=newest');
    const first = await titlesOn('/allcourses?q=python&sort=newest');
    expect(new Set(second.titles).size).toBe(9);
    expect(second.titles.filter((title) => first.titles.includes(title))).toEqual([]);
    // Pages are links a browser without JavaScript follows.
    expect(second.body).toContain('href="/allcourses?q=python&amp;sort=newest&amp;page=3"');
    expect(second.body).toContain('href="/allcourses?q=python&amp;sort=newest"');
  });

  it('carries the data it drew in a JSON block, so the browser does not fetch it again', async () => {
    const [course] = await pythonCourses();
    const body = (await app.inject({ url: `/course/${course!.id}` })).body;
    const block = /<script type="application\/json" id="server-state">([\s\S]*?)<\/script>/.exec(body)?.[1];
    const state = JSON.parse(block!) as { language: string; queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } };
    expect(state.language).toBe('es');
    // The course and its reviews, under the keys the page asks for.
    expect(state.queries.queries.map(({ queryKey }) => queryKey)).toEqual([getCourseQueryOptions(course!.id).queryKey, getCourseReviewsQueryOptions(course!.id).queryKey]);
    expect(JSON.stringify(state.queries.queries[0]!.state.data)).toContain('Python 01');
    // Only data blocks: no inline script that a nonce-less CSP would have to allow.
    expect(body.match(/<script(?![^>]*type="(application\/json|application\/ld\+json|module)")[^>]*>/g)).toBeNull();
  });

  it("draws the course's curriculum: the totals, every section as a disclosure (the first open), every lesson with its length and the preview buttons", async () => {
    // The factory's starter curriculum: one section, the intro (a free preview) and the main video.
    const course = await createCourse(db, { title: 'Python 01' });
    const [section] = await db.insert(courseSections).values({ courseId: course.id, title: 'Proyecto final', position: 2 }).returning({ id: courseSections.id });
    await db.insert(courseLessons).values({ courseId: course.id, sectionId: section!.id, position: 1, title: 'Tu primera app', kind: 'text', body: 'Texto.', durationSeconds: 3600 });
    const curriculum = await readCurriculum(db, course.id);
    const [starter] = curriculum.sections;

    const body = (await app.inject({ url: `/course/${course.id}` })).body;
    const text = visibleText(body);
    expect(text).toContain('Contenido del curso');
    expect(text).toContain('2 secciones · 3 lecciones · 1 h 1 min');
    expect(text).toContain(`${starter!.title} 2 lecciones`);
    expect(text).toContain('Proyecto final 1 lección · 1 h');
    for (const lesson of curriculum.sections.flatMap((entry) => entry.lessons)) expect(text).toContain(lesson.title);
    expect(text).toContain('Tu primera app 1:00:00');
    // The first section open, the other closed but in the page, and one preview button (the intro).
    expect(body.match(/<details[^>]*>/g)).toEqual([expect.stringMatching(/ open=""/), expect.not.stringMatching(/ open/)]);
    expect(body.match(/aria-label="Vista previa: [^"]*"/g)).toEqual([`aria-label="Vista previa: ${starter!.lessons[0]!.title}"`]);
  });

  it('keeps a title that tries to close the data block, or uses replacement patterns, as text', async () => {
    const course = await createCourse(db, { title: "</script><script>alert(1)</script> $& $' Python" });
    const body = (await app.inject({ url: `/course/${course.id}` })).body;
    expect(body).not.toContain('<script>alert(1)');
    expect(body).toContain('\\u003c/script>\\u003cscript>alert(1)');
    expect(visibleText(body)).toContain("$& $' Python");
  });

  it('draws in the language of the cookie, then of Accept-Language', async () => {
    const english = await app.inject({ url: '/allcourses', headers: { 'accept-language': 'en-GB,en;q=0.9,es;q=0.8' } });
    expect(english.body).toContain('<html lang="en"');
    expect(visibleText(english.body)).toContain('All courses');
    expect(english.headers.vary).toContain('Accept-Language');
    // The head speaks the page's language too.
    expect(english.body).toContain('<title>All courses | ');
    expect(english.body).toContain('<meta property="og:locale" content="en_US">');
    const cookie = await app.inject({ url: '/allcourses', headers: { 'accept-language': 'en', cookie: 'session=x; language=es' } });
    expect(cookie.body).toContain('<html lang="es"');
    expect(visibleText(cookie.body)).toContain('Todos los cursos');
  });

  it('answers 404 with the not-found page drawn, for an unknown address and an unknown course', async () => {
    const unknownPath = await app.inject({ url: '/no/such/page' });
    expect(unknownPath.statusCode).toBe(404);
    expect(visibleText(unknownPath.body)).toContain('Página no encontrada');
    const unknownCourse = await app.inject({ url: '/course/987654' });
    expect(unknownCourse.statusCode).toBe(404);
    expect(visibleText(unknownCourse.body)).toContain('Curso no encontrado');
  });

  it('answers the not-found page, not the course, for an id spelled other than in plain digits or past every id', async () => {
    const [course] = await pythonCourses();
    const id = course!.id;
    expect((await app.inject({ url: `/course/${id}` })).statusCode).toBe(200);
    for (const url of [`/course/0x${id.toString(16)}`, `/course/${id}e0`, `/course/+${id}`, `/course/%20${id}`, `/course/${id}.0`, `/course/0${id}`, '/course/2147483648', '/course/9999999999']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(visibleText(response.body), url).not.toContain('Python 01');
      expect(visibleText(response.body), url).toMatch(/no encontrad/);
    }
  });

  it.each([
    ['/', 'Cursos recientes'],
    ['/register', 'Crea tu cuenta'],
    ['/about', 'Nuestro equipo'],
    ['/contact', 'Contáctanos'],
  ])('draws %s', async (url, text) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(visibleText(response.body)).toContain(text);
    // Drawn pages read without JavaScript: the shell's notice would be wrong there.
    expect(response.body).not.toContain('<noscript>');
  });

  it('paints with the rules it uses inline, and defers the whole stylesheet without moving it', async () => {
    const body = (await app.inject({ url: '/about' })).body;
    const head = body.slice(0, body.indexOf('</head>'));
    expect(head).toContain('<style>.mantine-Container-root{margin-inline:auto}</style>');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/app.css" media="print" data-deferred-stylesheet>');
    expect(body).not.toContain('never-used-anywhere');
    // The code waits behind the first screen; the shell's pages load as before.
    expect(body).toMatch(/<script type="module" fetchpriority="low"/);
    const shell = (await app.inject({ url: '/mycourses' })).body;
    expect(shell).toContain('<link rel="stylesheet" crossorigin href="/assets/app.css">');
  });

  it('sends the shell, for the browser to draw, when rendering fails', async () => {
    // The page is drawn from its address: `/contact` (the parameter is not one it reads).
    failing.add('/contact');
    const response = await app.inject({ url: '/contact?fails' });
    failing.clear();
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    // Not kept: the next visitor gets the page drawn.
    expect(visibleText((await app.inject({ url: '/contact?fails' })).body)).toContain('Contáctanos');
  });

  it('leaves the signed-in pages to the browser', async () => {
    const body = (await app.inject({ url: '/mycourses' })).body;
    expect(body).toContain('<div id="root"></div>');
    expect(body).not.toContain('id="server-state"');
    expect(renders).not.toHaveBeenCalled();
  });

  it('keeps a drawn page until the catalogue changes, whatever parameters it ignores', async () => {
    const newest = (await pythonCourses()).at(-1)!;
    await app.inject({ url: '/allcourses?q=python' });
    await app.inject({ url: '/allcourses?q=python&utm_source=mail&page=abc' });
    expect(renders).toHaveBeenCalledTimes(1);

    await db.update(courses).set({ title: 'Python renombrado' }).where(eq(courses.id, newest.id));
    // A change made outside the app reaches it by notice (on the PostgreSQL server, a moment later).
    await app.catalogVersionFeed.sync();
    const after = await app.inject({ url: '/allcourses?q=python' });
    expect(renders).toHaveBeenCalledTimes(2);
    expect(visibleText(after.body)).toContain('Python renombrado');
  });

  it('sends a drawn page compressed as the browser asks, compressing it once for every view', async () => {
    await pythonCourses();
    const plain = await app.inject({ url: '/allcourses?q=python&page=2' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    expect(visibleText(plain.body)).toContain('Python 11');

    const brotli = await app.inject({ url: '/allcourses?q=python&page=2', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);

    const gzipped = await app.inject({ url: '/allcourses?q=python&page=2', headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
    expect(renders).toHaveBeenCalledTimes(1);

    // A 404 is kept and compressed the same way, with its status.
    const missing = await app.inject({ url: '/course/999999', headers: { 'accept-encoding': 'br' } });
    expect(missing.statusCode).toBe(404);
    expect(brotliDecompressSync(missing.rawPayload).toString()).toContain('<html lang="es"');
  });

  it('compresses a listing drawn for one encoding in that one, and serves it unchanged in the other and unpacked', async () => {
    await pythonCourses();
    const url = '/allcourses?q=python&sort=price-asc';
    const brotli = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    const gzipped = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(visibleText(plain.body)).toContain('Python 01');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
    expect(renders).toHaveBeenCalledTimes(1);
  });

  describe('drawing a page from the address its cache key names', () => {
    /**
     * Any change to the courses is a new catalogue version: the next view of every listing is drawn
     * anew. A course's or a fixed page's stored drawing stays while what it shows is the same: let it go too.
     */
    const newCatalogueVersion = async () => {
      await db.update(courses).set({ title: sql`${courses.title}` });
      await db.delete(renderedPages);
      app.renderedPageStore.clearMemory();
      await app.catalogVersionFeed.sync();
    };
    /** What the junk addresses below carry, in any spelling a page could write it. */
    const junk = ['zzz', 'xss', 'alert(1)', 'alert%281%29', 'utm_', 'fbclid', 'evil.example', '%00', '\u0000', '\u202e', '%E2%80%AE'];
    /** The state block carries when its data was fetched. */
    const withoutTimes = (html: string) => html.replace(/"(dehydratedAt|dataUpdatedAt|errorUpdatedAt)":\d+/g, '"$1":0');
    const expectNoJunk = (body: string, url: string) => {
      for (const word of junk) expect(body.toLowerCase(), `${url} left "${word}"`).not.toContain(word.toLowerCase());
    };

    it.each([
      ['/allcourses?zzz=XSS', '/allcourses'],
      ['/allcourses?q=python&zzz=%3Cscript%3Ealert(1)%3C/script%3E', '/allcourses?q=python'],
      ['/allcourses?page=2&page=3&zzz=XSS&zzz=2', '/allcourses?page=2'],
      ['/allcourses?lang=es&utm_source=evil.example&fbclid=XSS', '/allcourses'],
      ['/allcourses?%7A%7A%7A=%E2%80%AE%00XSS&q=%20python%20&sort=newest&fbclid', '/allcourses?q=python&sort=newest'],
      ['/course/{id}?zzz=XSS&next=//evil.example', '/course/{id}'],
      ['/no/such/page?zzz=XSS', '/no/such/page'],
      ['/register?zzz=XSS&next=/shop', '/register?next=/shop'],
      // A return path the page would refuse, and the error only the browser reads, draw nothing.
      ['/register?next=https://evil.example/zzz&error=XSS', '/register'],
      ['/register?next=//evil.example&error=alert(1)', '/register'],
    ])('%s, seen first, leaves nothing of itself in %s', async (firstUrl, plainUrl) => {
      const [course] = await pythonCourses();
      const address = (url: string) => url.replace('{id}', String(course!.id));
      // A fresh drawing of the plain address.
      await newCatalogueVersion();
      const fresh = await app.inject({ url: address(plainUrl) });
      expectNoJunk(fresh.body, plainUrl);

      // The junk address comes first in the next version, and is what gets drawn.
      await newCatalogueVersion();
      renders.mockClear();
      await app.inject({ url: address(firstUrl) });
      const plain = await app.inject({ url: address(plainUrl) });
      expect(renders).toHaveBeenCalledTimes(1);
      expect(plain.statusCode).toBe(fresh.statusCode);
      expectNoJunk(plain.body, plainUrl);
      expect(withoutTimes(plain.body)).toBe(withoutTimes(fresh.body));
    });
  });

  it('writes the alternate-language links of a listing from the parameters it reads', async () => {
    const page = await app.inject({ url: '/allcourses?utm_source=mail&page=2&q=python' });
    expect(page.body).toContain('hreflang="en" href="http://localhost:3000/allcourses?q=python&amp;page=2&amp;lang=en"');
    expect(page.body).not.toContain('utm_source');
  });
});
