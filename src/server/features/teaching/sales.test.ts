import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signedInAdmin, signedInUser } from '../../../../test/helpers/auth';
import { as } from '../../../../test/helpers/commerce';
import { createCourse, createOrder, createPricedOrder, createTeacher, createUser, insertCoupon } from '../../db/factories';
import { reviews } from '../../db/schema';

describe("a teacher's sales", () => {
  const ctx = useTestApp();

  it('counts paid orders only (a refunded one counts nowhere), per course and in total, with ratings and 30 days of revenue', async () => {
    const teacher = await signedInUser(ctx.app);
    const first = await createCourse(ctx.db, { ownerId: teacher.id, priceCents: 1000 });
    const second = await createCourse(ctx.db, { ownerId: teacher.id, priceCents: 2500 });
    const elsewhere = await createCourse(ctx.db, { ownerId: await createTeacher(ctx.db), priceCents: 900 });
    const buyer = await createUser(ctx.db);
    const refundedBuyer = await createUser(ctx.db);
    const now = new Date();
    await createOrder(ctx.db, { userId: buyer.id, paymentStatus: 'paid', paidAt: now, items: [first, second, elsewhere] });
    await createOrder(ctx.db, { userId: refundedBuyer.id, paymentStatus: 'refunded', paidAt: now, items: [first] });
    await ctx.db.insert(reviews).values({ courseId: first.id, userId: buyer.id, rating: 4, comment: 'Muy bueno' });

    const response = await ctx.app.inject({ url: '/api/teaching/sales', headers: as(teacher) });
    expect(response.statusCode).toBe(200);
    const sales = response.json();
    expect(sales.courses).toEqual([
      { id: second.id, title: second.title, revenueCents: 2500, sales: 1, couponSales: 0, referralSales: 0, students: 1, ratings: [0, 0, 0, 0, 0] },
      { id: first.id, title: first.title, revenueCents: 1000, sales: 1, couponSales: 0, referralSales: 0, students: 1, ratings: [0, 0, 0, 1, 0] },
    ]);
    expect(sales.totals).toEqual({ revenueCents: 3500, sales: 2, students: 2 });
    expect(sales.daily).toHaveLength(30);
    expect(sales.daily.at(-1)).toEqual({ date: now.toISOString().slice(0, 10), revenueCents: 3500 });
    expect(sales.daily.slice(0, -1).every((day: { revenueCents: number }) => day.revenueCents === 0)).toBe(true);

    const admin = await signedInAdmin(ctx.app);
    const asAdmin = await ctx.app.inject({ url: `/api/admin/users/${teacher.id}/sales`, headers: as(admin) });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toEqual(sales);
    const unknown = await ctx.app.inject({ url: `/api/admin/users/${randomUUID()}/sales`, headers: as(admin) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('USER_NOT_FOUND');
    const someoneElse = await signedInUser(ctx.app);
    expect((await ctx.app.inject({ url: `/api/admin/users/${teacher.id}/sales`, headers: as(someoneElse) })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/teaching/sales', headers: as(someoneElse) })).json().courses).toEqual([]);
  });

  it('counts per course the sales a coupon discounted and those the teacher brought, with revenue at what was paid', async () => {
    const teacher = await signedInUser(ctx.app);
    const course = await createCourse(ctx.db, { ownerId: teacher.id, priceCents: 2000 });
    const other = await createCourse(ctx.db, { ownerId: teacher.id, priceCents: 1000 });
    const coupon = await insertCoupon(ctx.db, { code: `Mitad${randomUUID().slice(0, 6)}`, createdBy: teacher.id, discountKind: 'percent', discountValue: 50 });
    const buyers = await Promise.all([0, 1, 2].map(() => createUser(ctx.db)));
    // A coupon sale the teacher brought (their own coupon), a referral sale at list price, and a plain one.
    await createPricedOrder(ctx.db, { userId: buyers[0]!.id, courses: [course, other], coupon, discounted: [course], referred: [course] });
    await createPricedOrder(ctx.db, { userId: buyers[1]!.id, courses: [course], referred: [course] });
    await createPricedOrder(ctx.db, { userId: buyers[2]!.id, courses: [course] });

    const sales = (await ctx.app.inject({ url: '/api/teaching/sales', headers: as(teacher) })).json();
    expect(sales.courses).toMatchObject([
      { id: other.id, revenueCents: 1000, sales: 1, couponSales: 0, referralSales: 0 },
      { id: course.id, revenueCents: 1000 + 2000 + 2000, sales: 3, couponSales: 1, referralSales: 2 },
    ]);
    expect(sales.totals).toMatchObject({ revenueCents: 6000, sales: 4 });
  });
  it('leaves out a course refunded alone from a two-course order, as earnings, the dashboard and the purchases do', async () => {
    const teacher = await signedInUser(ctx.app);
    const kept = await createCourse(ctx.db, { ownerId: teacher.id, priceCents: 1000 });
    const refunded = await createCourse(ctx.db, { ownerId: teacher.id, priceCents: 2500 });
    const buyer = await signedInUser(ctx.app);
    const admin = await signedInAdmin(ctx.app);
    const { order } = await createOrder(ctx.db, { userId: buyer.id, items: [kept, refunded], provider: 'test' });
    const refund = await ctx.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/refund`, headers: admin.headers, payload: { courseIds: [refunded.id] } });
    expect(refund.statusCode).toBe(200);
    expect(refund.json()).toMatchObject({ paymentStatus: 'paid', status: 'partly_refunded' });

    const sales = (await ctx.app.inject({ url: '/api/teaching/sales', headers: as(teacher) })).json();
    expect(sales.totals).toEqual({ revenueCents: 1000, sales: 1, students: 1 });
    expect(sales.courses.find((course: { id: number }) => course.id === refunded.id)).toMatchObject({ revenueCents: 0, sales: 0, students: 0 });
    const earnings = (await ctx.app.inject({ url: '/api/payouts/earnings', headers: as(teacher) })).json();
    expect(earnings.sales.map((sale: { courseId: number; state: string }) => [sale.courseId, sale.state === 'refunded'])).toEqual(
      expect.arrayContaining([
        [kept.id, false],
        [refunded.id, true],
      ]),
    );
    const dashboard = (await ctx.app.inject({ url: '/api/admin/dashboard', headers: as(admin) })).json();
    expect(dashboard).toMatchObject({ revenueCents: 1000, paidOrders: 1 });
    const purchases = (await ctx.app.inject({ url: '/api/orders', headers: as(buyer) })).json();
    expect(purchases.items).toMatchObject([{ id: order.id, status: 'partly_refunded' }]);
  });
});
