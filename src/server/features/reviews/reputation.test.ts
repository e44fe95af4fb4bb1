import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { createTeacher } from '../../../../test/helpers/commerce';
import { createCourse, createOrder, createUser } from '../../db/factories';
import { reviews } from '../../db/schema';

describe("a course's reputation", () => {
  const ctx = useTestApp();

  it('answers the rating distribution, students, courses bought together (paid, active) and the teacher’s other active courses', async () => {
    const teacher = await createTeacher(ctx.db);
    const course = await createCourse(ctx.db, { ownerId: teacher });
    const sibling = await createCourse(ctx.db, { ownerId: teacher });
    await createCourse(ctx.db, { ownerId: teacher, disabledAt: new Date() });
    const other = await createTeacher(ctx.db);
    const often = await createCourse(ctx.db, { ownerId: other });
    const once = await createCourse(ctx.db, { ownerId: other });
    const disabled = await createCourse(ctx.db, { ownerId: other, disabledAt: new Date() });
    const unpaid = await createCourse(ctx.db, { ownerId: other });
    const [first, second, third] = [await createUser(ctx.db), await createUser(ctx.db), await createUser(ctx.db)];
    await createOrder(ctx.db, { userId: first!.id, paymentStatus: 'paid', paidAt: new Date(), items: [course, often, once, disabled] });
    await createOrder(ctx.db, { userId: second!.id, paymentStatus: 'paid', paidAt: new Date(), items: [course, often] });
    await createOrder(ctx.db, { userId: third!.id, paymentStatus: 'unpaid', items: [course, unpaid] });
    await ctx.db.insert(reviews).values([
      { courseId: course.id, userId: first!.id, rating: 5, comment: 'Excelente' },
      { courseId: course.id, userId: second!.id, rating: 4, comment: 'Bueno' },
    ]);

    const response = await ctx.app.inject({ url: `/api/courses/${course.id}/reputation` });
    expect(response.statusCode).toBe(200);
    const reputation = response.json();
    expect(reputation.ratings).toEqual([
      { stars: 1, count: 0, percent: 0 },
      { stars: 2, count: 0, percent: 0 },
      { stars: 3, count: 0, percent: 0 },
      { stars: 4, count: 1, percent: 50 },
      { stars: 5, count: 1, percent: 50 },
    ]);
    expect(reputation.students).toBe(2);
    expect(reputation.alsoBought.map((item: { id: number }) => item.id)).toEqual([often.id, once.id]);
    expect(reputation.teacherCourses.map((item: { id: number }) => item.id)).toEqual([sibling.id]);
  });

  it('answers 404 for a disabled or unknown course', async () => {
    const disabled = await createCourse(ctx.db, { ownerId: await createTeacher(ctx.db), disabledAt: new Date() });
    expect((await ctx.app.inject({ url: `/api/courses/${disabled.id}/reputation` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/courses/999999/reputation' })).json().error.code).toBe('COURSE_NOT_FOUND');
  });
});
