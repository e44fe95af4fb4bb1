import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetDatabase, testDatabase } from '../helpers/database';
import { createPageRenderer } from '../../src/web/entry-server';
import type { CreatePageRenderer } from '../../src/shared/page-rendering';
import { buildApp, type App } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import type { Database, DatabaseHandle } from '../../src/server/db/client';
import { createCourse, makeReview, makeUser } from '../../src/server/db/factories';
import { courses, renderedPages, reviews, users } from '../../src/server/db/schema';
import { refreshRating } from '../../src/server/features/catalog';
import { RenderedPageStore, type SentPage } from '../../src/server/web/page-store';
import { visibleText } from '../helpers/page-text';

describe('stored server-rendered pages', () => {
  let database: DatabaseHandle;
  let db: Database;
  let config: Config;
  let distDir: string;
  /** Two servers on one database, as two processes would be. */
  let app: App;
  let otherApp: App;
  const renders = vi.fn();
  const otherRenders = vi.fn();
  const countingRenderer =
    (count: typeof renders): CreatePageRenderer =>
    (options) => {
      const renderer = createPageRenderer(options);
      return { ...renderer, render: (url, language, data) => (count(url, language), renderer.render(url, language, data)) };
    };

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(tmpdir(), 'marketplace-dist-'));
    writeFileSync(path.join(distDir, 'index.html'), readFileSync('src/web/index.html', 'utf8'));
    database = await testDatabase();
    db = database.db;
    config = { ...loadConfig({ AUTH_SECRET: 'x'.repeat(32), PUBLIC_URL: 'http://localhost:3000', SEED_DEMO_DATA: 'false' }), webDistDir: distDir };
    app = await buildApp(config, { database, logger: false, createPageRenderer: countingRenderer(renders) });
    otherApp = await buildApp(config, { database, logger: false, createPageRenderer: countingRenderer(otherRenders) });
  });
  beforeEach(async () => {
    await resetDatabase(database);
    app.renderedPageStore.clearMemory();
    otherApp.renderedPageStore.clearMemory();
    renders.mockClear();
    otherRenders.mockClear();
  });
  afterAll(async () => {
    await otherApp.close();
    await app.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  /** A change made outside the apps: both learn it as they learn one made by another process. */
  const changed = async () => {
    await app.catalogVersionFeed.sync();
    await otherApp.catalogVersionFeed.sync();
  };
  const view = async (target: App, url: string, language: 'es' | 'en' = 'es') => {
    const response = await target.inject({ url, headers: { 'accept-language': language } });
    return { status: response.statusCode, text: visibleText(response.body), body: response.body };
  };

  it('draws a page once, then sends the stored bytes from memory and, once memory let it go, from the database', async () => {
    const course = await createCourse(db, { title: 'Guitarra desde cero' });
    await changed();
    const first = await view(app, `/course/${course.id}`);
    expect(first.text).toContain('Guitarra desde cero');
    expect(renders).toHaveBeenCalledTimes(1);

    expect((await view(app, `/course/${course.id}?utm_source=mail`)).body).toBe(first.body);
    expect(app.renderedPageStore.stats()).toMatchObject({ renders: 1, memoryHits: 1 });

    app.renderedPageStore.clearMemory();
    expect((await view(app, `/course/${course.id}`)).body).toBe(first.body);
    expect(renders).toHaveBeenCalledTimes(1);
    expect(app.renderedPageStore.stats().storedHits).toBe(1);
    // Another process finds it drawn.
    expect((await view(otherApp, `/course/${course.id}`)).body).toBe(first.body);
    expect(otherRenders).not.toHaveBeenCalled();
    // The operator's metrics say the same (the scrape is this machine's: inject's peer is loopback).
    const scrape = (await app.inject({ url: '/metrics' })).body;
    for (const [source, count] of [['rendered', 1], ['memory', 1], ['stored', 1]] as const) {
      expect(scrape).toMatch(new RegExp(`^rendered_pages_served_total\\{source="${source}"\\} ${count}$`, 'm'));
    }
  });

  it('draws a page once for requests that miss it together', async () => {
    const course = await createCourse(db, { title: 'Cerámica' });
    await changed();
    const pages = await Promise.all(Array.from({ length: 6 }, () => view(app, `/course/${course.id}`)));
    expect(new Set(pages.map(({ body }) => body)).size).toBe(1);
    expect(renders).toHaveBeenCalledTimes(1);
  });

  it('keeps a page through changes to other courses, fetching its data again but not drawing it', async () => {
    const [course, other] = [await createCourse(db, { title: 'Acuarela' }), await createCourse(db, { title: 'Óleo' })];
    await changed();
    await view(app, `/course/${course.id}`);
    await db.update(courses).set({ title: 'Óleo avanzado' }).where(eq(courses.id, other.id));
    await changed();
    expect((await view(app, `/course/${course.id}`)).text).toContain('Acuarela');
    expect(renders).toHaveBeenCalledTimes(1);
    expect(app.renderedPageStore.stats().revalidated).toBe(1);
  });

  it.each([
    ['title', async (id: number) => void (await db.update(courses).set({ title: 'Acuarela renombrado' }).where(eq(courses.id, id))), 'Acuarela renombrado'],
    ['price', async (id: number) => void (await db.update(courses).set({ priceCents: 4321 }).where(eq(courses.id, id))), '"priceCents":4321'],
    [
      'a review',
      async (id: number) => {
        const reviewer = makeUser();
        await db.insert(users).values(reviewer);
        await db.insert(reviews).values(makeReview({ courseId: id, userId: reviewer.id, comment: 'Una reseña recién escrita' }));
        await refreshRating(db, id);
      },
      'Una reseña recién escrita',
    ],
    [
      "the teacher's name",
      async (id: number) => {
        // The name a teacher signs their courses with, on every course of theirs at once.
        const [row] = await db.select({ ownerId: courses.ownerId }).from(courses).where(eq(courses.id, id));
        await db.update(courses).set({ teacherName: 'Profesora Renombrada' }).where(eq(courses.ownerId, row!.ownerId));
      },
      'Profesora Renombrada',
    ],
  ])('shows a new %s at the next request, in both languages and on every process', async (_what, change, shown) => {
    const course = await createCourse(db, { title: 'Acuarela' });
    await changed();
    for (const target of [app, otherApp]) for (const language of ['es', 'en'] as const) expect((await view(target, `/course/${course.id}`, language)).body).not.toContain(shown);
    expect((await db.select({ language: renderedPages.language }).from(renderedPages)).map(({ language }) => language).sort()).toEqual(['en', 'es']);

    await change(course.id);
    await changed();
    for (const target of [app, otherApp]) {
      for (const language of ['es', 'en'] as const) {
        const page = await view(target, `/course/${course.id}`, language);
        expect(page.body, `${language}`).toContain(shown);
        expect(page.body).toContain(`<html lang="${language}"`);
      }
    }
  });

  it('answers 404 for an unknown course without storing a row for it', async () => {
    const page = await view(app, '/course/987654');
    expect(page.status).toBe(404);
    expect(page.text).toContain('Curso no encontrado');
    expect((await view(app, '/course/987654')).status).toBe(404);
    expect(renders).toHaveBeenCalledTimes(1);
    expect(await db.select({ address: renderedPages.address }).from(renderedPages)).toEqual([]);
  });

  it('draws again, in the background, the pages held in memory whose data changed', async () => {
    const course = await createCourse(db, { title: 'Fotografía' });
    await changed();
    await view(app, `/course/${course.id}`);
    await view(app, `/course/${course.id}`, 'en');
    await db.update(courses).set({ title: 'Fotografía nocturna' }).where(eq(courses.id, course.id));
    await changed();
    await vi.waitFor(() => expect(renders).toHaveBeenCalledTimes(4), { timeout: 10_000 });
    expect(renders.mock.calls.slice(2).map(([, language]) => language as string).sort()).toEqual(['en', 'es']);
    // The next visitor gets the drawing ready.
    expect((await view(app, `/course/${course.id}`)).text).toContain('Fotografía nocturna');
    expect(renders).toHaveBeenCalledTimes(4);
  });
});

