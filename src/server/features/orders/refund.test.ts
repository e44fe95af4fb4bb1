import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useTestApp } from '../../../../test/helpers/app';
import { signedInUser, signedInAdmin, type TestUser } from '../../../../test/helpers/auth';
import { insertCourseWithVideos } from '../../../../test/helpers/videos';
import { createCourse, createOrder, createUser } from '../../db/factories';
import { auditLog, courses, invoices, orders } from '../../db/schema';
import { isEnrolled } from './enrollments';
import { issueInvoice } from '../invoices';
import { refundOrder, type RefundProvider } from './admin-orders';

/** A provider double that records what it was asked to refund, or fails like a provider outage. */
function fakeProvider({ fail = false } = {}) {
  const refunded: string[] = [];
  const provider: RefundProvider = {
    refund: async (order) => {
      if (fail) throw new Error('provider unavailable');
      refunded.push(order.id);
      return { refundId: `re_${order.id}` };
    },
  };
  return { provider, refunded };
}

describe('refunding an order', () => {
  const ctx = useTestApp();

  it('refunds through the provider, takes back the courses of that order only, and audits it', async () => {
    const admin = await createUser(ctx.db, { isAdmin: true });
    const buyer = await createUser(ctx.db);
    const first = await createCourse(ctx.db, { priceCents: 1500 });
    const second = await createCourse(ctx.db, { priceCents: 2500 });
    const kept = await createCourse(ctx.db, { priceCents: 900 });
    const { order } = await createOrder(ctx.db, { userId: buyer.id, items: [first, second] });
    await createOrder(ctx.db, { userId: buyer.id, items: [kept] });
    const { provider, refunded } = fakeProvider();

    const result = await refundOrder(ctx.db, admin.id, order.id, provider);

    expect(refunded).toEqual([order.id]);
    expect(result).toMatchObject({ id: order.id, paymentStatus: 'refunded', amountTotal: 4000 });
    expect(await isEnrolled(ctx.db, buyer.id, first.id)).toBe(false);
    expect(await isEnrolled(ctx.db, buyer.id, second.id)).toBe(false);
    expect(await isEnrolled(ctx.db, buyer.id, kept.id)).toBe(true);
    const [audit] = await ctx.db.select().from(auditLog);
    expect(audit).toMatchObject({
      actorId: admin.id,
      action: 'order.refund',
      targetType: 'order',
      targetId: order.id,
      before: { paymentStatus: 'paid', amountTotal: 4000 },
      after: { paymentStatus: 'refunded', revokedCourseIds: [first.id, second.id].sort((a, b) => a - b) },
    });
  });

  it('refuses an order that is not paid, without calling the provider', async () => {
    const admin = await createUser(ctx.db, { isAdmin: true });
    const buyer = await createUser(ctx.db);
    const course = await createCourse(ctx.db);
    const { order: unpaid } = await createOrder(ctx.db, { userId: buyer.id, items: [course], paymentStatus: 'unpaid' });
    const { order: paid } = await createOrder(ctx.db, { userId: buyer.id, items: [course] });
    const { provider, refunded } = fakeProvider();

    await expect(refundOrder(ctx.db, admin.id, unpaid.id, provider)).rejects.toMatchObject({ code: 'ORDER_NOT_REFUNDABLE' });
    await refundOrder(ctx.db, admin.id, paid.id, provider);
    // A second refund of the same order is refused too.
    await expect(refundOrder(ctx.db, admin.id, paid.id, provider)).rejects.toMatchObject({ code: 'ORDER_NOT_REFUNDABLE' });
    expect(refunded).toEqual([paid.id]);
    await expect(refundOrder(ctx.db, admin.id, '00000000-0000-4000-8000-000000000000', provider)).rejects.toMatchObject({ code: 'ORDER_NOT_FOUND' });
  });

  it('changes nothing when the provider fails', async () => {
    const admin = await createUser(ctx.db, { isAdmin: true });
    const buyer = await createUser(ctx.db);
    const course = await createCourse(ctx.db);
    const { order } = await createOrder(ctx.db, { userId: buyer.id, items: [course] });

    await expect(refundOrder(ctx.db, admin.id, order.id, fakeProvider({ fail: true }).provider)).rejects.toThrow('provider unavailable');

    const [stored] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored!.paymentStatus).toBe('paid');
    expect(await isEnrolled(ctx.db, buyer.id, course.id)).toBe(true);
    expect(await ctx.db.select().from(auditLog)).toEqual([]);
  });

  it('POST /api/admin/orders/:id/refund refunds through the configured provider; the buyer loses the main video at once', async () => {
    const admin = await signedInAdmin(ctx.app, ctx.db);
    const buyer = await signedInUser(ctx.app);
    const course = await createCourse(ctx.db);
    // Paid through the built-in test provider (the default when Stripe is not configured).
    const { order } = await createOrder(ctx.db, { userId: buyer.id, items: [course], provider: 'test' });
    const mainVideo = () => ctx.app.inject({ url: `/api/videos/courses/${course.id}/main`, headers: buyer.headers });
    expect((await mainVideo()).statusCode).toBe(200);

    const otherUser = await signedInUser(ctx.app);
    const refused = await ctx.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/refund`, headers: otherUser.headers });
    expect(refused.statusCode).toBe(403);
    expect((await mainVideo()).statusCode).toBe(200);

    const response = await ctx.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/refund`, headers: admin.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: order.id, paymentStatus: 'refunded', user: { id: buyer.id } });
    expect((await mainVideo()).statusCode).toBe(403);

    const again = await ctx.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/refund`, headers: admin.headers });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ORDER_NOT_REFUNDABLE');
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/admin/orders/not-a-uuid/refund', headers: { ...admin.headers, origin: TEST_ORIGIN } });
    expect(missing.statusCode).toBe(400);
  });

  it('ends a video link already handed out, and the refunded buyer’s review stops counting', async () => {
    const admin = await signedInAdmin(ctx.app, ctx.db);
    const buyer = await signedInUser(ctx.app);
    const keeper = await signedInUser(ctx.app);
    const owner = await createUser(ctx.db);
    const { course } = await insertCourseWithVideos(ctx.db, ctx.dataDir, owner.id);
    const { order } = await createOrder(ctx.db, { userId: buyer.id, items: [course], provider: 'test' });
    await createOrder(ctx.db, { userId: keeper.id, items: [course], provider: 'test' });
    const review = (user: TestUser, rating: number) =>
      ctx.app.inject({ method: 'POST', url: `/api/courses/${course.id}/reviews`, headers: user.headers, payload: { rating, comment: 'Lo vi entero' } });
    expect((await review(buyer, 1)).statusCode).toBeLessThan(300);
    expect((await review(keeper, 5)).statusCode).toBeLessThan(300);
    const { url } = (await ctx.app.inject({ url: `/api/videos/courses/${course.id}/main`, headers: buyer.headers })).json() as { url: string };
    expect((await ctx.app.inject({ url, headers: { range: 'bytes=0-99' } })).statusCode).toBe(206);
    const ratingOf = async () => (await ctx.db.select().from(courses).where(eq(courses.id, course.id)))[0]!;
    expect(await ratingOf()).toMatchObject({ ratingAverage: 3, ratingCount: 2 });

    const response = await ctx.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/refund`, headers: admin.headers });
    expect(response.statusCode).toBe(200);

    // The player already holds the link: its next range request is refused.
    expect((await ctx.app.inject({ url, headers: { range: 'bytes=100-199' } })).statusCode).toBe(403);
    expect(await ratingOf()).toMatchObject({ ratingAverage: 5, ratingCount: 1 });
    const listed = (await ctx.app.inject({ url: `/api/courses/${course.id}/reviews` })).json() as { items: { userId: string }[] };
    expect(listed.items.map((item) => item.userId)).toEqual([keeper.id]);
  });

  it('POST /api/admin/orders/:id/refund with courseIds refunds those lines only; the order stays paid and shows which lines were refunded', async () => {
    const admin = await signedInAdmin(ctx.app, ctx.db);
    const buyer = await signedInUser(ctx.app);
    const kept = await createCourse(ctx.db, { priceCents: 1500 });
    const refunded = await createCourse(ctx.db, { priceCents: 2500 });
    const { order } = await createOrder(ctx.db, { userId: buyer.id, items: [kept, refunded], provider: 'test' });
    const refund = (payload: object) => ctx.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/refund`, headers: admin.headers, payload });

    const response = await refund({ courseIds: [refunded.id] });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { paymentStatus: string; items: { courseId: number; refundedAt: string | null }[] };
    expect(body.paymentStatus).toBe('paid');
    expect(body.items.find((item) => item.courseId === refunded.id)!.refundedAt).toEqual(expect.any(String));
    expect(body.items.find((item) => item.courseId === kept.id)!.refundedAt).toBeNull();
    expect(await isEnrolled(ctx.db, buyer.id, kept.id)).toBe(true);
    expect(await isEnrolled(ctx.db, buyer.id, refunded.id)).toBe(false);

    expect((await refund({ courseIds: [refunded.id] })).json().error.code).toBe('ORDER_LINE_ALREADY_REFUNDED');
    const missing = await refund({ courseIds: [kept.id + refunded.id + 1000] });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('ORDER_LINE_NOT_FOUND');
    expect((await refund({ courseIds: [] })).statusCode).toBe(400);

    const rest = await refund({});
    expect(rest.json()).toMatchObject({ paymentStatus: 'refunded' });
    expect(await isEnrolled(ctx.db, buyer.id, kept.id)).toBe(false);
  });

  it('a refund of some lines issues their credit note, referencing the invoice; refunding the rest issues the note of the rest', async () => {
    const admin = await signedInAdmin(ctx.app, ctx.db);
    const buyer = await signedInUser(ctx.app);
    const kept = await createCourse(ctx.db, { priceCents: 1500, title: 'Curso que se queda' });
    const refunded = await createCourse(ctx.db, { priceCents: 2500, title: 'Curso reembolsado' });
    const { order } = await createOrder(ctx.db, { userId: buyer.id, items: [kept, refunded], provider: 'test' });
    const invoice = await issueInvoice(ctx.db, order.id);
    const refund = (payload: object) => ctx.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/refund`, headers: admin.headers, payload });
    const notes = async () =>
      (await ctx.db.select().from(invoices).where(eq(invoices.orderId, order.id)))
        .filter((row) => row.kind === 'credit_note')
        .sort((a, b) => a.number.localeCompare(b.number))
        .map((row) => ({ totalCents: row.totalCents, courseIds: (row.document as { lines: { courseId: number }[] }).lines.map((line) => line.courseId), corrects: (row.document as { corrects: { number: string } | null }).corrects?.number }));

    expect((await refund({ courseIds: [refunded.id] })).statusCode).toBe(200);
    expect(await notes()).toEqual([{ totalCents: 2500, courseIds: [refunded.id], corrects: invoice!.number }]);
    // The buyer's orders list it.
    const [listed] = (await ctx.app.inject({ url: '/api/orders', headers: buyer.headers })).json().items;
    expect(listed.creditNotes).toHaveLength(1);

    expect((await refund({})).json()).toMatchObject({ paymentStatus: 'refunded' });
    expect(await notes()).toEqual([
      { totalCents: 2500, courseIds: [refunded.id], corrects: invoice!.number },
      { totalCents: 1500, courseIds: [kept.id], corrects: invoice!.number },
    ]);
  });
});
