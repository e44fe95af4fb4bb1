import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { createCourse, createOrder, createTeacher, createUser } from '../../db/factories';
import { ALSO_BOUGHT_MIN_BUYERS } from './reputation';
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
    // Six buyers bought it with `often`, five of them with `once` too (and with the disabled course);
    // five people left it unpaid with another course.
    const buyers = await Promise.all(Array.from({ length: 6 }, () => createUser(ctx.db)));
    for (const [index, buyer] of buyers.entries()) {
      await createOrder(ctx.db, { userId: buyer!.id, paymentStatus: 'paid', paidAt: new Date(), items: index < 5 ? [course, often, once, disabled] : [course, often] });
    }
    for (let n = 0; n < 5; n++) {
      await createOrder(ctx.db, { userId: (await createUser(ctx.db))!.id, paymentStatus: 'unpaid', items: [course, unpaid] });
    }
    const [first, second] = buyers;
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
    expect(reputation.students).toBe(6);
    expect(reputation.alsoBought.map((item: { id: number }) => item.id)).toEqual([often.id, once.id]);
    expect(reputation.teacherCourses.map((item: { id: number }) => item.id)).toEqual([sibling.id]);
  });

  it('shows a course as also bought only when at least 5 different buyers bought the two together', async () => {
    expect(ALSO_BOUGHT_MIN_BUYERS).toBe(5);
    const course = await createCourse(ctx.db, { ownerId: await createTeacher(ctx.db) });
    const other = await createTeacher(ctx.db);
    const [byFour, byFive, bySix, byOneRepeatedly] = [
      await createCourse(ctx.db, { ownerId: other }),
      await createCourse(ctx.db, { ownerId: other }),
      await createCourse(ctx.db, { ownerId: other }),
      await createCourse(ctx.db, { ownerId: other }),
    ];
    const buyers = await Promise.all(Array.from({ length: 6 }, () => createUser(ctx.db)));
    const buy = (buyer: (typeof buyers)[number], items: (typeof course)[]) =>
      createOrder(ctx.db, { userId: buyer!.id, paymentStatus: 'paid', paidAt: new Date(), items: [course, ...items] });
    for (const [index, buyer] of buyers.entries()) {
      await buy(buyer, [bySix, ...(index < 5 ? [byFive] : []), ...(index < 4 ? [byFour] : [])]);
    }
    // One buyer, six orders: one person, whatever the number of orders.
    for (let n = 0; n < 6; n++) await buy(buyers[0]!, [byOneRepeatedly]);
    const alsoBought = async () =>
      ((await ctx.app.inject({ url: `/api/courses/${course.id}/reputation` })).json().alsoBought as { id: number }[]).map((item) => item.id);

    expect(await alsoBought()).toEqual([bySix.id, byFive.id]);

    // A fifth buyer of the pair brings it in (five buyers each: the older course first).
    await buy(await createUser(ctx.db), [byFour]);
    expect(await alsoBought()).toEqual([bySix.id, byFour.id, byFive.id]);
  });

  it('leaves "also bought" empty while fewer than 5 buyers stand behind every pair', async () => {
    const course = await createCourse(ctx.db, { ownerId: await createTeacher(ctx.db) });
    const companion = await createCourse(ctx.db, { ownerId: await createTeacher(ctx.db) });
    // The one buyer of the course: the pair would tell what that person bought besides.
    const buyer = await createUser(ctx.db);
    await createOrder(ctx.db, { userId: buyer!.id, paymentStatus: 'paid', paidAt: new Date(), items: [course, companion] });
    for (let n = 0; n < 3; n++) {
      await createOrder(ctx.db, { userId: (await createUser(ctx.db))!.id, paymentStatus: 'paid', paidAt: new Date(), items: [course, companion] });
    }
    const reputation = (await ctx.app.inject({ url: `/api/courses/${course.id}/reputation` })).json();
    expect(reputation.students).toBe(4);
    expect(reputation.alsoBought).toEqual([]);
  });

  it('answers 404 for a disabled or unknown course', async () => {
    const disabled = await createCourse(ctx.db, { ownerId: await createTeacher(ctx.db), disabledAt: new Date() });
    expect((await ctx.app.inject({ url: `/api/courses/${disabled.id}/reputation` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/courses/999999/reputation' })).json().error.code).toBe('COURSE_NOT_FOUND');
  });
});
