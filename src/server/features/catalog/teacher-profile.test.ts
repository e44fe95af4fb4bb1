import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signedInUser, type TestUser } from '../../../../test/helpers/auth';
import { newCourseForm } from '../../../../test/helpers/videos';
import { limits } from '../../../shared/limits';
import type { CourseDetail, TeacherProfile } from '../../../shared/schemas/catalog';
import { courses, users } from '../../db/schema';
import { createEnrollment, createReview, createUser, insertCatalogBase, insertCourse } from '../../db/factories';

describe("the course page's lists: what you'll learn and requirements", () => {
  const ctx = useTestApp();
  const post = (user: TestUser, payload: object) => ctx.app.inject({ method: 'POST', url: '/api/courses', headers: user.headers, payload });
  const patch = (user: TestUser, id: number, payload: object) => ctx.app.inject({ method: 'PATCH', url: `/api/courses/${id}`, headers: user.headers, payload });
  const detail = async (id: number) => (await ctx.app.inject({ url: `/api/courses/${id}` })).json() as CourseDetail;

  it('are written at creation, shown on the course page, changed by an edit and kept when an edit leaves them out', async () => {
    const teacher = await signedInUser(ctx.app);
    const { form } = await newCourseForm(ctx.db, teacher.id);
    const created = await post(teacher, { ...form, learningOutcomes: ['  Crear una API  ', 'Probarla'], requirements: ['Saber usar la terminal'] });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect(created.json()).toMatchObject({ learningOutcomes: ['Crear una API', 'Probarla'], requirements: ['Saber usar la terminal'] });
    expect(await detail(id)).toMatchObject({ learningOutcomes: ['Crear una API', 'Probarla'], requirements: ['Saber usar la terminal'] });

    expect((await patch(teacher, id, { learningOutcomes: ['Desplegarla'] })).statusCode).toBe(200);
    // The cached course page follows the edit.
    expect(await detail(id)).toMatchObject({ learningOutcomes: ['Desplegarla'], requirements: ['Saber usar la terminal'] });
    expect((await patch(teacher, id, { title: 'Otro título para el curso', requirements: [] })).statusCode).toBe(200);
    expect(await detail(id)).toMatchObject({ learningOutcomes: ['Desplegarla'], requirements: [] });
    const edit = await ctx.app.inject({ url: `/api/courses/${id}/edit`, headers: teacher.headers });
    expect(edit.json()).toMatchObject({ learningOutcomes: ['Desplegarla'], requirements: [] });
  });

  it('are empty for a course created without them', async () => {
    const teacher = await signedInUser(ctx.app);
    const { form } = await newCourseForm(ctx.db, teacher.id);
    const created = await post(teacher, form);
    expect(await detail(created.json().id)).toMatchObject({ learningOutcomes: [], requirements: [] });
  });

  it.each([
    [{ learningOutcomes: Array.from({ length: limits.courseListLines + 1 }, (_, index) => `Línea ${index}`) }, 'learningOutcomes', 'validation.courseListLines'],
    [{ requirements: ['x'.repeat(limits.courseListLineMax + 1)] }, 'requirements.0', 'validation.courseListLine'],
    [{ requirements: ['   '] }, 'requirements.0', 'validation.courseListLine'],
    [{ learningOutcomes: 'una línea' }, 'learningOutcomes', 'validation.courseListLines'],
  ])('refuses %j (%s: %s), changing nothing', async (lists, field, key) => {
    const teacher = await signedInUser(ctx.app);
    const base = await insertCatalogBase(ctx.db);
    const course = await insertCourse(ctx.db, { ...base.python, ownerId: teacher.id });
    const response = await patch(teacher, course.id, lists);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [field]: [key] } });
    const [row] = await ctx.db.select().from(courses).where(eq(courses.id, course.id));
    expect(row).toMatchObject({ learningOutcomes: [], requirements: [] });
  });

  it(`takes exactly ${limits.courseListLines} lines of ${limits.courseListLineMax} characters`, async () => {
    const teacher = await signedInUser(ctx.app);
    const base = await insertCatalogBase(ctx.db);
    const course = await insertCourse(ctx.db, { ...base.python, ownerId: teacher.id });
    const lines = Array.from({ length: limits.courseListLines }, (_, index) => `${index}`.padEnd(limits.courseListLineMax, 'a'));
    expect((await patch(teacher, course.id, { learningOutcomes: lines })).statusCode).toBe(200);
    expect((await detail(course.id)).learningOutcomes).toEqual(lines);
  });
});

