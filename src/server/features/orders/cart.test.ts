import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signedInUser } from '../../../../test/helpers/auth';
import { as } from '../../../../test/helpers/commerce';
import { limits } from '../../../shared/limits';
import { cartItems, courses } from '../../db/schema';
import { createCourse, createEnrollment, createTeacher } from '../../db/factories';

describe('cart', () => {
  const ctx = useTestApp();

  const add = (user: { cookie: string } | null, courseId: unknown) =>
    ctx.app.inject({ method: 'POST', url: '/api/cart', headers: user ? as(user) : { origin: ctx.config.publicUrl }, payload: { courseId } });

  it('refuses visitors: reading and adding need a signed-in user', async () => {
    const course = await createCourse(ctx.db, { ownerId: await createTeacher(ctx.db) });
    expect((await ctx.app.inject({ url: '/api/cart' })).statusCode).toBe(401);
    const response = await add(null, course.id);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
    expect(await ctx.db.select().from(cartItems)).toEqual([]);
  });

  it('adds a course and shows it with its price from the database and the total', async () => {
    const teacher = await createTeacher(ctx.db);
    const first = await createCourse(ctx.db, { ownerId: teacher, title: 'Python desde cero', priceCents: 1999, teacherName: 'Ana Torres' });
    const second = await createCourse(ctx.db, { ownerId: teacher, title: 'React avanzado', priceCents: 4550 });
    const user = await signedInUser(ctx.app);
    expect((await add(user, first.id)).statusCode).toBe(201);
    const response = await add(user, second.id);
    expect(response.statusCode).toBe(201);
    const cart = response.json();
    expect(cart.items.map((item: { courseId: number }) => item.courseId)).toEqual([first.id, second.id]);
    expect(cart.items[0]).toMatchObject({ title: 'Python desde cero', priceCents: 1999, teacherName: 'Ana Torres', description: first.description, imageUrl: first.imageUrl });
    expect(cart.totalCents).toBe(6549);
    const read = await ctx.app.inject({ url: '/api/cart', headers: as(user) });
    expect(read.json()).toEqual(cart);
  });

  it(`holds at most ${limits.cartMaxItems} courses (409 CART_FULL), even when adds race`, async () => {
    const teacher = await createTeacher(ctx.db);
    const user = await signedInUser(ctx.app);
    const stocked = [];
    for (let index = 0; index < limits.cartMaxItems - 1; index += 1) stocked.push(await createCourse(ctx.db, { ownerId: teacher }));
    await ctx.db.insert(cartItems).values(stocked.map((course) => ({ userId: user.id, courseId: course.id })));
    // A line hidden while its course is disabled still counts: it is stored, and comes back.
    await ctx.db.update(courses).set({ disabledAt: new Date() }).where(eq(courses.id, stocked[0]!.id));
    const racing = [await createCourse(ctx.db, { ownerId: teacher }), await createCourse(ctx.db, { ownerId: teacher }), await createCourse(ctx.db, { ownerId: teacher })];
    const answers = await Promise.all(racing.map((course) => add(user, course.id)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    expect(answers.filter((answer) => answer.statusCode === 409).map((answer) => answer.json().error.code)).toEqual(['CART_FULL', 'CART_FULL']);
    expect(await ctx.db.select().from(cartItems).where(eq(cartItems.userId, user.id))).toHaveLength(limits.cartMaxItems);
  });

  it('answers 409 COURSE_ALREADY_IN_CART ("Course exists!") for a course already in the cart, and keeps one row', async () => {
    const course = await createCourse(ctx.db, { ownerId: await createTeacher(ctx.db) });
    const user = await signedInUser(ctx.app);
    expect((await add(user, course.id)).statusCode).toBe(201);
    const again = await add(user, course.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('COURSE_ALREADY_IN_CART');
    expect(await ctx.db.select().from(cartItems)).toHaveLength(1);
  });

  it('keeps one row when the same course is added many times at once', async () => {
    const course = await createCourse(ctx.db, { ownerId: await createTeacher(ctx.db) });
    const user = await signedInUser(ctx.app);
    const responses = await Promise.all(Array.from({ length: 10 }, () => add(user, course.id)));
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
    expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(9);
    expect(await ctx.db.select().from(cartItems)).toHaveLength(1);
  });

  it('refuses a course the user already owns (COURSE_ALREADY_OWNED)', async () => {
    const course = await createCourse(ctx.db, { ownerId: await createTeacher(ctx.db) });
    const user = await signedInUser(ctx.app);
    await createEnrollment(ctx.db, { userId: user.id, courseId: course.id });
    const response = await add(user, course.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('COURSE_ALREADY_OWNED');
    expect(await ctx.db.select().from(cartItems)).toEqual([]);
  });

  it('refuses a course the user created (COURSE_IS_YOURS)', async () => {
    const user = await signedInUser(ctx.app);
    const course = await createCourse(ctx.db, { ownerId: user.id });
    const response = await add(user, course.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('COURSE_IS_YOURS');
    expect(await ctx.db.select().from(cartItems)).toEqual([]);
  });

  it('refuses a disabled or unknown course with 404, and bad ids with 400', async () => {
    const disabled = await createCourse(ctx.db, { ownerId: await createTeacher(ctx.db), disabledAt: new Date() });
    const user = await signedInUser(ctx.app);
    expect((await add(user, disabled.id)).json().error.code).toBe('COURSE_NOT_FOUND');
    expect((await add(user, 999_999)).statusCode).toBe(404);
    for (const bad of ['1', -1, 0, 1.5, null, 2 ** 31]) {
      const response = await add(user, bad);
      expect(response.statusCode, String(bad)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect(await ctx.db.select().from(cartItems)).toEqual([]);
  });

  it('hides courses disabled or bought after they were added, and leaves them out of the total', async () => {
    const teacher = await createTeacher(ctx.db);
    const kept = await createCourse(ctx.db, { ownerId: teacher, priceCents: 1000 });
    const disabledLater = await createCourse(ctx.db, { ownerId: teacher, priceCents: 2000 });
    const boughtLater = await createCourse(ctx.db, { ownerId: teacher, priceCents: 3000 });
    const user = await signedInUser(ctx.app);
    for (const course of [kept, disabledLater, boughtLater]) await add(user, course.id);
    await ctx.db.update(courses).set({ disabledAt: new Date() }).where(eq(courses.id, disabledLater.id));
    await createEnrollment(ctx.db, { userId: user.id, courseId: boughtLater.id });
    const cart = (await ctx.app.inject({ url: '/api/cart', headers: as(user) })).json();
    expect(cart.items.map((item: { courseId: number }) => item.courseId)).toEqual([kept.id]);
    expect(cart.totalCents).toBe(1000);
  });

  it('removes one course and clears the whole cart', async () => {
    const teacher = await createTeacher(ctx.db);
    const [a, b, c] = [await createCourse(ctx.db, { ownerId: teacher }), await createCourse(ctx.db, { ownerId: teacher }), await createCourse(ctx.db, { ownerId: teacher })];
    const user = await signedInUser(ctx.app);
    for (const course of [a!, b!, c!]) await add(user, course.id);
    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/cart/${b!.id}`, headers: as(user) });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().items.map((item: { courseId: number }) => item.courseId)).toEqual([a!.id, c!.id]);
    // Removing again is harmless (a double click).
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/cart/${b!.id}`, headers: as(user) })).statusCode).toBe(200);
    const cleared = await ctx.app.inject({ method: 'DELETE', url: '/api/cart', headers: as(user) });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ items: [], listTotalCents: 0, discountCents: 0, totalCents: 0, coupon: null });
    expect(await ctx.db.select().from(cartItems)).toEqual([]);
  });

  it('belongs to its owner only: another user neither reads nor changes it', async () => {
    const course = await createCourse(ctx.db, { ownerId: await createTeacher(ctx.db) });
    const owner = await signedInUser(ctx.app);
    const intruder = await signedInUser(ctx.app);
    await add(owner, course.id);
    expect((await ctx.app.inject({ url: '/api/cart', headers: as(intruder) })).json().items).toEqual([]);
    await ctx.app.inject({ method: 'DELETE', url: `/api/cart/${course.id}`, headers: as(intruder) });
    await ctx.app.inject({ method: 'DELETE', url: '/api/cart', headers: as(intruder) });
    expect((await ctx.app.inject({ url: '/api/cart', headers: as(owner) })).json().items).toHaveLength(1);
    // The same course in the intruder's own cart is a separate row.
    expect((await add(intruder, course.id)).statusCode).toBe(201);
    expect(await ctx.db.select().from(cartItems)).toHaveLength(2);
  });

  it('is the same on every device: a second session of the user sees the same cart', async () => {
    const course = await createCourse(ctx.db, { ownerId: await createTeacher(ctx.db) });
    const user = await signedInUser(ctx.app);
    await add(user, course.id);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ctx.config.publicUrl, 'content-type': 'application/json' },
      payload: { email: user.email, password: 'Passw0rd12' },
    });
    expect(signIn.statusCode).toBe(200);
    const token = signIn.json().token as string;
    const other = await ctx.app.inject({ url: '/api/cart', headers: { authorization: `Bearer ${token}` } });
    expect(other.json().items.map((item: { courseId: number }) => item.courseId)).toEqual([course.id]);
  });
});
