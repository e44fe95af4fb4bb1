import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app';
import { signedInUser, type TestUser } from '../helpers/auth';
import { addToCart, as, checkout } from '../helpers/commerce';
import { insertCourseWithVideos } from '../helpers/videos';
import { createCourse, createReview, createUser, insertUpload } from '../../src/server/db/factories';
import { cartItems, courseVideos, enrollments, favourites, orders, reviews } from '../../src/server/db/schema';

/**
 * Two users, Ana and Beto: nothing Beto sends reads or changes what is Ana's, whatever ids he
 * puts in the URL or the body. Profiles, course edits and tus uploads have the same check in
 * users.test.ts, teaching.test.ts and uploads.test.ts.
 */
describe('one user against another', () => {
  const ctx = useTestApp();

  async function twoUsers() {
    const ana = await signedInUser(ctx.app);
    const beto = await signedInUser(ctx.app);
    const teacher = await createUser(ctx.db);
    return { ana, beto, teacherId: teacher.id };
  }

  const get = (user: TestUser, url: string) => ctx.app.inject({ url, headers: as(user) });
  const call = (user: TestUser, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: as(user), ...(payload ? { payload } : {}) });

  it('cart: Beto neither sees Ana’s cart nor empties it, item by item or whole', async () => {
    const { ana, beto, teacherId } = await twoUsers();
    const course = await createCourse(ctx.db, { ownerId: teacherId });
    await addToCart(ctx.app, ana, course.id);

    expect((await get(beto, '/api/cart')).json().items).toEqual([]);
    expect((await call(beto, 'DELETE', `/api/cart/${course.id}`)).statusCode).toBeLessThan(500);
    expect((await call(beto, 'DELETE', '/api/cart')).statusCode).toBeLessThan(500);

    expect(await ctx.db.select({ courseId: cartItems.courseId }).from(cartItems).where(eq(cartItems.userId, ana.id))).toEqual([{ courseId: course.id }]);
    expect((await get(ana, '/api/cart')).json().items).toHaveLength(1);
  });

  it('favourites: Beto neither sees Ana’s nor removes them', async () => {
    const { ana, beto, teacherId } = await twoUsers();
    const course = await createCourse(ctx.db, { ownerId: teacherId });
    expect((await call(ana, 'PUT', `/api/favourites/${course.id}`)).statusCode).toBe(200);

    expect((await get(beto, '/api/favourites')).json().items).toEqual([]);
    await call(beto, 'DELETE', `/api/favourites/${course.id}`);
    expect(await ctx.db.select().from(favourites).where(and(eq(favourites.userId, ana.id), eq(favourites.courseId, course.id)))).toHaveLength(1);
  });

  it('orders: Beto neither lists Ana’s order nor confirms it with her checkout session', async () => {
    const { ana, beto, teacherId } = await twoUsers();
    const course = await createCourse(ctx.db, { ownerId: teacherId, priceCents: 1500 });
    await addToCart(ctx.app, ana, course.id);
    const { orderId } = await checkout(ctx.app, ana);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));

    expect((await get(beto, '/api/orders')).json().items).toEqual([]);
    const confirm = await call(beto, 'POST', '/api/orders/confirm', { sessionId: order!.providerSessionId });
    expect(confirm.statusCode).toBe(404);
    expect(confirm.json().error.code).toBe('ORDER_NOT_FOUND');
    expect(await ctx.db.select().from(enrollments).where(eq(enrollments.userId, beto.id))).toEqual([]);
    expect((await get(ana, '/api/orders')).json().items).toHaveLength(1);
  });

  it('reviews: Beto cannot delete Ana’s review, and his own review never replaces hers', async () => {
    const { ana, beto, teacherId } = await twoUsers();
    const course = await createCourse(ctx.db, { ownerId: teacherId });
    await ctx.db.insert(enrollments).values([{ userId: ana.id, courseId: course.id }, { userId: beto.id, courseId: course.id }]);
    const review = await createReview(ctx.db, { courseId: course.id, userId: ana.id, rating: 5, comment: 'El mejor curso' });

    const remove = await call(beto, 'DELETE', `/api/reviews/${review.id}`);
    expect(remove.statusCode).toBe(403);
    const own = await call(beto, 'POST', `/api/courses/${course.id}/reviews`, { rating: 1, comment: 'No me gustó' });
    expect(own.statusCode).toBe(201);

    const stored = await ctx.db.select({ userId: reviews.userId, rating: reviews.rating, comment: reviews.comment }).from(reviews).where(eq(reviews.courseId, course.id));
    expect(stored).toHaveLength(2);
    expect(stored).toContainEqual({ userId: ana.id, rating: 5, comment: 'El mejor curso' });
  });

  it('paid videos: Beto gets neither Ana’s course page nor a link to its main video', async () => {
    const { ana, beto, teacherId } = await twoUsers();
    const { course } = await insertCourseWithVideos(ctx.db, ctx.dataDir, teacherId);
    await ctx.db.insert(enrollments).values({ userId: ana.id, courseId: course.id });

    expect((await get(ana, `/api/videos/courses/${course.id}/main`)).statusCode).toBe(200);
    const main = await get(beto, `/api/videos/courses/${course.id}/main`);
    expect(main.statusCode).toBe(403);
    expect(main.body).not.toContain('/api/videos/stream/');
    const enrolled = await get(beto, `/api/enrollments/${course.id}`);
    expect(enrolled.statusCode).toBe(403);
    expect((await get(beto, '/api/enrollments')).json()).not.toMatchObject({ items: [expect.objectContaining({ id: course.id })] });
  });

  it('uploads: Beto neither lists nor removes Ana’s unused videos', async () => {
    const { ana, beto } = await twoUsers();
    const upload = await insertUpload(ctx.db, ana.id);
    expect((await get(beto, '/api/videos/uploads')).json().items).toEqual([]);
    const remove = await call(beto, 'DELETE', `/api/videos/uploads/${upload.id}`);
    expect(remove.statusCode).toBe(404);
    expect(await ctx.db.select().from(courseVideos).where(eq(courseVideos.id, upload.id))).toHaveLength(1);
  });
});
