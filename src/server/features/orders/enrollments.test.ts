import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signedInUser, type TestUser } from '../../../../test/helpers/auth';
import { addToCart, as } from '../../../../test/helpers/commerce';
import { cartItems, courses, enrollments, orders } from '../../db/schema';
import { createCourse, createEnrollment, createTeacher } from '../../db/factories';

describe('enrolments: my courses, the player, free courses', () => {
  const ctx = useTestApp();

  const enrolFree = (user: TestUser | null, courseId: number) =>
    ctx.app.inject({ method: 'POST', url: `/api/courses/${courseId}/enroll`, headers: user ? as(user) : { origin: ctx.config.publicUrl } });

  it('enrols in a free course with one click, without an order, and takes it out of the cart', async () => {
    const course = await createCourse(ctx.db, { ownerId: await createTeacher(ctx.db), priceCents: 0 });
    const user = await signedInUser(ctx.app);
    await addToCart(ctx.app, user, course.id);
    const response = await enrolFree(user, course.id);
    expect(response.statusCode).toBe(201);
    expect(response.json().courseId).toBe(course.id);
    expect(await ctx.db.select({ courseId: enrollments.courseId, orderId: enrollments.orderId }).from(enrollments).where(eq(enrollments.userId, user.id))).toEqual([
      { courseId: course.id, orderId: null },
    ]);
    expect(await ctx.db.select().from(orders)).toEqual([]);
    expect(await ctx.db.select().from(cartItems)).toEqual([]);
    const again = await enrolFree(user, course.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('COURSE_ALREADY_OWNED');
  });

  it('refuses one-click enrolment for paid, own, disabled or unknown courses, and for visitors', async () => {
    const teacher = await signedInUser(ctx.app);
    const paid = await createCourse(ctx.db, { ownerId: teacher.id, priceCents: 500 });
    const own = await createCourse(ctx.db, { ownerId: teacher.id, priceCents: 0 });
    const disabled = await createCourse(ctx.db, { ownerId: teacher.id, priceCents: 0, disabledAt: new Date() });
    const user = await signedInUser(ctx.app);
    expect((await enrolFree(null, own.id)).statusCode).toBe(401);
    expect((await enrolFree(user, paid.id)).json().error.code).toBe('COURSE_NOT_FREE');
    expect((await enrolFree(teacher, own.id)).json().error.code).toBe('COURSE_IS_YOURS');
    expect((await enrolFree(user, disabled.id)).statusCode).toBe(404);
    expect((await enrolFree(user, 999_999)).statusCode).toBe(404);
    expect(await ctx.db.select().from(enrollments)).toEqual([]);
  });

  it('lists my courses newest first, keeping a course disabled after purchase', async () => {
    const teacher = await createTeacher(ctx.db);
    const older = await createCourse(ctx.db, { ownerId: teacher, title: 'Older' });
    const newer = await createCourse(ctx.db, { ownerId: teacher, title: 'Newer', teacherName: 'Luis Pérez' });
    const notMine = await createCourse(ctx.db, { ownerId: teacher });
    const user = await signedInUser(ctx.app);
    await ctx.db.insert(enrollments).values({ userId: user.id, courseId: older.id, createdAt: new Date(Date.now() - 60_000) });
    await createEnrollment(ctx.db, { userId: user.id, courseId: newer.id });
    await ctx.db.update(courses).set({ disabledAt: new Date() }).where(eq(courses.id, older.id));
    const response = await ctx.app.inject({ url: '/api/enrollments', headers: as(user) });
    expect(response.statusCode).toBe(200);
    const items = response.json().items;
    expect(items.map((item: { id: number }) => item.id)).toEqual([newer.id, older.id]);
    expect(items[0]).toMatchObject({ title: 'Newer', teacherName: 'Luis Pérez', imageUrl: newer.imageUrl, disabled: false });
    expect(items[1]).toMatchObject({ title: 'Older', disabled: true });
    expect(items.map((item: { id: number }) => item.id)).not.toContain(notMine.id);
    expect((await ctx.app.inject({ url: '/api/enrollments' })).statusCode).toBe(401);
  });

  it('gives the player the course details to its buyers only: 403 when not bought, 404 when unknown', async () => {
    const course = await createCourse(ctx.db, { ownerId: await createTeacher(ctx.db), durationHours: 7, language: 'english', level: 'advanced', teacherName: 'Ana Torres' });
    const buyer = await signedInUser(ctx.app);
    const stranger = await signedInUser(ctx.app);
    await createEnrollment(ctx.db, { userId: buyer.id, courseId: course.id });
    const response = await ctx.app.inject({ url: `/api/enrollments/${course.id}`, headers: as(buyer) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: course.id, title: course.title, description: course.description, durationHours: 7, language: 'english', level: 'advanced', teacherName: 'Ana Torres' });
    const refused = await ctx.app.inject({ url: `/api/enrollments/${course.id}`, headers: as(stranger) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('NOT_ENROLLED');
    expect((await ctx.app.inject({ url: '/api/enrollments/999999', headers: as(buyer) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/enrollments/abc', headers: as(buyer) })).statusCode).toBe(400);
  });
});
