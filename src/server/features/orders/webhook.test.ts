import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signedInUser } from '../../../../test/helpers/auth';
import { addToCart, as, checkout } from '../../../../test/helpers/commerce';
import { cartItems, enrollments, orders, paymentEvents } from '../../db/schema';
import { signStripePayload } from '../../payments/stripe-events';
import { createCourse, createTeacher } from '../../db/factories';

const SECRET = 'whsec_test_provider_secret_for_tests';

describe('payment webhook', () => {
  const ctx = useTestApp({ PAYMENT_WEBHOOK_SECRET: SECRET });

  /** A user with two courses in the cart and an open checkout for them. */
  async function openOrder() {
    const teacher = await createTeacher(ctx.db);
    const first = await createCourse(ctx.db, { ownerId: teacher, priceCents: 1999 });
    const second = await createCourse(ctx.db, { ownerId: teacher, priceCents: 4550 });
    const user = await signedInUser(ctx.app);
    await addToCart(ctx.app, user, first.id);
    await addToCart(ctx.app, user, second.id);
    const { orderId } = await checkout(ctx.app, user);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    return { user, order: order!, courseIds: [first.id, second.id].sort() };
  }

  type SessionFields = Record<string, unknown>;

  /** A checkout.session event in Stripe's format. */
  function event(type: string, order: { id: string; providerSessionId: string | null; amountTotal: number }, fields: SessionFields = {}, id = `evt_${randomBytes(8).toString('hex')}`) {
    const paid = type === 'checkout.session.completed' || type === 'checkout.session.async_payment_succeeded';
    return JSON.stringify({
      id,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: {
        object: {
          id: order.providerSessionId,
          object: 'checkout.session',
          mode: 'payment',
          status: type === 'checkout.session.expired' ? 'expired' : paid ? 'complete' : 'open',
          payment_status: paid ? 'paid' : 'unpaid',
          amount_total: order.amountTotal,
          currency: 'usd',
          client_reference_id: order.id,
          metadata: { orderId: order.id },
          payment_intent: paid ? 'pi_test_from_event' : null,
          ...fields,
        },
      },
    });
  }

  const deliver = (body: string, signature: string | null = signStripePayload(body, SECRET)) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'stripe-signature': signature }) },
      payload: body,
    });

  const enrolled = async (userId: string) => (await ctx.db.select().from(enrollments).where(eq(enrollments.userId, userId))).map((row) => row.courseId).sort();
  const statusOf = async (orderId: string) => (await ctx.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.paymentStatus;

  it('fulfils on a verified checkout.session.completed', async () => {
    const { user, order, courseIds } = await openOrder();
    const response = await deliver(event('checkout.session.completed', order));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'fulfilled' });
    expect(await statusOf(order.id)).toBe('paid');
    expect(await enrolled(user.id)).toEqual(courseIds);
    expect(await ctx.db.select().from(cartItems).where(eq(cartItems.userId, user.id))).toEqual([]);
    expect((await ctx.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.providerPaymentId).toBe('pi_test_from_event');
  });

  it('answers 400 to a forged, tampered, missing or stale signature and changes nothing', async () => {
    const { user, order } = await openOrder();
    const body = event('checkout.session.completed', order);
    const attempts = [
      deliver(body, signStripePayload(body, 'whsec_someone_else_secret')),
      deliver(body.replace('"amount_total":6549', '"amount_total":6548'), signStripePayload(body, SECRET)),
      deliver(body, null),
      deliver(body, 't=1700000000,v1=00'),
      deliver(body, 'garbage'),
      deliver(body, signStripePayload(body, SECRET, Math.floor(Date.now() / 1000) - 10 * 60)),
    ];
    for (const [index, response] of (await Promise.all(attempts)).entries()) {
      expect(response.statusCode, `attempt ${index}`).toBe(400);
      expect(response.json().error.code).toBe('INVALID_SIGNATURE');
    }
    expect(await statusOf(order.id)).toBe('unpaid');
    expect(await enrolled(user.id)).toEqual([]);
    expect(await ctx.db.select().from(paymentEvents)).toEqual([]);
    expect(await ctx.db.select().from(cartItems).where(eq(cartItems.userId, user.id))).toHaveLength(2);
  });

  it('handles the same event delivered twice only once', async () => {
    const { user, order, courseIds } = await openOrder();
    const body = event('checkout.session.completed', order);
    expect((await deliver(body)).json().outcome).toBe('fulfilled');
    const [first] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
    const replay = await deliver(body);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().outcome).toBe('duplicate');
    expect(await enrolled(user.id)).toEqual(courseIds);
    expect(await ctx.db.select().from(paymentEvents)).toHaveLength(1);
    expect((await ctx.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.paidAt).toEqual(first!.paidAt);
  });

  it('grants exactly one set of enrolments for 20 concurrent deliveries of one event', async () => {
    const { user, order, courseIds } = await openOrder();
    const body = event('checkout.session.completed', order);
    const responses = await Promise.all(Array.from({ length: 20 }, () => deliver(body)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    const outcomes = responses.map((response) => response.json().outcome);
    expect(outcomes.filter((outcome) => outcome === 'fulfilled')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(19);
    expect(await enrolled(user.id)).toEqual(courseIds);
    expect(await ctx.db.select().from(enrollments)).toHaveLength(2);
    expect(await ctx.db.select().from(paymentEvents)).toHaveLength(1);
  });

  it('fulfils once under 20 concurrent different events for one session (completed and async_payment_succeeded)', async () => {
    const { user, order, courseIds } = await openOrder();
    const bodies = Array.from({ length: 20 }, (_, index) => event(index % 2 ? 'checkout.session.async_payment_succeeded' : 'checkout.session.completed', order));
    const responses = await Promise.all(bodies.map((body) => deliver(body)));
    const outcomes = responses.map((response) => response.json().outcome);
    expect(outcomes.filter((outcome) => outcome === 'fulfilled')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'already-settled')).toHaveLength(19);
    expect(await enrolled(user.id)).toEqual(courseIds);
    expect(await ctx.db.select().from(enrollments)).toHaveLength(2);
    expect(await ctx.db.select().from(paymentEvents)).toHaveLength(20);
  });

  it('keeps a paid order paid when an expired event arrives late (out of order)', async () => {
    const { user, order, courseIds } = await openOrder();
    await deliver(event('checkout.session.completed', order));
    expect((await deliver(event('checkout.session.expired', order))).json().outcome).toBe('already-settled');
    expect(await statusOf(order.id)).toBe('paid');
    expect(await enrolled(user.id)).toEqual(courseIds);
  });

  it('still grants a payment confirmed after the order had expired: the money was taken', async () => {
    const { user, order, courseIds } = await openOrder();
    expect((await deliver(event('checkout.session.expired', order))).json().outcome).toBe('expired');
    expect(await statusOf(order.id)).toBe('expired');
    expect(await enrolled(user.id)).toEqual([]);
    expect((await deliver(event('checkout.session.completed', order))).json().outcome).toBe('fulfilled');
    expect(await statusOf(order.id)).toBe('paid');
    expect(await enrolled(user.id)).toEqual(courseIds);
  });

  it('waits for async payments: completed-but-unpaid grants nothing, async_payment_succeeded grants, async_payment_failed closes', async () => {
    const pending = await openOrder();
    const unpaid = event('checkout.session.completed', pending.order, { payment_status: 'unpaid', payment_intent: null });
    expect((await deliver(unpaid)).json().outcome).toBe('not-paid');
    expect(await enrolled(pending.user.id)).toEqual([]);
    expect((await deliver(event('checkout.session.async_payment_succeeded', pending.order))).json().outcome).toBe('fulfilled');
    expect(await enrolled(pending.user.id)).toEqual(pending.courseIds);

    const failing = await openOrder();
    expect((await deliver(event('checkout.session.async_payment_failed', failing.order))).json().outcome).toBe('failed');
    expect(await statusOf(failing.order.id)).toBe('failed');
    expect(await enrolled(failing.user.id)).toEqual([]);
    expect((await ctx.app.inject({ url: '/api/cart', headers: as(failing.user) })).json().items).toHaveLength(2);
  });

  it('never grants on a payment of another amount or currency, or for a session that is not the order\'s', async () => {
    const { user, order } = await openOrder();
    expect((await deliver(event('checkout.session.completed', order, { amount_total: 1 }))).json().outcome).toBe('ignored');
    expect((await deliver(event('checkout.session.completed', order, { currency: 'eur' }))).json().outcome).toBe('ignored');
    expect((await deliver(event('checkout.session.completed', order, { id: 'cs_test_another_session' }))).json().outcome).toBe('ignored');
    expect((await deliver(event('checkout.session.completed', order, { client_reference_id: 'not-a-uuid', metadata: {} }))).json().outcome).toBe('ignored');
    expect(await statusOf(order.id)).toBe('unpaid');
    expect(await enrolled(user.id)).toEqual([]);
  });

  it('acknowledges events it does not act on', async () => {
    const { order } = await openOrder();
    const response = await deliver(JSON.stringify({ id: 'evt_other', object: 'event', type: 'customer.created', data: { object: { id: 'cus_1', object: 'customer' } } }));
    expect(response.statusCode).toBe(200);
    expect(response.json().outcome).toBe('ignored');
    expect(await statusOf(order.id)).toBe('unpaid');
  });

  it('refuses a signed body that is not an event', async () => {
    const response = await deliver('{"hello":"world"}');
    expect(response.statusCode).toBe(400);
    const notJson = await deliver('not json at all');
    expect(notJson.statusCode).toBe(400);
  });
});
