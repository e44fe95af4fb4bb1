import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signedInUser, type TestUser } from '../../../../test/helpers/auth';
import { addToCart, as, checkout } from '../../../../test/helpers/commerce';
import { cartItems, courses, enrollments, orderItems, orders, paymentEvents } from '../../db/schema';
import { limits } from '../../../shared/limits';
import { expireStaleOrders } from './fulfilment';
import { createCourse, createEnrollment, createTeacher } from '../../db/factories';

describe('checkout with the built-in test provider', () => {
  const ctx = useTestApp();

  const pathOf = (url: string) => {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  };

  const payPage = (url: string, card: { number: string; expiry: string; cvc: string }) =>
    ctx.app.inject({
      method: 'POST',
      url: pathOf(url),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
      payload: new URLSearchParams(card).toString(),
    });

  const futureExpiry = () => `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;
  const goodCard = () => ({ number: '4242 4242 4242 4242', expiry: futureExpiry(), cvc: '123' });

  async function buyerWithCart(prices: number[]) {
    const teacher = await createTeacher(ctx.db);
    const bought = [];
    for (const priceCents of prices) bought.push(await createCourse(ctx.db, { ownerId: teacher, priceCents }));
    const user = await signedInUser(ctx.app);
    for (const course of bought) await addToCart(ctx.app, user, course.id);
    return { user, courses: bought };
  }

  const myEnrolments = async (user: TestUser) => (await ctx.db.select().from(enrollments).where(eq(enrollments.userId, user.id))).map((row) => row.courseId).sort();

  it('prices the order from the database, whatever the browser sends, with an order_items snapshot', async () => {
    const { user, courses: bought } = await buyerWithCart([1999, 4550]);
    const result = await checkout(ctx.app, user, {
      amountTotal: 1,
      priceCents: 1,
      items: bought.map((course) => ({ courseId: course.id, priceCents: 1 })),
      products: [{ id: 1, name: 'x', quantity: 1, price: 0.01 }],
    });
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, result.orderId));
    expect(order).toMatchObject({ userId: user.id, amountTotal: 6549, currency: 'usd', paymentStatus: 'unpaid', provider: 'test' });
    expect(order!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
    const items = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, result.orderId));
    expect(items.map((item) => [item.courseId, item.priceCents, item.title]).sort()).toEqual(bought.map((course) => [course.id, course.priceCents, course.title]).sort());
    // The snapshot holds: a later price change does not touch the order.
    await ctx.db.update(courses).set({ priceCents: 1, title: 'Renamed' }).where(eq(courses.id, bought[0]!.id));
    const [snapshot] = await ctx.db.select().from(orderItems).where(eq(orderItems.courseId, bought[0]!.id));
    expect(snapshot).toMatchObject({ priceCents: 1999, title: bought[0]!.title });
    // Nothing was granted by creating the order.
    expect(await myEnrolments(user)).toEqual([]);
    expect(result.url).toMatch(new RegExp(`^${ctx.config.publicUrl}/test-checkout/cs_test_`));
  });

  it(`keeps at most ${limits.openCheckoutsPerUser} checkouts of a buyer open, even when they race: a new one lets the oldest expire`, async () => {
    const { user } = await buyerWithCart([1500]);
    for (let round = 0; round < 2; round++) {
      const attempts = await Promise.all(
        Array.from({ length: limits.openCheckoutsPerUser }, () => ctx.app.inject({ method: 'POST', url: '/api/checkout', headers: as(user), payload: {} })),
      );
      expect(attempts.map((response) => response.statusCode)).toEqual(attempts.map(() => 201));
    }
    const stored = await ctx.db.select().from(orders).where(eq(orders.userId, user.id)).orderBy(orders.createdAt);
    expect(stored).toHaveLength(2 * limits.openCheckoutsPerUser);
    expect(stored.filter((order) => order.paymentStatus === 'unpaid')).toHaveLength(limits.openCheckoutsPerUser);
    expect(stored.filter((order) => order.paymentStatus === 'expired')).toHaveLength(limits.openCheckoutsPerUser);
    // The newest stays payable.
    const newest = stored.at(-1)!;
    expect(newest.paymentStatus).toBe('unpaid');
  });

  it('refuses an empty cart (409 CART_EMPTY) and creates no order', async () => {
    const user = await signedInUser(ctx.app);
    const response = await ctx.app.inject({ method: 'POST', url: '/api/checkout', headers: as(user), payload: {} });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('CART_EMPTY');
    expect(await ctx.db.select().from(orders)).toEqual([]);
  });

  it('shows a hosted page clearly marked as test mode, with the order and a card form, and no script', async () => {
    const { user, courses: bought } = await buyerWithCart([1999, 4550]);
    const { url } = await checkout(ctx.app, user);
    const page = await ctx.app.inject({ url: pathOf(url), headers: { 'accept-language': 'en' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('TEST MODE');
    expect(page.body).toContain(bought[0]!.title);
    expect(page.body).toContain('$65.49 USD');
    expect(page.body).toMatch(/<label for="number">Card number<\/label>/);
    expect(page.body).not.toMatch(/<script/i);
    const spanish = await ctx.app.inject({ url: pathOf(url), headers: { 'accept-language': 'es-ES,es;q=0.9' } });
    expect(spanish.body).toContain('MODO DE PRUEBA');
    // The buyer's interface language, sent with the checkout, wins over the browser's.
    await addToCart(ctx.app, user, (await createCourse(ctx.db, { ownerId: await createTeacher(ctx.db) })).id);
    const inEnglish = await checkout(ctx.app, user, { locale: 'en' });
    expect(inEnglish.url).toMatch(/\?lang=en$/);
    expect((await ctx.app.inject({ url: pathOf(inEnglish.url), headers: { 'accept-language': 'es' } })).body).toContain('TEST MODE');
    expect((await ctx.app.inject({ url: '/test-checkout/cs_test_unknown' })).statusCode).toBe(404);
  });

  it('pays with 4242 4242 4242 4242: a signed webhook fulfils the order, enrols the buyer and empties those courses from the cart', async () => {
    const teacher = await createTeacher(ctx.db);
    const { user, courses: bought } = await buyerWithCart([1999, 4550]);
    const notBought = await createCourse(ctx.db, { ownerId: teacher });
    const { orderId, url } = await checkout(ctx.app, user);
    // Added after checking out: stays in the cart.
    await addToCart(ctx.app, user, notBought.id);

    const paid = await payPage(url, goodCard());
    expect(paid.statusCode).toBe(303);
    const sessionId = (await ctx.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.providerSessionId!;
    expect(paid.headers.location).toBe(`${ctx.config.publicUrl}/formpage/success?session_id=${sessionId}`);

    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ paymentStatus: 'paid', amountTotal: 6549 });
    expect(order!.paidAt).toBeInstanceOf(Date);
    expect(order!.providerPaymentId).toMatch(/^pi_test_/);
    expect(await myEnrolments(user)).toEqual(bought.map((course) => course.id).sort());
    expect((await ctx.db.select().from(paymentEvents)).map((event) => event.type)).toEqual(['checkout.session.completed']);
    expect((await ctx.db.select().from(cartItems).where(eq(cartItems.userId, user.id))).map((row) => row.courseId)).toEqual([notBought.id]);

    // The success page's confirmation finds it paid; the order history shows it.
    const confirm = await ctx.app.inject({ method: 'POST', url: '/api/orders/confirm', headers: as(user), payload: { sessionId } });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toMatchObject({ id: orderId, status: 'paid', amountTotal: 6549 });
    expect(confirm.json().items).toHaveLength(2);
    const history = await ctx.app.inject({ url: '/api/orders', headers: as(user) });
    expect(history.json().items).toEqual([confirm.json()]);

    // Paying the same session again takes nothing more.
    const again = await payPage(url, goodCard());
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('already paid');
    expect(again.body).not.toContain('<form');
    expect(await ctx.db.select().from(paymentEvents)).toHaveLength(1);
  });

  it('declines 4000 0000 0000 0002 with "Your card was declined": nothing granted, the cart intact, the order still payable', async () => {
    const { user, courses: bought } = await buyerWithCart([1999]);
    const { orderId, url } = await checkout(ctx.app, user);
    const declined = await payPage(url, { number: '4000 0000 0000 0002', expiry: futureExpiry(), cvc: '123' });
    expect(declined.statusCode).toBe(200);
    expect(declined.body).toContain('Your card was declined. Try another card.');
    expect(declined.body).toMatch(/role="alert"/);
    expect(declined.body).not.toContain('4000 0000 0000 0002"');
    expect((await ctx.db.select().from(orders).where(eq(orders.id, orderId)))[0]).toMatchObject({ paymentStatus: 'unpaid', providerPaymentId: null });
    expect(await myEnrolments(user)).toEqual([]);
    expect((await ctx.app.inject({ url: '/api/cart', headers: as(user) })).json().items.map((item: { courseId: number }) => item.courseId)).toEqual([bought[0]!.id]);
    // The cancel link of the page leads to the failed page.
    expect(declined.body).toContain(`href="${ctx.config.publicUrl}/formpage/failed"`);
    // Another card then pays.
    expect((await payPage(url, goodCard())).statusCode).toBe(303);
    expect(await myEnrolments(user)).toEqual([bought[0]!.id]);
  });

  it('checks the card: Luhn, expiry in the future, CVC; a valid non-test card is declined', async () => {
    const { user } = await buyerWithCart([1999]);
    const { orderId, url } = await checkout(ctx.app, user);
    const badNumber = await payPage(url, { ...goodCard(), number: '4242 4242 4242 4241' });
    expect(badNumber.body).toContain('The card number is not valid.');
    expect(badNumber.body).toMatch(/id="number"[^>]*aria-invalid="true"/);
    const past = await payPage(url, { ...goodCard(), expiry: '01/20' });
    expect(past.body).toContain('The card has expired.');
    const badCvc = await payPage(url, { ...goodCard(), cvc: '1' });
    expect(badCvc.body).toContain('The CVC has 3 or 4 digits.');
    const realCard = await payPage(url, { ...goodCard(), number: '4111 1111 1111 1111' });
    expect(realCard.body).toContain('Your card was declined: in test mode only test cards work.');
    expect((await ctx.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.paymentStatus).toBe('unpaid');
    expect(await myEnrolments(user)).toEqual([]);
  });

  it('expires unpaid orders: the sweep marks them, the hosted page refuses to take the card, nothing is granted', async () => {
    const { user } = await buyerWithCart([1999]);
    const { orderId, url } = await checkout(ctx.app, user);
    const fresh = await checkout(ctx.app, user);
    await ctx.db.update(orders).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(orders.id, orderId));
    // Before the sweep, it already counts as expired: the buyer's purchases leave it out, and keep the open one.
    expect((await ctx.app.inject({ url: '/api/orders', headers: as(user) })).json().items.map((order: { id: string; status: string }) => [order.id, order.status])).toEqual([[fresh.orderId, 'unpaid']]);
    expect(await expireStaleOrders(ctx.db)).toBe(1);
    const statuses = Object.fromEntries((await ctx.db.select().from(orders)).map((order) => [order.id, order.paymentStatus]));
    expect(statuses).toEqual({ [orderId]: 'expired', [fresh.orderId]: 'unpaid' });
    const page = await ctx.app.inject({ url: pathOf(url), headers: { 'accept-language': 'en' } });
    expect(page.body).toContain('This checkout session has expired.');
    expect(page.body).not.toContain('<form');
    const attempt = await payPage(url, goodCard());
    expect(attempt.body).toContain('This checkout session has expired.');
    expect(attempt.headers.location).toBeUndefined();
    expect(await myEnrolments(user)).toEqual([]);
    expect((await ctx.app.inject({ url: '/api/cart', headers: as(user) })).json().items).toHaveLength(1);
  });

  it("lists as the buyer's purchases only paid, refunded and still-open orders: an expired or declined checkout is no pending purchase", async () => {
    const { user } = await buyerWithCart([1999]);
    const opened: string[] = [];
    for (let index = 0; index < 5; index++) opened.push((await checkout(ctx.app, user)).orderId);
    const [paid, refunded, failed, expired, open] = opened as [string, string, string, string, string];
    await ctx.db.update(orders).set({ paymentStatus: 'paid', paidAt: new Date() }).where(eq(orders.id, paid));
    await ctx.db.update(orders).set({ paymentStatus: 'refunded', paidAt: new Date() }).where(eq(orders.id, refunded));
    await ctx.db.update(orders).set({ paymentStatus: 'failed' }).where(eq(orders.id, failed));
    // Past its expiry but not swept yet: still 'unpaid' in the table.
    await ctx.db.update(orders).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(orders.id, expired));

    const history = await ctx.app.inject({ url: '/api/orders', headers: as(user) });
    expect(history.statusCode).toBe(200);
    const listed = Object.fromEntries(history.json().items.map((order: { id: string; status: string }) => [order.id, order.status]));
    expect(listed).toEqual({ [paid]: 'paid', [refunded]: 'refunded', [open]: 'unpaid' });
  });

  it('grants from the success page when the webhook never arrived: the server asks the provider', async () => {
    const { user, courses: bought } = await buyerWithCart([2500]);
    const { orderId, url } = await checkout(ctx.app, user);
    const sessionId = (await ctx.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.providerSessionId!;
    // Before paying, confirming changes nothing.
    const early = await ctx.app.inject({ method: 'POST', url: '/api/orders/confirm', headers: as(user), payload: { sessionId } });
    expect(early.json().status).toBe('unpaid');
    expect(await myEnrolments(user)).toEqual([]);

    // The provider takes the payment, but its notification is lost on the way.
    await ctx.db.update(orders).set({ providerPaymentId: 'pi_test_lost_webhook' }).where(eq(orders.id, orderId));
    expect((await ctx.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.paymentStatus).toBe('unpaid');
    const confirm = await ctx.app.inject({ method: 'POST', url: '/api/orders/confirm', headers: as(user), payload: { sessionId } });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().status).toBe('paid');
    expect(await myEnrolments(user)).toEqual([bought[0]!.id]);
    expect(url).toContain(sessionId);
  });

  it('confirms only the caller\'s own orders', async () => {
    const { user } = await buyerWithCart([2500]);
    const { orderId } = await checkout(ctx.app, user);
    const sessionId = (await ctx.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.providerSessionId!;
    const stranger = await signedInUser(ctx.app);
    const response = await ctx.app.inject({ method: 'POST', url: '/api/orders/confirm', headers: as(stranger), payload: { sessionId } });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('ORDER_NOT_FOUND');
    expect((await ctx.app.inject({ url: '/api/orders', headers: as(stranger) })).json().items).toEqual([]);
  });

  it('completes a cart of free courses without the provider', async () => {
    const { user, courses: bought } = await buyerWithCart([0, 0]);
    const { orderId, url } = await checkout(ctx.app, user);
    expect(url).toBe(`${ctx.config.publicUrl}/formpage/success?session_id=free_${orderId}`);
    expect((await ctx.db.select().from(orders).where(eq(orders.id, orderId)))[0]).toMatchObject({ paymentStatus: 'paid', amountTotal: 0, provider: 'free' });
    expect(await myEnrolments(user)).toEqual(bought.map((course) => course.id).sort());
    const confirm = await ctx.app.inject({ method: 'POST', url: '/api/orders/confirm', headers: as(user), payload: { sessionId: `free_${orderId}` } });
    expect(confirm.json().status).toBe('paid');
    expect((await ctx.app.inject({ url: '/api/cart', headers: as(user) })).json().items).toEqual([]);
  });

  it('leaves out of the order a course that was bought elsewhere after it was put in the cart', async () => {
    const { user, courses: bought } = await buyerWithCart([1000, 2000]);
    await createEnrollment(ctx.db, { userId: user.id, courseId: bought[0]!.id });
    const { orderId } = await checkout(ctx.app, user);
    expect((await ctx.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.amountTotal).toBe(2000);
    expect((await ctx.db.select().from(orderItems)).map((item) => item.courseId)).toEqual([bought[1]!.id]);
  });
});
