import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signedInUser, type TestUser } from '../../../../test/helpers/auth';
import { addToCart, as, checkout } from '../../../../test/helpers/commerce';
import { deliverSignedEvent, useStripeFake, type SignedEvent } from '../../../../test/helpers/stripe-fake';
import type { Database } from '../../db/client';
import { createCourse, createTeacher, insertCoupon } from '../../db/factories';
import { enrollments, jobs, orders } from '../../db/schema';
import { couponUseCounts } from '../coupons';
import { claimJob } from '../../queue/queue';
import { CHECKOUT_EXPIRY_QUEUE, enqueueSessionExpiry } from './abandoned-checkouts';
import { CHECKOUT_EXPIRY_JOB_NAME, sessionExpiryKey } from './checkout-expiry-job';
import { expireStaleOrders } from './fulfilment';

const SECRET_KEY = 'sk_test_marketplace_fake';
const WEBHOOK_SECRET = 'whsec_marketplace_fake_secret';

/**
 * Abandoned checkouts with Stripe, through the real `stripe` SDK against the local Stripe double:
 * the session of an order we gave up is expired at Stripe (`POST /v1/checkout/sessions/:id/expire`).
 */
describe('abandoned checkouts (Stripe, real SDK against a local Stripe double)', () => {
  const { fake, env } = useStripeFake(SECRET_KEY, WEBHOOK_SECRET);
  const ctx = useTestApp(env);

  const deliver = (event: SignedEvent) => deliverSignedEvent(ctx.app, event);
  const orderRow = async (orderId: string) => (await ctx.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
  const sessionOf = async (orderId: string) => (await orderRow(orderId)).providerSessionId!;
  const expiryJobs = () => ctx.db.select().from(jobs).where(eq(jobs.queue, CHECKOUT_EXPIRY_QUEUE));
  const expireRequests = (sessionId: string) => fake.requests.filter((request) => request.method === 'POST' && request.path === `/v1/checkout/sessions/${sessionId}/expire`);
  /** The expiry of abandoned sessions, as the background job runs it (joining a run a checkout started). */
  const runExpiries = () => ctx.app.backgroundJobs.find((job) => job.name === CHECKOUT_EXPIRY_JOB_NAME)!.run();
  /** Makes the expiry jobs due now, as if their back-off (or a dead worker's lease) had run out. */
  const makeDue = () => ctx.db.update(jobs).set({ runAt: sql`now() - interval '1 second'`, lockedUntil: sql`now() - interval '1 second'` }).where(eq(jobs.queue, CHECKOUT_EXPIRY_QUEUE));

  async function buyerWithCoupon(code: string) {
    const teacher = await createTeacher(ctx.db);
    const course = await createCourse(ctx.db, { ownerId: teacher, priceCents: 3000 });
    const coupon = await insertCoupon(ctx.db, { createdBy: teacher, code, maxUsesPerBuyer: 1 });
    const user: TestUser = await signedInUser(ctx.app);
    await addToCart(ctx.app, user, course.id);
    const applied = await ctx.app.inject({ method: 'PUT', url: '/api/cart/coupon', headers: as(user), payload: { code } });
    expect(applied.statusCode).toBe(200);
    return { user, course, coupon };
  }

  it('a new checkout expires the replaced session at Stripe, once per order’s idempotency key; the sweep expires a stale one there too', async () => {
    const { user } = await buyerWithCoupon('STRIPE-ONCE-A');
    const first = await checkout(ctx.app, user);
    const firstSession = await sessionOf(first.orderId);
    const second = await checkout(ctx.app, user);
    await runExpiries();

    expect(fake.session(firstSession)).toMatchObject({ status: 'expired', url: null });
    expect(expireRequests(firstSession).map((request) => request.idempotencyKey)).toEqual([sessionExpiryKey(first.orderId)]);
    expect((await orderRow(first.orderId)).paymentStatus).toBe('expired');
    expect(fake.session(await sessionOf(second.orderId)).status).toBe('open');
    expect(() => fake.pay(firstSession)).toThrow(/cannot be paid/);

    // The sweep's expiry reaches Stripe as well.
    await ctx.db.update(orders).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(orders.id, second.orderId));
    expect(await expireStaleOrders(ctx.db)).toBe(1);
    await runExpiries();
    expect(fake.session(await sessionOf(second.orderId)).status).toBe('expired');
    expect((await expiryJobs()).map((job) => job.state)).toEqual(['done', 'done']);
  });

  it('settles as paid, not expired, an abandoned order whose session Stripe says is complete; a once-per-buyer coupon is used once', async () => {
    const { user, course, coupon } = await buyerWithCoupon('STRIPE-ONCE-B');
    const first = await checkout(ctx.app, user);
    const firstSession = await sessionOf(first.orderId);
    // The buyer pays the first session; its webhook has not reached us yet.
    const lateEvent = fake.pay(firstSession);
    // Back on the cart in another tab, the buyer checks out again with the same coupon.
    const second = await checkout(ctx.app, user);
    await runExpiries();

    // Stripe refused to expire a complete session: the order is settled from it.
    expect(fake.session(firstSession).status).toBe('complete');
    expect(await orderRow(first.orderId)).toMatchObject({ paymentStatus: 'paid', couponId: coupon.id, providerPaymentId: fake.session(firstSession).payment_intent });
    expect(await ctx.db.select({ courseId: enrollments.courseId }).from(enrollments).where(eq(enrollments.userId, user.id))).toEqual([{ courseId: course.id }]);
    expect((await expiryJobs()).map((job) => job.state)).toEqual(['done']);

    // The second session is paid as well: accepted at its price, past the buyer's single use.
    expect((await deliver(fake.pay(await sessionOf(second.orderId)))).json().outcome).toBe('fulfilled');
    expect(await orderRow(second.orderId)).toMatchObject({ paymentStatus: 'paid', amountTotal: 1500, couponId: null, couponCode: null });
    expect((await couponUseCounts(ctx.db, [coupon.id])).get(coupon.id)).toEqual({ uses: 1, heldUses: 0 });
    // The first payment's webhook, late, changes nothing.
    expect((await deliver(lateEvent)).json().outcome).toBe('already-settled');
  });

  it('a Stripe failure while expiring does not block the new checkout; the expiry is retried', async () => {
    const { user } = await buyerWithCoupon('STRIPE-ONCE-C');
    const first = await checkout(ctx.app, user);
    const firstSession = await sessionOf(first.orderId);
    // Only the expiry endpoint is down (every retry of the SDK too).
    fake.failNextMatching = { path: /\/expire$/, count: 1000 };
    const second = await ctx.app.inject({ method: 'POST', url: '/api/checkout', headers: as(user), payload: {} });
    expect(second.statusCode).toBe(201);
    await runExpiries();
    const [failed] = await expiryJobs();
    expect(failed).toMatchObject({ state: 'queued', attempts: 1, payload: { orderId: first.orderId } });
    expect(failed!.lastError).toContain('payment provider');
    expect(fake.session(firstSession).status).toBe('open');
    expect((await orderRow(first.orderId)).paymentStatus).toBe('expired');

    // Stripe is back; once the back-off is over the job runs again and the session is expired.
    fake.failNextMatching = null;
    await makeDue();
    await runExpiries();
    expect(fake.session(firstSession).status).toBe('expired');
    expect(await expiryJobs()).toMatchObject([{ state: 'done', attempts: 2 }]);
  });

  it('a crash between the two writes leaves a consistent state: after our mark, or after Stripe’s expiry, the next run finishes it once', async () => {
    const { user } = await buyerWithCoupon('STRIPE-ONCE-D');
    const { orderId } = await checkout(ctx.app, user);
    const sessionId = await sessionOf(orderId);
    // What an abandoning checkout commits, and then the process dies before the provider hears of it.
    await ctx.db.transaction(async (tx) => {
      await tx.update(orders).set({ paymentStatus: 'expired' }).where(eq(orders.id, orderId));
      await enqueueSessionExpiry(tx as unknown as Database, [orderId]);
    });
    expect(fake.session(sessionId).status).toBe('open');
    // A worker takes the job and expires the session at Stripe, then dies before recording it.
    const claimed = await claimJob(ctx.db, CHECKOUT_EXPIRY_QUEUE, 'worker-that-dies');
    expect(claimed).toMatchObject({ payload: { orderId }, attempts: 1 });
    await ctx.app.payments.expireSession(sessionId, sessionExpiryKey(orderId));
    expect(fake.session(sessionId).status).toBe('expired');
    // Its lease runs out: the next run does it again, with the same key, and settles the same way.
    await makeDue();
    await runExpiries();
    expect(expireRequests(sessionId).map((request) => request.idempotencyKey)).toEqual([sessionExpiryKey(orderId), sessionExpiryKey(orderId)]);
    expect(await expiryJobs()).toMatchObject([{ state: 'done', attempts: 2 }]);
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: 'expired', paidAt: null });
    expect(fake.session(sessionId).status).toBe('expired');
  });
});