describe('the rendered page store', () => {
  const page = (bytes: number): SentPage => ({ status: 200, brotli: Buffer.alloc(bytes), gzip: Buffer.alloc(bytes) });
  const unusedDatabase = {} as Database;

  it('holds at most its bytes in memory, letting the least recently sent pages go', async () => {
    const store = new RenderedPageStore(unusedDatabase, { memoryBytes: 10_000, persist: false, catalogVersion: async () => '1' });
    for (let n = 0; n < 50; n++) await store.get({ language: 'es', address: `/course/${n}` }, async () => ({ fingerprint: 'f', draw: async () => page(1000) }));
    expect(store.stats()).toMatchObject({ memoryPages: 5, memoryBytes: 10_000, renders: 50 });
    // The newest are the ones kept.
    const draw = vi.fn(async () => page(1000));
    await store.get({ language: 'es', address: '/course/49' }, async () => ({ fingerprint: 'f', draw }));
    await store.get({ language: 'es', address: '/course/49' }, async () => ({ fingerprint: 'f', draw }), 'gzip');
    expect(draw).not.toHaveBeenCalled();
    await store.get({ language: 'es', address: '/course/0' }, async () => ({ fingerprint: 'f', draw }));
    expect(draw).toHaveBeenCalledTimes(1);
  });

  it('shares one load among concurrent misses, and loads again at a new catalogue version', async () => {
    let version = '1';
    const store = new RenderedPageStore(unusedDatabase, { memoryBytes: 1_000_000, persist: false, catalogVersion: async () => version });
    const load = vi.fn(async () => ({ fingerprint: version === '3' ? 'changed' : 'same', draw: async () => page(10) }));
    const key = { language: 'en', address: '/about' } as const;
    await Promise.all(Array.from({ length: 5 }, () => store.get(key, load)));
    expect(load).toHaveBeenCalledTimes(1);
    version = '2';
    await store.get(key, load);
    expect(store.stats()).toMatchObject({ renders: 1, revalidated: 1 });
    version = '3';
    await store.get(key, load);
    expect(store.stats()).toMatchObject({ renders: 2, revalidated: 1, memoryHits: 0 });
  });
});
