import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signedInUser, signedInAdmin } from '../../../../test/helpers/auth';
import type { CourseDetail, CourseListResponse } from '../../../shared/schemas/catalog';
import { categories, courseLessons, courses, courseSections, courseVideos, enrollments, reviews, subcategories, users } from '../../db/schema';
import { readCurriculum } from '../curriculum';
import { courseDetailLookup, listCourses } from './service';
import { insertCatalogBase, insertCategory, insertCourse, makeUser } from '../../db/factories';

describe('catalogue', () => {
  const ctx = useTestApp();

  const list = async (query = '') => {
    const response = await ctx.app.inject({ url: `/api/courses${query ? `?${query}` : ''}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    return response.json() as CourseListResponse;
  };
  const titles = (body: CourseListResponse) => body.items.map((course) => course.title);

  describe('listing and pages', () => {
    it('shows active courses newest first, 9 per page, with the total and the page count', async () => {
      const base = await insertCatalogBase(ctx.db);
      for (let index = 1; index <= 20; index++) await insertCourse(ctx.db, base.python, { title: `Curso ${index}` });

      const first = await list();
      expect(first).toMatchObject({ total: 20, page: 1, pageSize: 9, pageCount: 3 });
      expect(titles(first)).toEqual(['Curso 20', 'Curso 19', 'Curso 18', 'Curso 17', 'Curso 16', 'Curso 15', 'Curso 14', 'Curso 13', 'Curso 12']);

      const third = await list('page=3');
      expect(third).toMatchObject({ total: 20, page: 3, pageCount: 3 });
      expect(titles(third)).toEqual(['Curso 2', 'Curso 1']);

      const beyond = await list('page=4');
      expect(beyond).toMatchObject({ items: [], total: 20, page: 4, pageCount: 3 });
    });

    it('pages cover every course exactly once, whatever the sort, even with equal values', async () => {
      const base = await insertCatalogBase(ctx.db);
      // Equal prices and ratings: the id breaks the ties, so no course is skipped or repeated.
      for (let index = 1; index <= 19; index++) {
        await insertCourse(ctx.db, base.python, { title: `Curso ${index}`, priceCents: (index % 3) * 500, ratingAverage: index % 2 });
      }
      for (const sort of ['newest', 'price-asc', 'price-desc', 'rating-asc', 'rating-desc', 'popular']) {
        const seen: string[] = [];
        for (let page = 1; page <= 3; page++) seen.push(...titles(await list(`sort=${sort}&page=${page}`)));
        expect(seen, sort).toHaveLength(19);
        expect(new Set(seen).size, sort).toBe(19);
      }
    });

    it('serves deep pages and search pages from kept anchors and windows exactly as OFFSET would, ties and microseconds included', async () => {
      const base = await insertCatalogBase(ctx.db);
      // 1,000 courses: prices and ratings repeat, timestamps differ by microseconds only.
      await ctx.db.execute(sql`
        insert into courses (title, description, category_id, subcategory_id, duration_hours, language, level, price_cents, teacher_name, owner_id, rating_average, created_at)
        select 'Curso ' || i, 'Descripción del curso número ' || i, ${base.python.categoryId}::int, case when i % 3 = 0 then ${base.web.subcategoryId}::int else ${base.python.subcategoryId}::int end,
          1, 'spanish'::course_language, 'easy'::course_level, (i % 17) * 100, 'Profesor', ${base.ownerId}::text, (i % 11) / 2.0, timestamp '2024-01-01' + (i % 500) * interval '7 microseconds'
        from generate_series(1, 1000) as i`);
      for (const sort of ['newest', 'price-asc', 'price-desc', 'rating-asc', 'rating-desc'] as const) {
        for (const filter of [{}, { subcategoryId: base.web.subcategoryId }, { q: 'curso' }, { q: 'numero 1', subcategoryId: base.python.subcategoryId }]) {
          for (const page of [1, 11, 12, 56, 101, 111, 112, 113]) {
            const query = { ...filter, sort, page };
            const expected = await listCourses(ctx.db, query);
            const params = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]));
            const actual = await list(params.toString());
            expect(actual.items.map((course) => course.id), `${params}`).toEqual(expected.items.map((course) => course.id));
            expect(actual.total).toBe(expected.total);
          }
        }
      }
    });

    it('starts every page at the right row after the catalogue changes, from anchors loaded anew', async () => {
      const base = await insertCatalogBase(ctx.db);
      const insertMany = (from: number, to: number) =>
        ctx.db.execute(sql`
          insert into courses (title, description, category_id, subcategory_id, duration_hours, language, level, price_cents, teacher_name, owner_id, rating_average, created_at)
          select 'Curso ' || i, 'Descripción', ${base.python.categoryId}::int, ${base.python.subcategoryId}::int, 1, 'spanish'::course_language, 'easy'::course_level,
            (i % 13) * 100, 'Profesor', ${base.ownerId}::text, (i % 7) / 3.0, timestamp '2024-01-01' + (i % 50) * interval '3 microseconds'
          from generate_series(${from}::int, ${to}::int) as i`);
      await insertMany(1, 400);
      const pages = [2, 3, 23, 44, 45, 46];
      const compare = async () => {
        for (const sort of ['newest', 'price-asc', 'rating-desc'] as const) {
          for (const page of pages) {
            const expected = await listCourses(ctx.db, { sort, page });
            const actual = await list(`sort=${sort}&page=${page}`);
            expect(actual.items.map((course) => course.id), `${sort} page ${page}`).toEqual(expected.items.map((course) => course.id));
            expect(actual.total).toBe(expected.total);
          }
        }
      };
      await compare();
      // Courses leave from the first pages and new ones arrive among the kept anchors' values:
      // anchors kept from before would now start pages at the wrong rows.
      await ctx.db.update(courses).set({ disabledAt: new Date() }).where(sql`${courses.id} in (select id from courses order by id limit 20)`);
      await insertMany(401, 420);
      await compare();
      expect((await list('page=45')).items).toHaveLength(400 - 20 + 20 - 44 * 9);
    });

    it('answers an empty catalogue with no pages', async () => {
      expect(await list()).toEqual({ items: [], total: 0, page: 1, pageSize: 9, pageCount: 0 });
    });

    it('returns the course card fields of the contract', async () => {
      const base = await insertCatalogBase(ctx.db);
      const course = await insertCourse(ctx.db, base.python, {
        title: 'Python desde cero',
        teacherName: 'Ana Torres',
        priceCents: 0,
        ratingAverage: 4.5,
        ratingCount: 2,
        durationHours: 12,
        language: 'english',
        level: 'advanced',
      });
      const body = await list();
      expect(body.items).toEqual([
        {
          id: course.id,
          title: 'Python desde cero',
          imageUrl: 'https://example.com/image.jpg',
          teacherName: 'Ana Torres',
          priceCents: 0,
          ratingAverage: 4.5,
          ratingCount: 2,
          categoryId: base.python.categoryId,
          subcategoryId: base.python.subcategoryId,
          language: 'english',
          level: 'advanced',
          durationHours: 12,
        },
      ]);
    });

    it('leaves disabled courses out of the list and its total', async () => {
      const base = await insertCatalogBase(ctx.db);
      await insertCourse(ctx.db, base.python, { title: 'Visible' });
      await insertCourse(ctx.db, base.python, { title: 'Deshabilitado', disabledAt: new Date() });
      const body = await list();
      expect(titles(body)).toEqual(['Visible']);
      expect(body.total).toBe(1);
      expect(titles(await list('q=deshabilitado'))).toEqual([]);
    });

    it('sees a change as soon as it is committed (the cache follows the catalogue version)', async () => {
      const base = await insertCatalogBase(ctx.db);
      const course = await insertCourse(ctx.db, base.python, { title: 'Primero' });
      expect(titles(await list())).toEqual(['Primero']);
      expect((await list()).total).toBe(1);

      await insertCourse(ctx.db, base.python, { title: 'Segundo' });
      expect(titles(await list())).toEqual(['Segundo', 'Primero']);

      await ctx.db.update(courses).set({ disabledAt: new Date() }).where(eq(courses.id, course.id));
      const after = await list();
      expect(titles(after)).toEqual(['Segundo']);
      expect(after.total).toBe(1);
    });
  });

  describe('filters', () => {
    it('filters by category and by subcategory', async () => {
      const base = await insertCatalogBase(ctx.db);
      await insertCourse(ctx.db, base.python, { title: 'Python' });
      await insertCourse(ctx.db, base.web, { title: 'HTML' });
      await insertCourse(ctx.db, base.graphic, { title: 'Illustrator' });

      expect(titles(await list(`categoryId=${base.programming.id}`))).toEqual(['HTML', 'Python']);
      expect(titles(await list(`categoryId=${base.design.id}`))).toEqual(['Illustrator']);
      expect(titles(await list(`subcategoryId=${base.web.subcategoryId}`))).toEqual(['HTML']);
      expect(titles(await list(`categoryId=${base.programming.id}&subcategoryId=${base.python.subcategoryId}`))).toEqual(['Python']);
      // A subcategory of another category matches nothing.
      expect((await list(`categoryId=${base.design.id}&subcategoryId=${base.python.subcategoryId}`)).total).toBe(0);
      expect((await list('categoryId=999999')).total).toBe(0);
    });

    it('filters by the displayed whole-number rating, exactly', async () => {
      const base = await insertCatalogBase(ctx.db);
      const ratings = { 'Sin reseñas': 0, 'Uno': 1, 'Casi dos': 1.99, 'Dos': 2, 'Dos y medio': 2.5, 'Casi cuatro': 3.999, 'Cuatro': 4, 'Cinco': 5 };
      for (const [title, ratingAverage] of Object.entries(ratings)) {
        await insertCourse(ctx.db, base.python, { title, ratingAverage, ratingCount: ratingAverage ? 3 : 0 });
      }
      const rated = async (rating: number) => titles(await list(`rating=${rating}`)).sort();
      expect(await rated(1)).toEqual(['Casi dos', 'Uno']);
      expect(await rated(2)).toEqual(['Dos', 'Dos y medio']);
      expect(await rated(3)).toEqual(['Casi cuatro']);
      expect(await rated(4)).toEqual(['Cuatro']);
      expect(await rated(5)).toEqual(['Cinco']);
      expect((await list()).total).toBe(8);
    });

    it('combines filters, search and sort', async () => {
      const base = await insertCatalogBase(ctx.db);
      await insertCourse(ctx.db, base.python, { title: 'Python barato', priceCents: 500, ratingAverage: 4.2 });
      await insertCourse(ctx.db, base.python, { title: 'Python caro', priceCents: 5000, ratingAverage: 4.8 });
      await insertCourse(ctx.db, base.python, { title: 'Python malo', priceCents: 100, ratingAverage: 2 });
      await insertCourse(ctx.db, base.web, { title: 'Python web', priceCents: 50, ratingAverage: 4.1 });
      const body = await list(`q=python&subcategoryId=${base.python.subcategoryId}&rating=4&sort=price-desc`);
      expect(titles(body)).toEqual(['Python caro', 'Python barato']);
      expect(body.total).toBe(2);
    });

    it('treats empty parameters as unset and refuses invalid ones with a clear error', async () => {
      const base = await insertCatalogBase(ctx.db);
      await insertCourse(ctx.db, base.python, { title: 'Uno' });
      expect((await list('q=&categoryId=&subcategoryId=&rating=&sort=&page=')).total).toBe(1);

      for (const query of ['rating=6', 'rating=0', 'rating=2.5', 'page=0', 'page=-1', 'page=abc', 'sort=cheapest', 'categoryId=abc', 'subcategoryId=0', `q=${'a'.repeat(101)}`]) {
        const response = await ctx.app.inject({ url: `/api/courses?${query}` });
        expect(response.statusCode, query).toBe(400);
        expect(response.json().error.code, query).toBe('VALIDATION_FAILED');
      }
    });
  });

  describe('sorts', () => {
    it('sorts by price and by rating, both ways', async () => {
      const base = await insertCatalogBase(ctx.db);
      await insertCourse(ctx.db, base.python, { title: 'A', priceCents: 3000, ratingAverage: 1.5 });
      await insertCourse(ctx.db, base.python, { title: 'B', priceCents: 0, ratingAverage: 4.9 });
      await insertCourse(ctx.db, base.python, { title: 'C', priceCents: 9999, ratingAverage: 3 });
      await insertCourse(ctx.db, base.python, { title: 'D', priceCents: 1500, ratingAverage: 0 });

      expect(titles(await list('sort=price-desc'))).toEqual(['C', 'A', 'D', 'B']);
      expect(titles(await list('sort=price-asc'))).toEqual(['B', 'D', 'A', 'C']);
      expect(titles(await list('sort=rating-desc'))).toEqual(['B', 'C', 'A', 'D']);
      expect(titles(await list('sort=rating-asc'))).toEqual(['D', 'A', 'C', 'B']);
      expect(titles(await list('sort=newest'))).toEqual(['D', 'C', 'B', 'A']);
      expect(titles(await list())).toEqual(['D', 'C', 'B', 'A']);
    });
  });

  describe('search', () => {
    it('ignores accents and case: "programacion" finds "Programación"', async () => {
      const base = await insertCatalogBase(ctx.db);
      await insertCourse(ctx.db, base.python, { title: 'Programación funcional' });
      await insertCourse(ctx.db, base.python, { title: 'Cocina vegana' });
      expect(titles(await list('q=programacion'))).toEqual(['Programación funcional']);
      expect(titles(await list('q=PROGRAMACIÓN'))).toEqual(['Programación funcional']);
      expect(titles(await list(`q=${encodeURIComponent('  programación   funcional ')}`))).toEqual(['Programación funcional']);
    });

    it('tolerates a typo: "pythn" finds "Python"', async () => {
      const base = await insertCatalogBase(ctx.db);
      await insertCourse(ctx.db, base.python, { title: 'Python desde cero' });
      await insertCourse(ctx.db, base.python, { title: 'Java avanzado' });
      expect(titles(await list('q=pythn'))).toEqual(['Python desde cero']);
      expect(titles(await list('q=javscript'))).toEqual([]);
      expect(titles(await list('q=jaba'))).toEqual([]);
    });

    it('forgives typos only when the words as typed match nothing', async () => {
      const base = await insertCatalogBase(ctx.db);
      await insertCourse(ctx.db, base.python, { title: 'Python avanzado' });
      await insertCourse(ctx.db, base.python, { title: 'Pythom básico' });
      expect(titles(await list('q=python'))).toEqual(['Python avanzado']);
      expect(titles(await list('q=pythn')).sort()).toEqual(['Pythom básico', 'Python avanzado']);
      // Typo matches respect the filters and the chosen sort too.
      expect((await list(`q=pythn&categoryId=${base.design.id}`)).total).toBe(0);
    });

    it('finds words by their beginning, in the description and in the teacher name', async () => {
      const base = await insertCatalogBase(ctx.db);
      await insertCourse(ctx.db, base.python, { title: 'Curso A', description: 'Aprende estadística con ejemplos reales.' });
      await insertCourse(ctx.db, base.python, { title: 'Curso B', teacherName: 'Mónica Peñalver' });
      await insertCourse(ctx.db, base.python, { title: 'Curso C' });
      expect(titles(await list('q=estadistica'))).toEqual(['Curso A']);
      expect(titles(await list('q=estad'))).toEqual(['Curso A']);
      expect(titles(await list('q=monica%20penalver'))).toEqual(['Curso B']);
      expect(titles(await list('q=pe%C3%B1alv'))).toEqual(['Curso B']);
    });

    it('ranks title matches first, then the chosen order', async () => {
      const base = await insertCatalogBase(ctx.db);
      await insertCourse(ctx.db, base.python, { title: 'Python básico', priceCents: 3000 });
      await insertCourse(ctx.db, base.python, { title: 'Datos', description: 'Analiza datos con Python y pandas.', priceCents: 100 });
      await insertCourse(ctx.db, base.python, { title: 'Python avanzado', priceCents: 2000 });
      await insertCourse(ctx.db, base.python, { title: 'Ciencia', description: 'Todo sobre Python científico.', priceCents: 50 });
      await insertCourse(ctx.db, base.python, { title: 'Cocina', description: 'Recetas fáciles.' });

      // Default: title matches (newest first among them), then the rest (newest first).
      expect(titles(await list('q=python'))).toEqual(['Python avanzado', 'Python básico', 'Ciencia', 'Datos']);
      expect(titles(await list('q=python&sort=price-asc'))).toEqual(['Python avanzado', 'Python básico', 'Ciencia', 'Datos']);
      expect(titles(await list('q=python&sort=price-desc'))).toEqual(['Python básico', 'Python avanzado', 'Datos', 'Ciencia']);
      // A typo still ranks the title match first.
      expect(titles(await list('q=pythn'))[0]).toMatch(/^Python/);
    });

    it('requires every word and pages the matches with their total', async () => {
      const base = await insertCatalogBase(ctx.db);
      for (let index = 1; index <= 11; index++) await insertCourse(ctx.db, base.python, { title: `Python práctico ${index}` });
      await insertCourse(ctx.db, base.python, { title: 'Python teórico' });
      const page2 = await list('q=python%20practico&page=2');
      expect(page2).toMatchObject({ total: 11, pageCount: 2, page: 2 });
      expect(titles(page2)).toEqual(['Python práctico 2', 'Python práctico 1']);
    });

    it('treats text without letters or digits as no search, and quotes cannot break the query', async () => {
      const base = await insertCatalogBase(ctx.db);
      await insertCourse(ctx.db, base.python, { title: 'Python' });
      expect((await list(`q=${encodeURIComponent('!!! ---')}`)).total).toBe(1);
      for (const q of ["it's", "o'reilly & (python | java)", "'\\", 'ŉ ʼ ː', 'python:*']) {
        const response = await ctx.app.inject({ url: `/api/courses?q=${encodeURIComponent(q)}` });
        expect(response.statusCode, q).toBe(200);
      }
    });
  });

  describe('suggestions', () => {
    const suggest = async (q: string) => {
      const response = await ctx.app.inject({ url: `/api/courses/suggestions?q=${encodeURIComponent(q)}` });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { items: { id: number; title: string }[] }).items.map((item) => item.title);
    };

    it('offers up to 5 distinct active titles for what has been typed, typos and accents included', async () => {
      const base = await insertCatalogBase(ctx.db);
      for (let index = 1; index <= 7; index++) await insertCourse(ctx.db, base.python, { title: `Python ${index}` });
      await insertCourse(ctx.db, base.python, { title: 'Python 1' });
      await insertCourse(ctx.db, base.python, { title: 'Python oculto', disabledAt: new Date() });
      await insertCourse(ctx.db, base.python, { title: 'Programación web' });
      await insertCourse(ctx.db, base.python, { title: 'Cocina', description: 'Nada de python aquí.' });

      const python = await suggest('pyth');
      expect(python).toHaveLength(5);
      expect(new Set(python).size).toBe(5);
      expect(python.every((title) => title.startsWith('Python ') && title !== 'Python oculto')).toBe(true);
      expect(await suggest('pythn')).toHaveLength(5);
      expect(await suggest('programacion')).toEqual(['Programación web']);
      expect(await suggest('zzzz')).toEqual([]);
    });

    it('needs some text', async () => {
      expect((await ctx.app.inject({ url: '/api/courses/suggestions' })).statusCode).toBe(400);
      expect((await ctx.app.inject({ url: '/api/courses/suggestions?q=%20' })).statusCode).toBe(400);
    });
  });

  describe('categories', () => {
    it('lists active categories with their active subcategories, alphabetically', async () => {
      const music = await insertCategory(ctx.db, 'Música', ['Piano', 'Guitarra', 'Oculta']);
      await ctx.db.update(subcategories).set({ disabledAt: new Date() }).where(eq(subcategories.name, 'Oculta'));
      await insertCategory(ctx.db, 'Arte', []);
      await insertCategory(ctx.db, 'Retirada', ['Algo'], true);
      const response = await ctx.app.inject({ url: '/api/categories' });
      expect(response.statusCode).toBe(200);
      const guitar = music.subcategories.find((sub) => sub.name === 'Guitarra')!;
      const piano = music.subcategories.find((sub) => sub.name === 'Piano')!;
      expect(response.json()).toEqual({
        items: [
          { id: expect.any(Number), name: 'Arte', subcategories: [] },
          { id: music.id, name: 'Música', subcategories: [{ id: guitar.id, name: 'Guitarra' }, { id: piano.id, name: 'Piano' }] },
        ],
      });

      // A change shows at once.
      await ctx.db.update(categories).set({ disabledAt: new Date() }).where(eq(categories.id, music.id));
      expect((await ctx.app.inject({ url: '/api/categories' })).json().items.map((c: { name: string }) => c.name)).toEqual(['Arte']);
    });
  });

  describe('course detail', () => {
    it('answers the detail with names, owner and the intro video', async () => {
      const base = await insertCatalogBase(ctx.db);
      const course = await insertCourse(ctx.db, base.python, { title: 'Python', description: 'Descripción del curso de Python.' });
      await ctx.db.insert(courseVideos).values([
        { ownerId: base.ownerId, courseId: course.id, position: 1, storageKey: 'a.mp4', sizeBytes: 10, width: 1280, height: 720, durationSeconds: 42 },
        { ownerId: base.ownerId, courseId: course.id, position: 2, storageKey: 'b.mp4', sizeBytes: 10, width: 640, height: 360, durationSeconds: 600 },
      ]);
      const response = await ctx.app.inject({ url: `/api/courses/${course.id}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: course.id,
        title: 'Python',
        description: 'Descripción del curso de Python.',
        category: 'Programación',
        subcategory: 'Python',
        ownerId: base.ownerId,
        disabledAt: null,
        introVideo: { url: `/api/videos/courses/${course.id}/intro`, width: 1280, height: 720, durationSeconds: 42 },
      } satisfies Partial<CourseDetail>);
    });

    it("includes the curriculum: sections and lessons in order, the number of lessons and the computed total length", async () => {
      const base = await insertCatalogBase(ctx.db);
      const course = await insertCourse(ctx.db, base.python, { title: 'Python' });
      // Inserted out of order: positions, not ids, give the order.
      const [second, first] = await ctx.db
        .insert(courseSections)
        .values([
          { courseId: course.id, title: 'Práctica', position: 2 },
          { courseId: course.id, title: 'Fundamentos', position: 1 },
        ])
        .returning({ id: courseSections.id });
      await ctx.db.insert(courseLessons).values([
        { courseId: course.id, sectionId: first!.id, position: 2, title: 'Variables', kind: 'text', body: 'x', durationSeconds: 90 },
        { courseId: course.id, sectionId: first!.id, position: 1, title: 'Bienvenida', kind: 'text', body: 'y', isPreview: true, durationSeconds: 30 },
        { courseId: course.id, sectionId: second!.id, position: 1, title: 'Ejercicios', kind: 'resource', resourceKey: 'r.pdf', resourceName: 'r.pdf', resourceSizeBytes: 10, durationSeconds: 0 },
      ]);
      const empty = await ctx.db.insert(courseSections).values({ courseId: course.id, title: 'Próximamente', position: 3 }).returning({ id: courseSections.id });

      const response = await ctx.app.inject({ url: `/api/courses/${course.id}` });
      expect(response.statusCode).toBe(200);
      const { curriculum } = response.json() as CourseDetail;
      expect(curriculum).toEqual({
        sections: [
          {
            id: first!.id,
            title: 'Fundamentos',
            lessons: [
              { id: expect.any(Number), title: 'Bienvenida', kind: 'text', isPreview: true, durationSeconds: 30 },
              { id: expect.any(Number), title: 'Variables', kind: 'text', isPreview: false, durationSeconds: 90 },
            ],
          },
          { id: second!.id, title: 'Práctica', lessons: [{ id: expect.any(Number), title: 'Ejercicios', kind: 'resource', isPreview: false, durationSeconds: 0 }] },
          { id: empty[0]!.id, title: 'Próximamente', lessons: [] },
        ],
        lessonCount: 3,
        totalSeconds: 120,
      });
      // The one-query read agrees with the curriculum module's own reading.
      expect(curriculum).toEqual(await readCurriculum(ctx.db, course.id));
    });

    it('shows a change of the curriculum at once, whoever makes it: the cached course answers change with its sections and lessons', async () => {
      const base = await insertCatalogBase(ctx.db);
      const course = await insertCourse(ctx.db, base.python);
      const read = async () => ((await ctx.app.inject({ url: `/api/courses/${course.id}` })).json() as CourseDetail).curriculum;
      expect((await read()).sections).toEqual([]);
      const [section] = await ctx.db.insert(courseSections).values({ courseId: course.id, title: 'Fundamentos', position: 1 }).returning({ id: courseSections.id });
      expect((await read()).sections.map((entry) => entry.title)).toEqual(['Fundamentos']);
      await ctx.db.insert(courseLessons).values({ courseId: course.id, sectionId: section!.id, position: 1, title: 'Apuntes', kind: 'resource', resourceKey: 'a.pdf', resourceName: 'a.pdf', resourceSizeBytes: 10 });
      expect((await read()).lessonCount).toBe(1);
      await ctx.db.update(courseLessons).set({ title: 'Apuntes del curso' }).where(eq(courseLessons.sectionId, section!.id));
      expect((await read()).sections[0]!.lessons.map((lesson) => lesson.title)).toEqual(['Apuntes del curso']);
    });

    it('answers an empty curriculum for a course without sections', async () => {
      const base = await insertCatalogBase(ctx.db);
      const course = await insertCourse(ctx.db, base.python);
      expect((await ctx.app.inject({ url: `/api/courses/${course.id}` })).json().curriculum).toEqual({ sections: [], lessonCount: 0, totalSeconds: 0 });
    });

    it('has no intro video until one is attached', async () => {
      const base = await insertCatalogBase(ctx.db);
      const course = await insertCourse(ctx.db, base.python);
      expect((await ctx.app.inject({ url: `/api/courses/${course.id}` })).json().introVideo).toBeNull();
    });

    it('answers 404 for an unknown course and 400 for an id that is not one', async () => {
      const unknown = await ctx.app.inject({ url: '/api/courses/424242' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.code).toBe('COURSE_NOT_FOUND');
      expect((await ctx.app.inject({ url: '/api/courses/abc' })).statusCode).toBe(400);
      expect((await ctx.app.inject({ url: '/api/courses/99999999999' })).statusCode).toBe(400);
    });

    it('hides a disabled course from everyone but admins', async () => {
      const base = await insertCatalogBase(ctx.db);
      const course = await insertCourse(ctx.db, base.python, { disabledAt: new Date('2024-05-01T00:00:00Z') });
      const url = `/api/courses/${course.id}`;
      expect((await ctx.app.inject({ url })).statusCode).toBe(404);
      const user = await signedInUser(ctx.app);
      expect((await ctx.app.inject({ url, headers: user.headers })).statusCode).toBe(404);
      // Not even its owner: a disabled course is out of the catalogue.
      const admin = await signedInAdmin(ctx.app, ctx.db);
      const asAdmin = await ctx.app.inject({ url, headers: admin.headers });
      expect(asAdmin.statusCode).toBe(200);
      expect(asAdmin.json().disabledAt).toBe('2024-05-01T00:00:00.000Z');
      expect((await ctx.app.inject({ url: `${url}/reviews` })).statusCode).toBe(404);
      expect((await ctx.app.inject({ url: `${url}/reviews`, headers: admin.headers })).statusCode).toBe(200);
    });

    it('reads the pages of concurrent misses in shared queries, each answer its own course', async () => {
      const base = await insertCatalogBase(ctx.db);
      const created = [];
      for (let index = 1; index <= 12; index++) created.push(await insertCourse(ctx.db, base.python, { title: `Curso ${index}` }));
      const disabled = await insertCourse(ctx.db, base.python, { title: 'Retirado', disabledAt: new Date() });
      const lookup = courseDetailLookup(ctx.db);
      const before = { ...lookup.statistics };

      const ids = [...created.map((course) => course.id), created[0]!.id, disabled.id, 424242];
      const responses = await Promise.all(ids.map((id) => ctx.app.inject({ url: `/api/courses/${id}` })));

      expect(responses.slice(0, 13).map((response) => response.json().title)).toEqual([...created.map((_, index) => `Curso ${index + 1}`), 'Curso 1']);
      expect(responses.slice(13).map((response) => response.statusCode)).toEqual([404, 404]);
      const queries = lookup.statistics.queries - before.queries;
      // 15 requests, 14 distinct ids: the id asked twice is read once.
      expect(lookup.statistics.keys - before.keys).toBe(14);
      expect(queries).toBeGreaterThan(0);
      expect(queries).toBeLessThan(14);
    });

    it('shows a change to a course, or its disabling, on the next request after the commit', async () => {
      const base = await insertCatalogBase(ctx.db);
      const course = await insertCourse(ctx.db, base.python, { title: 'Antes' });
      const url = `/api/courses/${course.id}`;
      expect((await ctx.app.inject({ url })).json().title).toBe('Antes');
      await ctx.db.update(courses).set({ title: 'Después' }).where(eq(courses.id, course.id));
      expect((await ctx.app.inject({ url })).json().title).toBe('Después');
      await ctx.db.update(courses).set({ disabledAt: new Date() }).where(eq(courses.id, course.id));
      expect((await ctx.app.inject({ url })).statusCode).toBe(404);
      expect((await ctx.app.inject({ url: `${url}/reviews` })).statusCode).toBe(404);
    });
  });

  describe('reviews', () => {
    it("lists a course's reviews newest first with the reviewer's name and picture", async () => {
      const base = await insertCatalogBase(ctx.db);
      const course = await insertCourse(ctx.db, base.python);
      const other = await insertCourse(ctx.db, base.python);
      const alice = await signedInUser(ctx.app);
      const bob = await signedInUser(ctx.app);
      await ctx.db.update(users).set({ name: 'Alice', image: 'https://example.com/a.png' }).where(eq(users.id, alice.id));
      await ctx.db.update(users).set({ name: 'Bob' }).where(eq(users.id, bob.id));
      await ctx.db.insert(reviews).values([
        { courseId: course.id, userId: alice.id, rating: 5, comment: 'Excelente', createdAt: new Date('2024-02-01T00:00:00Z') },
        { courseId: course.id, userId: bob.id, rating: 3, comment: 'Regular', createdAt: new Date('2024-03-01T00:00:00Z') },
        { courseId: other.id, userId: bob.id, rating: 1, comment: 'Otro curso', createdAt: new Date('2024-04-01T00:00:00Z') },
      ]);
      const response = await ctx.app.inject({ url: `/api/courses/${course.id}/reviews` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        items: [
          { id: expect.any(Number), userId: bob.id, userName: 'Bob', userImage: null, rating: 3, comment: 'Regular', createdAt: '2024-03-01T00:00:00.000Z' },
          { id: expect.any(Number), userId: alice.id, userName: 'Alice', userImage: 'https://example.com/a.png', rating: 5, comment: 'Excelente', createdAt: '2024-02-01T00:00:00.000Z' },
        ],
      });
    });

    it('answers an empty list for a course without reviews and 404 for an unknown course', async () => {
      const base = await insertCatalogBase(ctx.db);
      const course = await insertCourse(ctx.db, base.python);
      expect((await ctx.app.inject({ url: `/api/courses/${course.id}/reviews` })).json()).toEqual({ items: [] });
      expect((await ctx.app.inject({ url: '/api/courses/424242/reviews' })).statusCode).toBe(404);
    });
  });

  describe('home page figures and rows', () => {
    it('sorts by popularity: the most reviewed first, ties by the newest', async () => {
      const base = await insertCatalogBase(ctx.db);
      await insertCourse(ctx.db, base.python, { title: 'Pocas', ratingCount: 2 });
      await insertCourse(ctx.db, base.python, { title: 'Muchas', ratingCount: 40 });
      await insertCourse(ctx.db, base.python, { title: 'Ninguna A', ratingCount: 0 });
      await insertCourse(ctx.db, base.python, { title: 'Ninguna B', ratingCount: 0 });
      expect(titles(await list('sort=popular'))).toEqual(['Muchas', 'Pocas', 'Ninguna B', 'Ninguna A']);
    });

    it('counts learners, active courses and the average of every rating, leaving disabled courses out', async () => {
      const base = await insertCatalogBase(ctx.db);
      const stats = async () => {
        const response = await ctx.app.inject({ url: '/api/catalog/stats' });
        expect(response.statusCode, response.body).toBe(200);
        return response.json();
      };
      expect(await stats()).toEqual({ students: 0, courses: 0, ratingAverage: 0, ratingCount: 0 });

      const rated = await insertCourse(ctx.db, base.python, { ratingAverage: 5, ratingCount: 3 });
      const other = await insertCourse(ctx.db, base.graphic, { ratingAverage: 4, ratingCount: 1 });
      const hidden = await insertCourse(ctx.db, base.web, { ratingAverage: 1, ratingCount: 10, disabledAt: new Date() });
      const [ana, ben, eva] = [makeUser(), makeUser(), makeUser()];
      await ctx.db.insert(users).values([ana, ben, eva]);
      await ctx.db.insert(enrollments).values([
        // Ana twice: one learner. Eva only in a disabled course: not counted.
        { userId: ana.id, courseId: rated.id },
        { userId: ana.id, courseId: other.id },
        { userId: ben.id, courseId: other.id },
        { userId: eva.id, courseId: hidden.id },
      ]);
      // (5 × 3 + 4 × 1) / 4 = 4.75, shown to one decimal. Enrolments alone do not move the
      // catalogue's version, but the courses inserted above did.
      expect(await stats()).toEqual({ students: 2, courses: 2, ratingAverage: 4.8, ratingCount: 4 });
    });
  });
});