describe('GET /api/teachers/:id', () => {
  const ctx = useTestApp();
  const get = (id: string) => ctx.app.inject({ url: `/api/teachers/${encodeURIComponent(id)}` });

  it("answers the teacher's bio, picture, active courses, students (each counted once) and average rating, from the data", async () => {
    const base = await insertCatalogBase(ctx.db);
    await ctx.db.update(users).set({ bio: 'Enseño Python desde 2010.', image: 'https://cdn.example.com/ana.png' }).where(eq(users.id, base.ownerId));
    const older = await insertCourse(ctx.db, base.python, { title: 'Python desde cero', teacherName: 'Ana Antigua' });
    const newer = await insertCourse(ctx.db, base.web, { title: 'Web con Python', teacherName: 'Ana Torres' });
    const hidden = await insertCourse(ctx.db, base.python, { title: 'Curso deshabilitado', disabledAt: new Date() });
    const [first, second, third] = [await createUser(ctx.db), await createUser(ctx.db), await createUser(ctx.db)];
    // `first` takes both courses: one student. Enrolments in the disabled course do not count.
    for (const [user, course] of [[first, older], [first, newer], [second, newer], [third, hidden]] as const) await createEnrollment(ctx.db, { userId: user!.id, courseId: course.id });
    await createReview(ctx.db, { courseId: older.id, userId: first!.id, rating: 5 });
    await createReview(ctx.db, { courseId: newer.id, userId: first!.id, rating: 4 });
    await createReview(ctx.db, { courseId: newer.id, userId: second!.id, rating: 2 });
    await createReview(ctx.db, { courseId: hidden.id, userId: third!.id, rating: 1 });

    const response = await get(base.ownerId);
    expect(response.statusCode, response.body).toBe(200);
    const profile = response.json() as TeacherProfile;
    expect(profile).toMatchObject({
      id: base.ownerId,
      name: 'Ana Torres',
      bio: 'Enseño Python desde 2010.',
      image: 'https://cdn.example.com/ana.png',
      studentCount: 2,
      ratingCount: 3,
      ratingAverage: 3.67,
    });
    expect(profile.courses.map((course) => course.title)).toEqual(['Web con Python', 'Python desde cero']);
  });

  it('answers its courses a page of 9 at a time, newest first, with the counts over all of them; past the last page, the last', async () => {
    const base = await insertCatalogBase(ctx.db);
    const day = 24 * 60 * 60 * 1000;
    for (let index = 0; index < 20; index++) {
      await insertCourse(ctx.db, base.python, { title: `Curso número ${index}`, teacherName: index === 19 ? 'Ana Reciente' : 'Ana', createdAt: new Date(Date.UTC(2026, 0, 1) + index * day) });
    }
    const read = async (query: string) => {
      const response = await ctx.app.inject({ url: `/api/teachers/${base.ownerId}${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as TeacherProfile;
    };
    const first = await read('');
    expect(first).toMatchObject({ courseCount: 20, page: 1, pageSize: limits.pageSize, pageCount: 3, name: 'Ana Reciente' });
    expect(first.courses.map((course) => course.title)).toEqual(Array.from({ length: 9 }, (_, index) => `Curso número ${19 - index}`));
    const last = await read('?page=3');
    // The name is the newest course's on every page, not the page's first course's.
    expect(last).toMatchObject({ page: 3, name: 'Ana Reciente' });
    expect(last.courses.map((course) => course.title)).toEqual(['Curso número 1', 'Curso número 0']);
    expect((await read('?page=99')).page).toBe(3);
    for (const bad of ['?page=0', '?page=abc', '?page=1.5']) {
      const response = await ctx.app.inject({ url: `/api/teachers/${base.ownerId}${bad}` });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('answers 404 TEACHER_NOT_FOUND for an unknown id, a user without active courses and a disabled account', async () => {
    const base = await insertCatalogBase(ctx.db);
    await insertCourse(ctx.db, base.python, { disabledAt: new Date() });
    const learner = await createUser(ctx.db);
    const disabled = await createUser(ctx.db, { disabledAt: new Date() });
    await insertCourse(ctx.db, { ...base.python, ownerId: disabled.id });
    for (const id of ['no-such-teacher', base.ownerId, learner.id, disabled.id]) {
      const response = await get(id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error.code).toBe('TEACHER_NOT_FOUND');
    }
  });

  it('shows a change of bio, a new course and a disabled account at the next read, though the answer was cached', async () => {
    const teacher = await signedInUser(ctx.app);
    const base = await insertCatalogBase(ctx.db);
    await insertCourse(ctx.db, { ...base.python, ownerId: teacher.id }, { title: 'Primer curso' });
    expect((await get(teacher.id)).json().bio).toBeNull();
    expect((await get(teacher.id)).json().bio).toBeNull();

    const updated = await ctx.app.inject({ method: 'PATCH', url: '/api/users/me', headers: teacher.headers, payload: { name: teacher.name, image: '', bio: '  Diez años enseñando.  ' } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().bio).toBe('Diez años enseñando.');
    expect((await get(teacher.id)).json().bio).toBe('Diez años enseñando.');

    await insertCourse(ctx.db, { ...base.python, ownerId: teacher.id }, { title: 'Segundo curso' });
    expect((await get(teacher.id)).json().courses).toHaveLength(2);

    await ctx.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, teacher.id));
    expect((await get(teacher.id)).statusCode).toBe(404);
  });
});

describe('PATCH /api/users/me: the bio', () => {
  const ctx = useTestApp();
  const patch = (user: TestUser, payload: object) => ctx.app.inject({ method: 'PATCH', url: '/api/users/me', headers: user.headers, payload });
  const me = async (user: TestUser) => (await ctx.app.inject({ url: '/api/users/me', headers: user.headers })).json();

  it('is kept when left out or null, removed when empty, and refused past its length', async () => {
    const user = await signedInUser(ctx.app);
    expect((await me(user)).bio).toBeNull();
    expect((await patch(user, { name: 'Ana', image: '', bio: 'Hola' })).json().bio).toBe('Hola');
    expect((await me(user)).bio).toBe('Hola');
    expect((await patch(user, { name: 'Ana Dos', image: '' })).json().bio).toBe('Hola');
    expect((await patch(user, { name: 'Ana Dos', image: '', bio: null })).json().bio).toBe('Hola');
    const tooLong = await patch(user, { name: 'Ana', image: '', bio: 'x'.repeat(limits.userBioMax + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { bio: ['validation.bioTooLong'] } });
    expect((await patch(user, { name: 'Ana', image: '', bio: 'x'.repeat(limits.userBioMax) })).statusCode).toBe(200);
    expect((await patch(user, { name: 'Ana', image: '', bio: '' })).json().bio).toBeNull();
    expect((await me(user)).bio).toBeNull();
  });
});
