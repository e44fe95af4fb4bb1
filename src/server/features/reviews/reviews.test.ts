import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signedInUser, type TestUser } from '../../../../test/helpers/auth';
import { as } from '../../../../test/helpers/commerce';
import { courses, reviews } from '../../db/schema';
import { createCourse, createEnrollment, createTeacher } from '../../db/factories';

describe('reviews', () => {
  const ctx = useTestApp();

  const review = (user: TestUser | null, courseId: number, payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: `/api/courses/${courseId}/reviews`, headers: user ? as(user) : { origin: ctx.config.publicUrl }, payload: payload as object });
  const remove = (user: TestUser | null, reviewId: number) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/reviews/${reviewId}`, headers: user ? as(user) : { origin: ctx.config.publicUrl } });
  const ratingOf = async (courseId: number) => {
    const [course] = await ctx.db.select({ ratingAverage: courses.ratingAverage, ratingCount: courses.ratingCount }).from(courses).where(eq(courses.id, courseId));
    return course!;
  };

  async function courseWithBuyers(count: number) {
    const course = await createCourse(ctx.db, { ownerId: await createTeacher(ctx.db) });
    const buyers: TestUser[] = [];
    for (let index = 0; index < count; index++) {
      const buyer = await signedInUser(ctx.app);
      await createEnrollment(ctx.db, { userId: buyer.id, courseId: course.id });
      buyers.push(buyer);
    }
    return { course, buyers };
  }

  it('lets a buyer review: 201, the review with its author, and the course rating in step', async () => {
    const { course, buyers } = await courseWithBuyers(1);
    const response = await review(buyers[0]!, course.id, { rating: 4, comment: '  Muy claro y práctico  ' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.review).toMatchObject({ userId: buyers[0]!.id, userName: buyers[0]!.name, rating: 4, comment: 'Muy claro y práctico' });
    expect(body).toMatchObject({ replaced: false, ratingAverage: 4, ratingCount: 1 });
    expect(await ratingOf(course.id)).toEqual({ ratingAverage: 4, ratingCount: 1 });
  });

  it('keeps one review per buyer and course: sending again replaces it (200) and says so', async () => {
    const { course, buyers } = await courseWithBuyers(1);
    const first = await review(buyers[0]!, course.id, { rating: 2, comment: 'Regular' });
    expect(first.json().replaced).toBe(false);
    const second = await review(buyers[0]!, course.id, { rating: 5, comment: 'Mejoró mucho' });
    expect(second.statusCode).toBe(200);
    expect(second.json().replaced).toBe(true);
    expect(second.json().review.id).toBe(first.json().review.id);
    const rows = await ctx.db.select().from(reviews);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rating: 5, comment: 'Mejoró mucho' });
    expect(await ratingOf(course.id)).toEqual({ ratingAverage: 5, ratingCount: 1 });
  });

  it('averages over every buyer exactly, also under concurrent reviews', async () => {
    const { course, buyers } = await courseWithBuyers(6);
    const ratings = [5, 4, 4, 3, 1, 2];
    const responses = await Promise.all(buyers.map((buyer, index) => review(buyer, course.id, { rating: ratings[index], comment: `Opinión ${index}` })));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(6).fill(201));
    expect(await ratingOf(course.id)).toEqual({ ratingAverage: 19 / 6, ratingCount: 6 });
    // The catalogue's rating filter shows floor(average) = 3.
    expect(Math.floor((await ratingOf(course.id)).ratingAverage)).toBe(3);
  });

  it('refuses visitors (401), non-buyers (403, the course owner included) and unknown courses (404)', async () => {
    const teacherUser = await signedInUser(ctx.app);
    const course = await createCourse(ctx.db, { ownerId: teacherUser.id });
    const stranger = await signedInUser(ctx.app);
    expect((await review(null, course.id, { rating: 5, comment: 'x' })).statusCode).toBe(401);
    const notBuyer = await review(stranger, course.id, { rating: 5, comment: 'Spam' });
    expect(notBuyer.statusCode).toBe(403);
    expect(notBuyer.json().error.code).toBe('NOT_ENROLLED');
    expect((await review(teacherUser, course.id, { rating: 5, comment: 'Mi propio curso' })).statusCode).toBe(403);
    expect((await review(stranger, 999_999, { rating: 5, comment: 'x' })).json().error.code).toBe('COURSE_NOT_FOUND');
    expect(await ctx.db.select().from(reviews)).toEqual([]);
    expect(await ratingOf(course.id)).toEqual({ ratingAverage: 0, ratingCount: 0 });
  });

  it('takes a whole rating from 1 to 5 and a non-empty comment', async () => {
    const { course, buyers } = await courseWithBuyers(1);
    const cases: [unknown, string][] = [
      [{ rating: 0, comment: 'ok' }, 'rating'],
      [{ rating: 6, comment: 'ok' }, 'rating'],
      [{ rating: 4.5, comment: 'ok' }, 'rating'],
      [{ rating: '5', comment: 'ok' }, 'rating'],
      [{ comment: 'ok' }, 'rating'],
      [{ rating: 5, comment: '   ' }, 'comment'],
      [{ rating: 5 }, 'comment'],
      [{ rating: 5, comment: 'x'.repeat(1001) }, 'comment'],
    ];
    for (const [payload, field] of cases) {
      const response = await review(buyers[0]!, course.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().error.fields)).toContain(field);
    }
    expect(await ctx.db.select().from(reviews)).toEqual([]);
  });

  it('lets only the author delete a review, and the rating follows', async () => {
    const { course, buyers } = await courseWithBuyers(2);
    const mine = (await review(buyers[0]!, course.id, { rating: 5, comment: 'Excelente' })).json().review;
    await review(buyers[1]!, course.id, { rating: 2, comment: 'Flojo' });
    expect(await ratingOf(course.id)).toEqual({ ratingAverage: 3.5, ratingCount: 2 });

    expect((await remove(null, mine.id)).statusCode).toBe(401);
    const byOther = await remove(buyers[1]!, mine.id);
    expect(byOther.statusCode).toBe(403);
    const admin = await signedInUser(ctx.app);
    expect((await remove(admin, mine.id)).statusCode).toBe(403);
    expect(await ctx.db.select().from(reviews)).toHaveLength(2);

    const deleted = await remove(buyers[0]!, mine.id);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ratingAverage: 2, ratingCount: 1 });
    expect(await ratingOf(course.id)).toEqual({ ratingAverage: 2, ratingCount: 1 });
    expect((await remove(buyers[0]!, mine.id)).json().error.code).toBe('REVIEW_NOT_FOUND');
  });

  it('goes back to 0 with no reviews left', async () => {
    const { course, buyers } = await courseWithBuyers(1);
    const mine = (await review(buyers[0]!, course.id, { rating: 3, comment: 'Bien' })).json().review;
    await remove(buyers[0]!, mine.id);
    expect(await ratingOf(course.id)).toEqual({ ratingAverage: 0, ratingCount: 0 });
  });
});
