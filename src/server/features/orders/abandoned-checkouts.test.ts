import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signedInUser, type TestUser } from '../../../../test/helpers/auth';
import { addToCart, as, checkout } from '../../../../test/helpers/commerce';
import { createCourse, createTeacher, insertCoupon } from '../../db/factories';
import { auditLog, enrollments, invoices, jobs, ledgerEntries, orderItems, orders, testProviderRecords } from '../../db/schema';
import { type CouponRecord, couponUseCounts } from '../coupons';
import type { TestProvider } from '../../payments/test-provider';
import { CHECKOUT_EXPIRY_QUEUE } from './abandoned-checkouts';
import { CHECKOUT_EXPIRY_JOB_NAME } from './checkout-expiry-job';
import { fulfilOrder } from './fulfilment';

/**
 * Abandoned checkouts with the built-in test provider, which behaves as Stripe does: a session
 * stays payable until its time runs out or it is expired at the provider, whatever the order's
 * status says in our database.
 */
describe('abandoned checkouts (built-in test provider)', () => {
  const ctx = useTestApp();

  const provider = () => ctx.app.payments as TestProvider;
  const pathOf = (url: string) => new URL(url).pathname;
  const futureExpiry = () => `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;
  const payPage = (url: string) =>
    ctx.app.inject({
      method: 'POST',
      url: pathOf(url),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
      payload: new URLSearchParams({ number: '4242 4242 4242 4242', expiry: futureExpiry(), cvc: '123' }).toString(),
    });
  const orderRow = async (orderId: string) => (await ctx.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
  const useCounts = async (coupon: CouponRecord) => (await couponUseCounts(ctx.db, [coupon.id])).get(coupon.id);
  /** The expiry of abandoned sessions, as the background job runs it (joining a run a checkout started). */
  const runExpiries = () => ctx.app.backgroundJobs.find((job) => job.name === CHECKOUT_EXPIRY_JOB_NAME)!.run();
  const applyCoupon = async (user: TestUser, code: string) => {
    const response = await ctx.app.inject({ method: 'PUT', url: '/api/cart/coupon', headers: as(user), payload: { code } });
    expect(response.statusCode).toBe(200);
  };

  async function buyerWithCart(priceCents = 3000) {
    const teacher = await createTeacher(ctx.db);
    const course = await createCourse(ctx.db, { ownerId: teacher, priceCents });
    const user = await signedInUser(ctx.app);
    await addToCart(ctx.app, user, course.id);
    return { teacher, user, course };
  }

  it('keeps a session payable until it is expired at the provider, whatever the order says (as Stripe does); then the hosted page refuses it', async () => {
    const { user } = await buyerWithCart();
    const { orderId, url } = await checkout(ctx.app, user);
    const sessionId = (await orderRow(orderId)).providerSessionId!;
    // Our database gave the order up, the provider has not heard yet: its page still takes a card.
    await ctx.db.update(orders).set({ paymentStatus: 'expired' }).where(eq(orders.id, orderId));
    const open = await ctx.app.inject({ url: pathOf(url), headers: { 'accept-language': 'en' } });
    expect(open.body).toContain('<form');
    expect((await provider().retrieveSession(sessionId)).status).toBe('open');

    const expired = await provider().expireSession(sessionId, `expire-${orderId}`);
    expect(expired).toMatchObject({ id: sessionId, orderId, status: 'expired', paymentStatus: 'unpaid', url: null });
    // Expiring it again changes nothing and answers the same.
    expect(await provider().expireSession(sessionId, `expire-${orderId}`)).toMatchObject({ status: 'expired' });
    const page = await ctx.app.inject({ url: pathOf(url), headers: { 'accept-language': 'en' } });
    expect(page.body).toContain('This checkout session has expired.');
    expect(page.body).not.toContain('<form');
    const attempt = await payPage(url);
    expect(attempt.body).toContain('This checkout session has expired.');
    expect(attempt.headers.location).toBeUndefined();
    expect((await orderRow(orderId)).providerPaymentId).toBeNull();
  });

  it('a new checkout expires the replaced order’s session at the provider (a job committed with the order’s expiry)', async () => {
    const { teacher, user } = await buyerWithCart();
    const coupon = await insertCoupon(ctx.db, { createdBy: teacher, code: 'ONCE-A', maxUsesPerBuyer: 1 });
    await applyCoupon(user, coupon.code);
    const first = await checkout(ctx.app, user);
    const firstSession = (await orderRow(first.orderId)).providerSessionId!;
    const second = await checkout(ctx.app, user);
    await runExpiries();

    expect((await orderRow(first.orderId)).paymentStatus).toBe('expired');
    const [job] = await ctx.db.select().from(jobs).where(eq(jobs.queue, CHECKOUT_EXPIRY_QUEUE));
    expect(job).toMatchObject({ payload: { orderId: first.orderId }, state: 'done' });
    const [record] = await ctx.db.select().from(testProviderRecords).where(eq(testProviderRecords.id, `expired:${firstSession}`));
    expect(record?.data).toMatchObject({ sessionId: firstSession, idempotencyKey: `expire-${first.orderId}` });
    expect((await payPage(first.url)).body).toContain('This checkout session has expired.');
    // The new checkout is untouched, and payable.
    expect((await provider().retrieveSession((await orderRow(second.orderId)).providerSessionId!)).status).toBe('open');
    expect((await payPage(second.url)).statusCode).toBe(303);
    expect(await orderRow(second.orderId)).toMatchObject({ paymentStatus: 'paid', couponId: coupon.id });
  });

  it('accepts a late payment of an abandoned order (enrolled, invoiced, in the ledger) without using a once-per-buyer coupon twice', async () => {
    const { teacher, user, course } = await buyerWithCart(3000);
    const coupon = await insertCoupon(ctx.db, { createdBy: teacher, code: 'ONCE-B', maxUsesPerBuyer: 1 });
    await applyCoupon(user, coupon.code);
    const abandoned = await checkout(ctx.app, user);
    // The window between our database giving the order up and the provider hearing of it.
    await ctx.db.update(orders).set({ paymentStatus: 'expired' }).where(eq(orders.id, abandoned.orderId));
    const current = await checkout(ctx.app, user);
    expect((await payPage(current.url)).statusCode).toBe(303);
    expect(await orderRow(current.orderId)).toMatchObject({ paymentStatus: 'paid', couponId: coupon.id, couponCode: 'ONCE-B', amountTotal: 1500 });

    // The old session was still open at the provider: the buyer pays it too, and the money is real.
    expect((await payPage(abandoned.url)).statusCode).toBe(303);
    const late = await orderRow(abandoned.orderId);
    expect(late).toMatchObject({ paymentStatus: 'paid', amountTotal: 1500, couponId: null, couponCode: null });
    expect(late.providerPaymentId).toMatch(/^pi_test_/);
    // The price stays as charged: the line keeps its discount.
    const [line] = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, abandoned.orderId));
    expect(line).toMatchObject({ listPriceCents: 3000, discountCents: 1500, priceCents: 1500 });
    // The coupon's cap holds: one use, the buyer's single one.
    expect(await useCounts(coupon)).toEqual({ uses: 1, heldUses: 0 });
    const [audit] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'coupon.overCap'));
    expect(audit).toMatchObject({ actorId: null, targetType: 'coupon', targetId: String(coupon.id), after: { orderId: abandoned.orderId, code: 'ONCE-B', buyerId: user.id } });
    // A sale like any other: an invoice, the ledger's sale, the buyer enrolled.
    expect(await ctx.db.select({ kind: invoices.kind }).from(invoices).where(eq(invoices.orderId, abandoned.orderId))).toEqual([{ kind: 'invoice' }]);
    expect((await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, abandoned.orderId))).length).toBeGreaterThan(0);
    expect(await ctx.db.select({ courseId: enrollments.courseId }).from(enrollments).where(eq(enrollments.userId, user.id))).toEqual([{ courseId: course.id }]);

    // What the buyer sees: two paid orders, the late one with its discount and no coupon code.
    const mine = (await ctx.app.inject({ url: '/api/orders', headers: as(user) })).json().items as { id: string; status: string; couponCode: string | null; amountTotal: number; items: { discountCents: number }[] }[];
    expect(mine.map((order) => [order.id, order.status, order.couponCode, order.amountTotal, order.items[0]!.discountCents]).sort()).toEqual(
      [
        [current.orderId, 'paid', 'ONCE-B', 1500, 1500],
        [abandoned.orderId, 'paid', null, 1500, 1500],
      ].sort(),
    );
  });

  it('a late payment never takes a coupon past its total uses: another buyer’s open checkout keeps the use it holds', async () => {
    const teacher = await createTeacher(ctx.db);
    const course = await createCourse(ctx.db, { ownerId: teacher, priceCents: 3000 });
    const coupon = await insertCoupon(ctx.db, { createdBy: teacher, code: 'LAST-ONE', maxUses: 1 });
    const early = await signedInUser(ctx.app);
    await addToCart(ctx.app, early, course.id);
    await applyCoupon(early, coupon.code);
    const abandoned = await checkout(ctx.app, early);
    // Given up (its time ran out in our database) before the provider heard; the use it held is free again…
    await ctx.db.update(orders).set({ paymentStatus: 'expired' }).where(eq(orders.id, abandoned.orderId));
    const other = await signedInUser(ctx.app);
    await addToCart(ctx.app, other, course.id);
    await applyCoupon(other, coupon.code);
    // …and another buyer's checkout holds it now.
    const holder = await checkout(ctx.app, other);
    expect(await useCounts(coupon)).toEqual({ uses: 0, heldUses: 1 });

    // The first buyer's payment still arrives: accepted at its price, but not as one of the coupon's uses.
    expect((await fulfilOrder(ctx.db, abandoned.orderId)).fulfilled).toBe(true);
    expect(await orderRow(abandoned.orderId)).toMatchObject({ paymentStatus: 'paid', amountTotal: 1500, couponId: null });
    expect((await fulfilOrder(ctx.db, holder.orderId)).fulfilled).toBe(true);
    expect(await orderRow(holder.orderId)).toMatchObject({ paymentStatus: 'paid', couponId: coupon.id });
    expect(await useCounts(coupon)).toEqual({ uses: 1, heldUses: 0 });
    expect(await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'coupon.overCap'), eq(auditLog.targetId, String(coupon.id))))).toHaveLength(1);
  });
});
