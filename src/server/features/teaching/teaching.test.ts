import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signedInUser, signedInAdmin, type TestUser } from '../../../../test/helpers/auth';
import { insertCourseWithVideos, newCourseForm, uploadFile, videoFixture } from '../../../../test/helpers/videos';
import { auditLog, courses, courseVideos, subcategories } from '../../db/schema';
import { DEFAULT_COURSE_COVER } from '../../../shared/schemas/courses';
import { limits } from '../../../shared/limits';
import { insertCategory, insertUpload } from '../../db/factories';

describe('creating a course', () => {
  const ctx = useTestApp();

  async function setUp() {
    const teacher = await signedInUser(ctx.app);
    const { form, intro, main, categoryId, subcategoryId } = await newCourseForm(ctx.db, teacher.id);
    return { teacher, form, intro, main, categoryId, subcategoryId };
  }

  const post = (user: TestUser | undefined, payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/courses', headers: user?.headers ?? { origin: ctx.config.publicUrl }, payload });

  const courseCount = async () => (await ctx.db.select({ id: courses.id }).from(courses)).length;

  it(`lets one teacher publish at most ${limits.coursesPerOwnerPerDay} new courses a day (429 COURSE_LIMIT_REACHED), claiming nothing past it`, async () => {
    const { teacher, form } = await setUp();
    const { categoryId, subcategoryId, description } = form;
    const earlier = { ownerId: teacher.id, title: 'Curso anterior', description, categoryId, subcategoryId, durationHours: 1, language: 'spanish' as const, level: 'easy' as const, priceCents: 0, teacherName: 'Ana Torres' };
    // One from over a day ago does not count; today's fill the day but one.
    await ctx.db.insert(courses).values({ ...earlier, createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) });
    await ctx.db.insert(courses).values(Array.from({ length: limits.coursesPerOwnerPerDay - 1 }, () => earlier));
    expect((await post(teacher, form)).statusCode).toBe(201);
    const before = await courseCount();

    const videoIds = [(await insertUpload(ctx.db, teacher.id)).id, (await insertUpload(ctx.db, teacher.id)).id];
    const refused = await post(teacher, { ...form, videoIds });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('COURSE_LIMIT_REACHED');
    expect(await courseCount()).toBe(before);
    const unclaimed = await ctx.db.select({ courseId: courseVideos.courseId }).from(courseVideos).where(inArray(courseVideos.id, videoIds));
    expect(unclaimed).toEqual([{ courseId: null }, { courseId: null }]);
  });

  it('creates a course with two videos uploaded over tus, owned by its creator', async () => {
    const teacher = await signedInUser(ctx.app);
    const { categoryId, subcategoryId } = await insertCategory(ctx.db);
    const intro = await uploadFile(ctx.app, teacher, await readFile(videoFixture('portrait-4s')));
    const main = await uploadFile(ctx.app, teacher, await readFile(videoFixture('landscape-62s-moov-at-end')));

    const response = await post(teacher, {
      title: '  Fotografía móvil  ',
      categoryId,
      subcategoryId,
      durationHours: 3,
      description: 'Haz mejores fotos con tu teléfono.',
      language: 'spanish',
      level: 'medium',
      priceCents: 0,
      teacherName: 'Laura Martínez',
      videoIds: [intro.id, main.id],
    });
    expect(response.statusCode).toBe(201);
    const course = response.json();
    expect(course).toMatchObject({ title: 'Fotografía móvil', ownerId: teacher.id, priceCents: 0, imageUrl: DEFAULT_COURSE_COVER, level: 'medium', disabledAt: null });

    const videos = await ctx.db.select().from(courseVideos).where(eq(courseVideos.courseId, course.id)).orderBy(asc(courseVideos.position));
    expect(videos.map((video) => [video.id, video.position])).toEqual([
      [intro.id, 1],
      [main.id, 2],
    ]);
    expect((await ctx.app.inject({ url: '/api/videos/uploads', headers: teacher.headers })).json().items).toEqual([]);

    const mine = await ctx.app.inject({ url: '/api/courses/mine', headers: teacher.headers });
    expect(mine.json().items).toEqual([expect.objectContaining({ id: course.id, title: 'Fotografía móvil', ratingAverage: 0, ratingCount: 0 })]);

    // The intro now plays for everyone; the main video for its owner.
    expect((await ctx.app.inject({ url: `/api/videos/courses/${course.id}/intro` })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: `/api/videos/courses/${course.id}/main`, headers: teacher.headers })).json()).toMatchObject({ durationSeconds: 62 });
  });

  it('stores the price in cents and keeps an http(s) cover', async () => {
    const { teacher, form } = await setUp();
    const response = await post(teacher, form);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ priceCents: 1999, imageUrl: form.imageUrl, teacherName: 'Ana Torres' });
  });

  it("computes the course's length from its two videos' probed lengths, whatever duration the form sends", async () => {
    const teacher = await signedInUser(ctx.app);
    const { form } = await newCourseForm(ctx.db, teacher.id);
    const intro = await insertUpload(ctx.db, teacher.id, { durationSeconds: 50 });
    const main = await insertUpload(ctx.db, teacher.id, { durationSeconds: 3 * 3600 + 1 });
    const response = await post(teacher, { ...form, durationHours: 12, videoIds: [intro.id, main.id] });
    expect(response.statusCode).toBe(201);
    // 3 h 0 min 51 s: every started hour counts.
    expect(response.json().durationHours).toBe(4);
  });

  it('accepts the limits themselves: 15 and 200 characters, 0 and 100 US$, a 60-second intro', async () => {
    for (const [description, priceCents] of [
      ['a'.repeat(15), 0],
      ['b'.repeat(200), 10_000],
    ] as const) {
      const { teacher, form } = await setUp();
      const response = await post(teacher, { ...form, description, priceCents });
      expect(response.statusCode, description).toBe(201);
    }
  });

  const rules: [string, Record<string, unknown>, string, string][] = [
    ['no title', { title: '   ' }, 'title', 'validation.titleRequired'],
    ['a missing title', { title: undefined }, 'title', 'validation.titleRequired'],
    ['a 4-character title', { title: 'Java' }, 'title', 'validation.titleMin'],
    ['a 121-character title', { title: 'x'.repeat(121) }, 'title', 'validation.titleMax'],
    ['no teacher name', { teacherName: '' }, 'teacherName', 'validation.teacherNameRequired'],
    ['a short teacher name', { teacherName: 'Ana' }, 'teacherName', 'validation.teacherNameMin'],
    ['a 14-character description', { description: 'x'.repeat(14) }, 'description', 'validation.descriptionLength'],
    ['a 201-character description', { description: 'x'.repeat(201) }, 'description', 'validation.descriptionLength'],
    ['a description of spaces', { description: ' '.repeat(20) }, 'description', 'validation.descriptionLength'],
    ['no category', { categoryId: null }, 'categoryId', 'validation.categoryRequired'],
    ['no subcategory', { subcategoryId: undefined }, 'subcategoryId', 'validation.subcategoryRequired'],
    ['a language outside english/spanish', { language: 'french' }, 'language', 'validation.languageRequired'],
    ['a level outside easy/medium/advanced', { level: 'expert' }, 'level', 'validation.levelRequired'],
    ['a negative price', { priceCents: -1 }, 'priceCents', 'validation.priceRange'],
    ['a price over 100 US$', { priceCents: 10_001 }, 'priceCents', 'validation.priceRange'],
    ['a price with fractions of a cent', { priceCents: 999.9 }, 'priceCents', 'validation.priceCents'],
    ['a price as text', { priceCents: '1000' }, 'priceCents', 'validation.priceRange'],
    ['a javascript: cover', { imageUrl: 'javascript:alert(1)' }, 'imageUrl', 'validation.imageUrl'],
    ['a data: cover', { imageUrl: 'data:image/png;base64,AAAA' }, 'imageUrl', 'validation.imageUrl'],
    ['an ftp cover', { imageUrl: 'ftp://example.com/a.png' }, 'imageUrl', 'validation.imageUrl'],
    ['one video', { videoIds: [randomUUID()] }, 'videoIds', 'validation.videosRequired'],
    ['three videos', { videoIds: [randomUUID(), randomUUID(), randomUUID()] }, 'videoIds', 'validation.videosRequired'],
    ['the same video twice', { videoIds: ['7b0c4b8e-4a7e-4f52-9d1e-3c1f2a9b8c7d', '7b0c4b8e-4a7e-4f52-9d1e-3c1f2a9b8c7d'] }, 'videoIds', 'validation.videosRequired'],
  ];

  it.each(rules)('refuses %s with a field error, changing nothing', async (_name, change, field, message) => {
    const { teacher, form } = await setUp();
    const response = await post(teacher, { ...form, ...change });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields[field]).toContain(message);
    expect(await courseCount()).toBe(0);
  });

  it('names every invalid field at once', async () => {
    const { teacher } = await setUp();
    const response = await post(teacher, {});
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields).sort()).toEqual(
      ['categoryId', 'description', 'language', 'level', 'priceCents', 'subcategoryId', 'teacherName', 'title', 'videoIds'].sort(),
    );
  });

  it('refuses a category that does not exist, or a subcategory of another category', async () => {
    const { teacher, form } = await setUp();
    const unknown = await post(teacher, { ...form, categoryId: 999_999 });
    expect(unknown.json().error.fields).toEqual({ categoryId: ['validation.categoryUnknown'] });

    const other = await insertCategory(ctx.db);
    const mismatch = await post(teacher, { ...form, subcategoryId: other.subcategoryId });
    expect(mismatch.json().error.fields).toEqual({ subcategoryId: ['validation.subcategoryUnknown'] });

    await ctx.db.update(subcategories).set({ disabledAt: new Date() }).where(eq(subcategories.id, form.subcategoryId));
    expect((await post(teacher, form)).json().error.fields).toEqual({ subcategoryId: ['validation.subcategoryUnknown'] });
    expect(await courseCount()).toBe(0);
  });

  it('refuses an intro longer than 60 seconds, and keeps both videos free', async () => {
    const { teacher, form, intro, main } = await setUp();
    const response = await post(teacher, { ...form, videoIds: [main.id, intro.id] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ videoIds: ['validation.introTooLong'] });
    const free = await ctx.db.select().from(courseVideos).where(eq(courseVideos.ownerId, teacher.id));
    expect(free.every((video) => video.courseId === null)).toBe(true);
  });

  it("refuses someone else's videos, unknown ones and videos another course already uses", async () => {
    const { teacher, form, intro } = await setUp();
    const stranger = await signedInUser(ctx.app);
    const theirs = await insertUpload(ctx.db, stranger.id, { durationSeconds: 10 });
    expect((await post(teacher, { ...form, videoIds: [intro.id, theirs.id] })).json().error.fields).toEqual({ videoIds: ['validation.videosUnavailable'] });
    expect((await post(teacher, { ...form, videoIds: [intro.id, randomUUID()] })).json().error.fields).toEqual({ videoIds: ['validation.videosUnavailable'] });

    expect((await post(teacher, form)).statusCode).toBe(201);
    const again = await post(teacher, form);
    expect(again.json().error.fields).toEqual({ videoIds: ['validation.videosUnavailable'] });
    expect(await courseCount()).toBe(1);
  });

  it('is for signed-in users only', async () => {
    const { form } = await setUp();
    expect((await post(undefined, form)).statusCode).toBe(401);
    expect(await courseCount()).toBe(0);
  });
});

