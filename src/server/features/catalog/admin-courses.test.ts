import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInUser, signedInAdmin } from '../../../../test/helpers/auth';
import { auditLog, cartItems, courses, enrollments, favourites } from '../../db/schema';
import { useTestApp } from '../../../../test/helpers/app';
import { createCourse, createUser } from '../../db/factories';
import { DEFAULT_COURSE_COVER } from '../../../shared/schemas/courses';

const validEdit = {
  title: 'JavaScript moderno',
  teacherName: 'María López',
  description: 'Todo lo que hace falta para escribir JavaScript moderno.',
  priceCents: 4500,
  level: 'advanced',
  language: 'english',
  imageUrl: 'https://example.com/js.png',
};

describe('admin courses', () => {
  const ctx = useTestApp();

  it('lists active or disabled courses, with search and pages', async () => {
    const admin = await signedInAdmin(ctx.app, ctx.db);
    for (let index = 0; index < 22; index += 1) await createCourse(ctx.db, { title: `Curso número ${index}` });
    await createCourse(ctx.db, { title: 'Guitarra para principiantes', teacherName: 'Pedro Ramírez' });
    await createCourse(ctx.db, { title: 'Curso retirado', disabledAt: new Date() });

    const first = await ctx.app.inject({ url: '/api/admin/courses', headers: admin.headers });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ total: 23, page: 1, pageCount: 2, pageSize: 20 });
    expect(first.json().items).toHaveLength(20);
    const second = await ctx.app.inject({ url: '/api/admin/courses?page=2', headers: admin.headers });
    expect(second.json().items).toHaveLength(3);

    const byTeacher = await ctx.app.inject({ url: '/api/admin/courses?q=ramírez', headers: admin.headers });
    expect(byTeacher.json().items.map((course: { title: string }) => course.title)).toEqual(['Guitarra para principiantes']);
    // LIKE wildcards in the search text are taken literally.
    const wildcard = await ctx.app.inject({ url: '/api/admin/courses?q=%25', headers: admin.headers });
    expect(wildcard.json().total).toBe(0);

    const inactive = await ctx.app.inject({ url: '/api/admin/courses?status=inactive', headers: admin.headers });
    expect(inactive.json().items).toEqual([expect.objectContaining({ title: 'Curso retirado', disabledAt: expect.any(String) })]);

    const badFilter = await ctx.app.inject({ url: '/api/admin/courses?status=deleted', headers: admin.headers });
    expect(badFilter.statusCode).toBe(400);
  });

  it('shows a course, disabled or not, and 404 for one that does not exist', async () => {
    const admin = await signedInAdmin(ctx.app, ctx.db);
    const course = await createCourse(ctx.db, { disabledAt: new Date() });
    const response = await ctx.app.inject({ url: `/api/admin/courses/${course.id}`, headers: admin.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: course.id, title: course.title, owner: { id: course.ownerId }, enrollmentCount: 0 });
    const missing = await ctx.app.inject({ url: '/api/admin/courses/999999', headers: admin.headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('COURSE_NOT_FOUND');
  });

  it("edits a course with the teacher's rules and audits the change", async () => {
    const admin = await signedInAdmin(ctx.app, ctx.db);
    const course = await createCourse(ctx.db);
    const response = await ctx.app.inject({ method: 'PATCH', url: `/api/admin/courses/${course.id}`, headers: admin.headers, payload: validEdit });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ...validEdit });
    const [stored] = await ctx.db.select().from(courses).where(eq(courses.id, course.id));
    expect(stored).toMatchObject({ title: 'JavaScript moderno', priceCents: 4500, level: 'advanced' });

    const [audit] = await ctx.db.select().from(auditLog);
    expect(audit).toMatchObject({ actorId: admin.id, action: 'course.edit', targetType: 'course', targetId: String(course.id) });
    expect(audit!.before).toMatchObject({ title: course.title, priceCents: 1999 });
    expect(audit!.after).toMatchObject({ title: 'JavaScript moderno', priceCents: 4500 });
  });

  it.each([
    ['title', { title: 'Java' }, 'validation.titleMin'],
    ['title', { title: '   ' }, 'validation.titleRequired'],
    ['teacherName', { teacherName: 'Ana' }, 'validation.teacherNameMin'],
    ['description', { description: 'Muy corto aqui' }, 'validation.descriptionLength'],
    ['description', { description: 'x'.repeat(201) }, 'validation.descriptionLength'],
    ['priceCents', { priceCents: 10_001 }, 'validation.priceRange'],
    ['priceCents', { priceCents: -1 }, 'validation.priceRange'],
    ['level', { level: 'expert' }, 'validation.levelRequired'],
    ['language', { language: 'french' }, 'validation.languageRequired'],
    ['imageUrl', { imageUrl: 'javascript:alert(1)' }, 'validation.imageUrl'],
  ])('refuses an edit with a bad %s and changes nothing', async (field, change, message) => {
    const admin = await signedInAdmin(ctx.app, ctx.db);
    const course = await createCourse(ctx.db);
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/courses/${course.id}`,
      headers: admin.headers,
      payload: { ...validEdit, ...change },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [field]: [message] } });
    const [stored] = await ctx.db.select().from(courses).where(eq(courses.id, course.id));
    expect(stored!.title).toBe(course.title);
    expect(await ctx.db.select().from(auditLog)).toEqual([]);
  });

  it('accepts the limits of the rules: 15 and 200 characters, free and 100 US$', async () => {
    const admin = await signedInAdmin(ctx.app, ctx.db);
    const course = await createCourse(ctx.db);
    for (const change of [{ description: 'x'.repeat(15), priceCents: 0 }, { description: 'x'.repeat(200), priceCents: 10_000, imageUrl: '' }]) {
      const response = await ctx.app.inject({ method: 'PATCH', url: `/api/admin/courses/${course.id}`, headers: admin.headers, payload: { ...validEdit, ...change } });
      expect(response.statusCode).toBe(200);
    }
    // Left without a cover, the course gets the default one, as when its teacher does the same.
    const [stored] = await ctx.db.select().from(courses).where(eq(courses.id, course.id));
    expect(stored).toMatchObject({ priceCents: 10_000, imageUrl: DEFAULT_COURSE_COVER });
  });

  it('disabling hides the course from carts and favourites without deleting them; buyers keep it; enabling brings it back', async () => {
    const admin = await signedInAdmin(ctx.app, ctx.db);
    const course = await createCourse(ctx.db, { priceCents: 1200 });
    const other = await createCourse(ctx.db, { priceCents: 800 });
    const shopper = await signedInUser(ctx.app);
    const buyer = await createUser(ctx.db);
    await ctx.db.insert(cartItems).values([
      { userId: shopper.id, courseId: course.id },
      { userId: shopper.id, courseId: other.id },
    ]);
    await ctx.db.insert(favourites).values([
      { userId: shopper.id, courseId: course.id },
      { userId: buyer.id, courseId: course.id },
      { userId: shopper.id, courseId: other.id },
    ]);
    await ctx.db.insert(enrollments).values({ userId: buyer.id, courseId: course.id });
    const shown = async () => {
      const cart = (await ctx.app.inject({ url: '/api/cart', headers: shopper.headers })).json() as { items: { courseId: number }[]; totalCents: number };
      const liked = (await ctx.app.inject({ url: '/api/favourites', headers: shopper.headers })).json() as { items: { id: number }[] };
      return { cart: cart.items.map((item) => item.courseId).sort(), total: cart.totalCents, favourites: liked.items.map((item) => item.id).sort() };
    };
    const both = [course.id, other.id].sort();
    expect(await shown()).toEqual({ cart: both, total: 2000, favourites: both });

    const response = await ctx.app.inject({ method: 'POST', url: `/api/admin/courses/${course.id}/disable`, headers: admin.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().disabledAt).toEqual(expect.any(String));

    expect(await shown()).toEqual({ cart: [other.id], total: 800, favourites: [other.id] });
    // Hidden, not deleted: every cart line and favourite is still stored.
    expect(await ctx.db.select().from(cartItems)).toHaveLength(2);
    expect(await ctx.db.select().from(favourites)).toHaveLength(3);
    expect(await ctx.db.select().from(enrollments).where(and(eq(enrollments.userId, buyer.id), eq(enrollments.courseId, course.id)))).toHaveLength(1);

    const [audit] = await ctx.db.select().from(auditLog);
    expect(audit).toMatchObject({ action: 'course.disable', targetId: String(course.id), before: { disabledAt: null } });

    const again = await ctx.app.inject({ method: 'POST', url: `/api/admin/courses/${course.id}/disable`, headers: admin.headers });
    expect(again.statusCode).toBe(409);

    expect((await ctx.app.inject({ method: 'POST', url: `/api/admin/courses/${course.id}/enable`, headers: admin.headers })).statusCode).toBe(200);
    expect(await shown()).toEqual({ cart: both, total: 2000, favourites: both });
  });

  it('enables a disabled course again', async () => {
    const admin = await signedInAdmin(ctx.app, ctx.db);
    const course = await createCourse(ctx.db, { disabledAt: new Date() });
    const response = await ctx.app.inject({ method: 'POST', url: `/api/admin/courses/${course.id}/enable`, headers: admin.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().disabledAt).toBeNull();
    const [audit] = await ctx.db.select().from(auditLog);
    expect(audit).toMatchObject({ action: 'course.enable', after: { disabledAt: null } });
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/admin/courses/999999/enable', headers: admin.headers });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses every course action to a signed-in non-admin, changing nothing', async () => {
    const user = await signedInUser(ctx.app);
    const course = await createCourse(ctx.db, { ownerId: user.id });
    const attempts = [
      { method: 'PATCH' as const, url: `/api/admin/courses/${course.id}`, payload: validEdit },
      { method: 'POST' as const, url: `/api/admin/courses/${course.id}/disable` },
    ];
    for (const attempt of attempts) {
      const response = await ctx.app.inject({ ...attempt, headers: user.headers });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
    }
    const [stored] = await ctx.db.select().from(courses).where(eq(courses.id, course.id));
    expect(stored).toMatchObject({ title: course.title, disabledAt: null });
  });
});
