import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signedInUser, type TestUser } from '../../../../test/helpers/auth';
import { addToCart, as } from '../../../../test/helpers/commerce';
import { createCourse, createTeacher, createUser, insertCoupon, orderWithCoupon } from '../../db/factories';
import { cartCoupons, coupons, courses } from '../../db/schema';

describe('a coupon in the cart', () => {
  const ctx = useTestApp();

  const apply = (user: TestUser, code: unknown) => ctx.app.inject({ method: 'PUT', url: '/api/cart/coupon', headers: as(user), payload: { code } });
  const readCart = async (user: TestUser) => (await ctx.app.inject({ url: '/api/cart', headers: as(user) })).json();
  const storedCode = async (user: TestUser) => (await ctx.db.select().from(cartCoupons).where(eq(cartCoupons.userId, user.id)))[0]?.code ?? null;

  /** A teacher with two courses (1999 and 4550) and a buyer holding both plus another teacher's course (3000) in the cart. */
  async function mixedCart() {
    const teacher = await createTeacher(ctx.db);
    const other = await createTeacher(ctx.db);
    const first = await createCourse(ctx.db, { ownerId: teacher, priceCents: 1999 });
    const second = await createCourse(ctx.db, { ownerId: teacher, priceCents: 4550 });
    const foreign = await createCourse(ctx.db, { ownerId: other, priceCents: 3000 });
    const buyer = await signedInUser(ctx.app);
    for (const course of [first, second, foreign]) await addToCart(ctx.app, buyer, course.id);
    return { teacher, other, first, second, foreign, buyer };
  }

  const lineOf = (cart: { items: { courseId: number }[] }, courseId: number) => cart.items.find((item) => item.courseId === courseId);

  it('applies a teacher’s code in any letter case: only that teacher’s lines are discounted, each with its list price kept', async () => {
    const { teacher, first, second, foreign, buyer } = await mixedCart();
    await insertCoupon(ctx.db, { createdBy: teacher, code: 'Lanzamiento50', discountKind: 'percent', discountValue: 50 });
    const response = await apply(buyer, '  lanzamiento50 ');
    expect(response.statusCode).toBe(200);
    const cart = response.json();
    // 1999 × 50 % = 999.5, rounded half up to 1000.
    expect(lineOf(cart, first.id)).toMatchObject({ listPriceCents: 1999, discountCents: 1000, priceCents: 999 });
    expect(lineOf(cart, second.id)).toMatchObject({ listPriceCents: 4550, discountCents: 2275, priceCents: 2275 });
    expect(lineOf(cart, foreign.id)).toMatchObject({ listPriceCents: 3000, discountCents: 0, priceCents: 3000 });
    expect(cart).toMatchObject({ listTotalCents: 9549, discountCents: 3275, totalCents: 6274 });
    // Shown as its creator typed it, and kept across reads.
    expect(cart.coupon).toEqual({ code: 'Lanzamiento50', discountKind: 'percent', discountValue: 50, problem: null });
    expect(await readCart(buyer)).toEqual(cart);
    expect(await storedCode(buyer)).toBe('Lanzamiento50');
  });

  it('covers only the courses a coupon names, and a site coupon covers any teacher’s', async () => {
    const { first, second, foreign, buyer } = await mixedCart();
    const admin = await createUser(ctx.db, { isAdmin: true });
    await insertCoupon(ctx.db, { createdBy: admin.id, ownerId: null, code: 'SITE-FOREIGN', discountKind: 'amount', discountValue: 500, courseIds: [foreign.id, second.id] });
    const cart = (await apply(buyer, 'site-foreign')).json();
    expect(lineOf(cart, first.id)).toMatchObject({ discountCents: 0, priceCents: 1999 });
    expect(lineOf(cart, second.id)).toMatchObject({ discountCents: 500, priceCents: 4050 });
    expect(lineOf(cart, foreign.id)).toMatchObject({ discountCents: 500, priceCents: 2500 });
    expect(cart.totalCents).toBe(1999 + 4050 + 2500);
  });

  it('never takes a price below zero: an amount larger than a price makes that line free', async () => {
    const { teacher, first, second, buyer } = await mixedCart();
    await insertCoupon(ctx.db, { createdBy: teacher, code: 'BIG', discountKind: 'amount', discountValue: 3000 });
    const cart = (await apply(buyer, 'BIG')).json();
    expect(lineOf(cart, first.id)).toMatchObject({ listPriceCents: 1999, discountCents: 1999, priceCents: 0 });
    expect(lineOf(cart, second.id)).toMatchObject({ listPriceCents: 4550, discountCents: 3000, priceCents: 1550 });
    expect(cart.discountCents).toBe(4999);
  });

  it('answers every code the buyer cannot use alike (unknown, ended, not started, switched off, used up, another teacher’s, for other courses), and leaves the cart’s coupon as it was', async () => {
    const { teacher, other, foreign, buyer } = await mixedCart();
    const kept = await insertCoupon(ctx.db, { createdBy: teacher, code: 'KEPT10', discountValue: 10 });
    expect((await apply(buyer, 'KEPT10')).statusCode).toBe(200);
    const before = await readCart(buyer);
    const lonelyTeacher = await createTeacher(ctx.db);
    const lonelyCourse = await createCourse(ctx.db, { ownerId: lonelyTeacher });
    const past = new Date(Date.now() - 2 * 86_400_000);
    await insertCoupon(ctx.db, { createdBy: teacher, code: 'ENDED', startsAt: past, endsAt: new Date(Date.now() - 1000) });
    await insertCoupon(ctx.db, { createdBy: teacher, code: 'LATER', startsAt: new Date(Date.now() + 86_400_000) });
    await insertCoupon(ctx.db, { createdBy: teacher, code: 'SWITCHED-OFF', disabledAt: new Date() });
    const usedUp = await insertCoupon(ctx.db, { createdBy: other, code: 'GONE', maxUses: 2 });
    // One use paid by someone else, one held by another buyer's open checkout.
    await orderWithCoupon(ctx.db, usedUp, (await createUser(ctx.db)).id, { paymentStatus: 'paid' });
    await orderWithCoupon(ctx.db, usedUp, (await createUser(ctx.db)).id, { paymentStatus: 'unpaid', expiresAt: new Date(Date.now() + 600_000) });
    await insertCoupon(ctx.db, { createdBy: lonelyTeacher, code: 'ELSEWHERE', courseIds: [lonelyCourse.id] });
    const mine = await insertCoupon(ctx.db, { createdBy: other, code: 'ONCE', courseIds: [foreign.id] });
    // The buyer paid with it before; a refund does not give the use back.
    await orderWithCoupon(ctx.db, mine, buyer.id, { paymentStatus: 'refunded' });

    // One answer, so a guesser cannot tell a real code from a wrong one (409 against 404 told them before).
    const unknown = await apply(buyer, 'NOPE');
    expect(unknown.statusCode).toBe(404);
    for (const code of ['ended', 'later', 'switched-off', 'gone', 'elsewhere']) {
      const response = await apply(buyer, code);
      expect(response.statusCode, code).toBe(unknown.statusCode);
      expect(response.json(), code).toEqual(unknown.json());
    }
    expect(unknown.json()).toEqual({ error: { code: 'COUPON_NOT_FOUND', message: 'No coupon with this code applies to the courses in your cart' } });
    // Only a buyer who used the coupon already is told so: it is about their own purchases.
    const once = await apply(buyer, 'once');
    expect(once.statusCode).toBe(409);
    expect(once.json().error.code).toBe('COUPON_ALREADY_USED');
    expect(await storedCode(buyer)).toBe(kept.code);
    expect(await readCart(buyer)).toEqual(before);
    for (const bad of ['', '   ', 'x'.repeat(65), 7]) expect((await apply(buyer, bad)).statusCode, String(bad)).toBe(400);
  });

  it('lets a buyer use a capped coupon while only their own open checkout holds it', async () => {
    const { teacher, buyer } = await mixedCart();
    const coupon = await insertCoupon(ctx.db, { createdBy: teacher, code: 'LAST-ONE', maxUses: 1 });
    await orderWithCoupon(ctx.db, coupon, buyer.id, { paymentStatus: 'unpaid', expiresAt: new Date(Date.now() + 600_000) });
    expect((await apply(buyer, 'LAST-ONE')).json().coupon.problem).toBeNull();
    // An expired checkout of someone else holds nothing either.
    const someone = await createUser(ctx.db);
    await orderWithCoupon(ctx.db, coupon, someone.id, { paymentStatus: 'unpaid', expiresAt: new Date(Date.now() - 1000) });
    expect((await readCart(buyer)).coupon.problem).toBeNull();
  });

  it('takes the coupon off: list prices again, and removing twice is harmless', async () => {
    const { teacher, buyer } = await mixedCart();
    await insertCoupon(ctx.db, { createdBy: teacher, code: 'OFF20', discountValue: 20 });
    expect((await apply(buyer, 'OFF20')).json().discountCents).toBeGreaterThan(0);
    for (let attempt = 0; attempt < 2; attempt++) {
      const removed = await ctx.app.inject({ method: 'DELETE', url: '/api/cart/coupon', headers: as(buyer) });
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toMatchObject({ coupon: null, discountCents: 0, listTotalCents: 9549, totalCents: 9549 });
    }
    expect(await storedCode(buyer)).toBeNull();
  });

  it('shows the problem, and takes nothing off, when a kept coupon stops applying: it expired, or the cart changed', async () => {
    const { teacher, first, second, buyer } = await mixedCart();
    const coupon = await insertCoupon(ctx.db, { createdBy: teacher, code: 'SOON-OVER', discountValue: 30 });
    expect((await apply(buyer, 'SOON-OVER')).json().discountCents).toBeGreaterThan(0);

    await ctx.db.update(coupons).set({ endsAt: new Date(Date.now() - 1000) }).where(eq(coupons.id, coupon.id));
    const expired = await readCart(buyer);
    expect(expired.coupon).toEqual({ code: 'SOON-OVER', discountKind: 'percent', discountValue: 30, problem: 'COUPON_EXPIRED' });
    expect(expired).toMatchObject({ discountCents: 0, totalCents: 9549, listTotalCents: 9549 });
    expect(expired.items.every((item: { discountCents: number }) => item.discountCents === 0)).toBe(true);

    await ctx.db.update(coupons).set({ endsAt: null }).where(eq(coupons.id, coupon.id));
    expect((await readCart(buyer)).coupon.problem).toBeNull();
    // The teacher's courses leave the cart: the coupon covers nothing there now.
    for (const course of [first, second]) await ctx.app.inject({ method: 'DELETE', url: `/api/cart/${course.id}`, headers: as(buyer) });
    const changed = await readCart(buyer);
    expect(changed.coupon.problem).toBe('COUPON_NOT_APPLICABLE');
    expect(changed.discountCents).toBe(0);
    // A course the teacher gave away is no longer theirs to discount.
    await addToCart(ctx.app, buyer, first.id);
    await ctx.db.update(courses).set({ ownerId: await createTeacher(ctx.db) }).where(eq(courses.id, first.id));
    expect((await readCart(buyer)).coupon.problem).toBe('COUPON_NOT_APPLICABLE');
  });
});