describe('courses I created', () => {
  const ctx = useTestApp();

  it('lists only my courses, newest first, with rating and price', async () => {
    const me = await signedInUser(ctx.app);
    const other = await signedInUser(ctx.app);
    const { course: first } = await insertCourseWithVideos(ctx.db, ctx.dataDir, me.id, { title: 'Primero', ratingAverage: 4.5, ratingCount: 2, createdAt: new Date(Date.now() - 60_000) });
    const { course: second } = await insertCourseWithVideos(ctx.db, ctx.dataDir, me.id, { title: 'Segundo', priceCents: 0 });
    await insertCourseWithVideos(ctx.db, ctx.dataDir, other.id, { title: 'Ajeno' });

    const response = await ctx.app.inject({ url: '/api/courses/mine', headers: me.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().items).toEqual([
      { id: second.id, title: 'Segundo', description: second.description, imageUrl: null, priceCents: 0, ratingAverage: 0, ratingCount: 0, disabledAt: null },
      expect.objectContaining({ id: first.id, title: 'Primero', ratingAverage: 4.5, ratingCount: 2 }),
    ]);
    expect((await ctx.app.inject({ url: '/api/courses/mine' })).statusCode).toBe(401);
  });
});

describe('editing a course', () => {
  const ctx = useTestApp();

  async function setUp() {
    const owner = await signedInUser(ctx.app);
    const { course } = await insertCourseWithVideos(ctx.db, ctx.dataDir, owner.id, { imageUrl: '/covers/programming.svg' });
    return { owner, course };
  }
  const patch = (id: number, user: TestUser | undefined, payload: object) =>
    ctx.app.inject({ method: 'PATCH', url: `/api/courses/${id}`, headers: user?.headers ?? { origin: ctx.config.publicUrl }, payload });
  const stored = async (id: number) => (await ctx.db.select().from(courses).where(eq(courses.id, id)))[0]!;

  it('prefills the form for the owner and admins only', async () => {
    const { owner, course } = await setUp();
    const admin = await signedInAdmin(ctx.app, ctx.db);
    const other = await signedInUser(ctx.app);
    const url = `/api/courses/${course.id}/edit`;

    const own = await ctx.app.inject({ url, headers: owner.headers });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({
      id: course.id,
      title: course.title,
      imageUrl: '/covers/programming.svg',
      teacherName: course.teacherName,
      description: course.description,
      durationHours: course.durationHours,
      priceCents: course.priceCents,
      language: course.language,
      level: course.level,
      categoryId: course.categoryId,
      subcategoryId: course.subcategoryId,
      ownerId: owner.id,
      disabledAt: null,
      learningOutcomes: [],
      requirements: [],
    });
    expect((await ctx.app.inject({ url, headers: admin.headers })).statusCode).toBe(200);
    const refused = await ctx.app.inject({ url, headers: other.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('FORBIDDEN');
    expect((await ctx.app.inject({ url })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/courses/424242/edit', headers: owner.headers })).statusCode).toBe(404);
  });

  it('saves the fields the owner changes and leaves the others', async () => {
    const { owner, course } = await setUp();
    const response = await patch(course.id, owner, {
      title: 'Python avanzado',
      teacherName: 'Ana María Torres',
      description: 'Decoradores, generadores y asyncio.',
      priceCents: 4550,
      imageUrl: 'http://img.example.com/p.jpg',
      level: 'advanced',
      language: 'english',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ title: 'Python avanzado', priceCents: 4550, level: 'advanced', language: 'english', imageUrl: 'http://img.example.com/p.jpg' });
    expect(await stored(course.id)).toMatchObject({ title: 'Python avanzado', teacherName: 'Ana María Torres', categoryId: course.categoryId, ownerId: owner.id });

    const priceOnly = await patch(course.id, owner, { priceCents: 0 });
    expect(priceOnly.json()).toMatchObject({ priceCents: 0, title: 'Python avanzado' });
    const noImage = await patch(course.id, owner, { imageUrl: '' });
    expect(noImage.json().imageUrl).toBe(DEFAULT_COURSE_COVER);
  });

  it('never takes the course length from a client: PATCH {"durationHours": 99} by the owner or an admin leaves the computed length', async () => {
    const { owner, course } = await setUp();
    const admin = await signedInAdmin(ctx.app, ctx.db);
    const before = await stored(course.id);
    for (const [user, url] of [
      [owner, `/api/courses/${course.id}`],
      [admin, `/api/courses/${course.id}`],
      [admin, `/api/admin/courses/${course.id}`],
    ] as const) {
      const lengthOnly = await ctx.app.inject({ method: 'PATCH', url, headers: user.headers, payload: { durationHours: 99 } });
      expect(lengthOnly.statusCode, url).toBe(200);
      expect(lengthOnly.json().durationHours, url).toBe(before.durationHours);
      // Beside a real change, the other fields are saved and the length still is not.
      const withTitle = await ctx.app.inject({ method: 'PATCH', url, headers: user.headers, payload: { title: 'Python con horas', durationHours: 99 } });
      expect(withTitle.statusCode, url).toBe(200);
      expect(await stored(course.id), url).toMatchObject({ title: 'Python con horas', durationHours: before.durationHours });
    }
    // Nor is it audited as an admin's change of the length.
    const audits = await ctx.db.select().from(auditLog);
    expect(audits.some((row) => JSON.stringify(row.after).includes('durationHours'))).toBe(false);
  });

  it('lets an admin edit any course', async () => {
    const { course } = await setUp();
    const admin = await signedInAdmin(ctx.app, ctx.db);
    const response = await patch(course.id, admin, { title: 'Revisado por admin' });
    expect(response.statusCode).toBe(200);
    expect((await stored(course.id)).title).toBe('Revisado por admin');
  });

  it('refuses anyone else with 403 and changes nothing', async () => {
    const { course } = await setUp();
    const other = await signedInUser(ctx.app);
    const response = await patch(course.id, other, { title: 'Robado' });
    expect(response.statusCode).toBe(403);
    expect((await patch(course.id, undefined, { title: 'Robado' })).statusCode).toBe(401);
    expect((await stored(course.id)).title).toBe(course.title);
  });

  it.each([
    [{ title: '' }, 'title', 'validation.titleRequired'],
    [{ teacherName: '  ' }, 'teacherName', 'validation.teacherNameRequired'],
    [{ description: 'corta' }, 'description', 'validation.descriptionLength'],
    [{ priceCents: 10_100 }, 'priceCents', 'validation.priceRange'],
    [{ imageUrl: 'javascript:alert(document.cookie)' }, 'imageUrl', 'validation.imageUrl'],
    [{ level: 'hard' }, 'level', 'validation.levelRequired'],
    [{ language: 'german' }, 'language', 'validation.languageRequired'],
  ])('applies the create rules: %j', async (change, field, message) => {
    const { owner, course } = await setUp();
    const response = await patch(course.id, owner, change);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toContain(message);
    expect(await stored(course.id)).toMatchObject({ title: course.title, priceCents: course.priceCents, imageUrl: '/covers/programming.svg' });
  });
});
