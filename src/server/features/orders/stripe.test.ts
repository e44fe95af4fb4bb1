import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signedInUser } from '../../../../test/helpers/auth';
import { addToCart, as, checkout } from '../../../../test/helpers/commerce';
import { StripeFake, deliverSignedEvent, useStripeFake, type SignedEvent } from '../../../../test/helpers/stripe-fake';
import { enrollments, orders, paymentEvents } from '../../db/schema';
import { revokeOrder } from './fulfilment';
import { createCourse, createTeacher } from '../../db/factories';

const SECRET_KEY = 'sk_test_marketplace_fake';
const WEBHOOK_SECRET = 'whsec_marketplace_fake_secret';

/**
 * The Stripe provider, with the real `stripe` SDK talking HTTP to a local server that
 * speaks the slice of Stripe's API we use and sends Stripe-signed events.
 */
describe('Stripe provider (real SDK against a local Stripe double)', () => {
  const { fake, env } = useStripeFake(SECRET_KEY, WEBHOOK_SECRET);
  const ctx = useTestApp(env);

  const deliver = (event: SignedEvent) => deliverSignedEvent(ctx.app, event);

  async function openCheckout() {
    const teacher = await createTeacher(ctx.db);
    const first = await createCourse(ctx.db, { ownerId: teacher, title: 'Python desde cero', priceCents: 1999, imageUrl: 'https://images.example.com/course.png' });
    const second = await createCourse(ctx.db, { ownerId: teacher, title: 'React avanzado', priceCents: 4550, imageUrl: 'http://insecure.example.com/x.png' });
    const user = await signedInUser(ctx.app);
    await addToCart(ctx.app, user, first.id);
    await addToCart(ctx.app, user, second.id);
    const result = await checkout(ctx.app, user, { amountTotal: 1, locale: 'en' });
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, result.orderId));
    return { user, order: order!, url: result.url, courses: [first, second] };
  }

  it('uses Stripe when its keys are set', () => {
    expect(ctx.app.payments.name).toBe('stripe');
  });

  it('creates a Checkout Session with one line item per course, priced from the database, and the return URLs', async () => {
    const { order, url, courses } = await openCheckout();
    expect(order.provider).toBe('stripe');
    const session = fake.session(order.providerSessionId!);
    expect(url).toBe(session.url);
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: 6549,
      currency: 'usd',
      client_reference_id: order.id,
      metadata: { orderId: order.id },
      success_url: `${ctx.config.publicUrl}/formpage/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${ctx.config.publicUrl}/formpage/failed`,
    });
    expect(session.customer_email).toMatch(/@example\.com$/);
    expect(session.expires_at).toBe(Math.floor(order.expiresAt.getTime() / 1000));
    expect(fake.lineItems.get(session.id)).toEqual([
      { name: courses[0]!.title, unitAmount: 1999, quantity: 1, currency: 'usd' },
      { name: courses[1]!.title, unitAmount: 4550, quantity: 1, currency: 'usd' },
    ]);
    const create = fake.requests.find((request) => request.path === '/v1/checkout/sessions')!;
    expect(create.idempotencyKey).toBe(`checkout-${order.id}`);
    expect(create.body.locale).toBe('en');
    // Only https images go to Stripe.
    const lineItems = create.body.line_items as { price_data: { product_data: { images?: string[] } } }[];
    expect(lineItems[0]!.price_data.product_data.images).toEqual(['https://images.example.com/course.png']);
    expect(lineItems[1]!.price_data.product_data.images).toBeUndefined();
  });

  it('fulfils from the signed checkout.session.completed event, once, and refunds through Stripe', async () => {
    const { user, order, courses } = await openCheckout();
    const paid = fake.pay(order.providerSessionId!);
    const first = await deliver(paid);
    expect(first.statusCode).toBe(200);
    expect(first.json().outcome).toBe('fulfilled');
    expect((await deliver(paid)).json().outcome).toBe('duplicate');
    const [after] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after).toMatchObject({ paymentStatus: 'paid', providerPaymentId: fake.session(order.providerSessionId!).payment_intent });
    const granted = await ctx.db.select().from(enrollments).where(eq(enrollments.userId, user.id));
    expect(granted.map((row) => row.courseId).sort()).toEqual(courses.map((course) => course.id).sort());
    expect((await ctx.app.inject({ url: '/api/cart', headers: as(user) })).json().items).toEqual([]);

    // The admin's refund action: the provider refunds, then the order's courses are revoked.
    const refund = await ctx.app.payments.refund(after!);
    expect(refund.refundId).toMatch(/^re_/);
    expect(fake.refunds).toMatchObject([{ payment_intent: after!.providerPaymentId, amount: 6549 }]);
    expect(await revokeOrder(ctx.db, order.id)).toEqual({ revoked: true, courseIds: expect.arrayContaining(courses.map((course) => course.id)) });
    expect(await revokeOrder(ctx.db, order.id)).toEqual({ revoked: false, courseIds: [] });
    expect(await ctx.db.select().from(enrollments).where(eq(enrollments.userId, user.id))).toEqual([]);
    // A replay of the old payment event does not grant the refunded courses again.
    expect((await deliver(fake.event('checkout.session.completed', order.providerSessionId!))).json().outcome).toBe('already-settled');
    expect(await ctx.db.select().from(enrollments).where(eq(enrollments.userId, user.id))).toEqual([]);
  });

  it('revokes the order when its charge is refunded at Stripe (a dashboard refund too); a partial refund keeps access', async () => {
    const { user, order } = await openCheckout();
    expect((await deliver(fake.pay(order.providerSessionId!))).json().outcome).toBe('fulfilled');
    const sessionId = order.providerSessionId!;

    const partial = await deliver(fake.refundCharge(sessionId, 100));
    expect(partial.json().outcome).toBe('ignored');
    expect(await ctx.db.select().from(enrollments).where(eq(enrollments.userId, user.id))).toHaveLength(2);

    const full = fake.refundCharge(sessionId);
    expect((await deliver(full)).json().outcome).toBe('refunded');
    expect((await ctx.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.paymentStatus).toBe('refunded');
    expect(await ctx.db.select().from(enrollments).where(eq(enrollments.userId, user.id))).toEqual([]);
    expect((await deliver(full)).json().outcome).toBe('duplicate');
    expect((await deliver(fake.refundCharge(sessionId))).json().outcome).toBe('already-settled');
  });

  it('refuses an event signed with another secret, or too old, and changes nothing', async () => {
    const { user, order } = await openCheckout();
    const paid = fake.pay(order.providerSessionId!);
    const forged = new StripeFake({ secretKey: SECRET_KEY, webhookSecret: 'whsec_attacker' });
    forged.sessions.set(order.providerSessionId!, fake.session(order.providerSessionId!));
    for (const event of [forged.event('checkout.session.completed', order.providerSessionId!), { ...paid, signature: fake.event('checkout.session.completed', order.providerSessionId!, Math.floor(Date.now() / 1000) - 3600).signature }]) {
      const response = await deliver(event);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('INVALID_SIGNATURE');
    }
    expect((await ctx.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.paymentStatus).toBe('unpaid');
    expect(await ctx.db.select().from(enrollments).where(eq(enrollments.userId, user.id))).toEqual([]);
    expect(await ctx.db.select().from(paymentEvents)).toEqual([]);
  });

  it('grants from the success page by retrieving the session from Stripe when no webhook came', async () => {
    const { user, order, courses } = await openCheckout();
    const sessionId = order.providerSessionId!;
    const confirm = () => ctx.app.inject({ method: 'POST', url: '/api/orders/confirm', headers: as(user), payload: { sessionId } });
    expect((await confirm()).json().status).toBe('unpaid');
    fake.pay(sessionId); // paid at Stripe; the event is never delivered
    const response = await confirm();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'paid', amountTotal: 6549 });
    expect(fake.requests.filter((request) => request.method === 'GET' && request.path === `/v1/checkout/sessions/${sessionId}`)).toHaveLength(2);
    const granted = await ctx.db.select().from(enrollments).where(eq(enrollments.userId, user.id));
    expect(granted).toHaveLength(courses.length);
    // Once paid, the page no longer needs to ask Stripe.
    await confirm();
    expect(fake.requests.filter((request) => request.method === 'GET')).toHaveLength(2);
  });

  it('expires the order on checkout.session.expired', async () => {
    const { user, order } = await openCheckout();
    const response = await deliver(fake.expire(order.providerSessionId!));
    expect(response.json().outcome).toBe('expired');
    expect((await ctx.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.paymentStatus).toBe('expired');
    expect((await ctx.app.inject({ url: '/api/cart', headers: as(user) })).json().items).toHaveLength(2);
  });

  it('answers 502 when Stripe is down, keeps the cart, and marks the unopened order failed', async () => {
    const teacher = await createTeacher(ctx.db);
    const course = await createCourse(ctx.db, { ownerId: teacher });
    const user = await signedInUser(ctx.app);
    await addToCart(ctx.app, user, course.id);
    fake.failNext = 10;
    const response = await ctx.app.inject({ method: 'POST', url: '/api/checkout', headers: as(user), payload: {} });
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toEqual({ code: 'PAYMENT_PROVIDER_ERROR', message: 'The payment provider did not answer, try again shortly' });
    expect((await ctx.db.select().from(orders)).map((row) => row.paymentStatus)).toEqual(['failed']);
    expect((await ctx.app.inject({ url: '/api/cart', headers: as(user) })).json().items).toHaveLength(1);
  });
});
